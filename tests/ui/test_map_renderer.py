"""The Tactical Map renderer draws terrain, connections and caches chunks."""

from __future__ import annotations

import pygame
import pytest

from malaya.engine.board import Board, Terrain
from malaya.engine.hexgrid import Hex
from malaya.render import palette as pal
from malaya.render.camera import Camera
from malaya.render.geometry import hex_height, hex_to_pixel
from malaya.render.map_painter import MapRenderer
from tests.ui.fake_board import CLEAR_HEX, ROAD_A, ROAD_B

SIZE = (800, 600)


def _draw_centred_on(board: Board, h: Hex, zoom: float = 1.0, grid: bool = True) -> tuple[pygame.Surface, Camera]:
    """Render the board with hex ``h`` at the screen centre."""
    renderer = MapRenderer(board, grid=grid)
    cam = Camera(renderer.index.bounds, *SIZE, zoom=zoom)
    cam.center_on(*hex_to_pixel(h))
    target = pygame.Surface(SIZE).convert()
    renderer.draw(target, cam)
    return target, cam


def _screen(cam: Camera, h: Hex) -> tuple[int, int]:
    """Screen pixel of a hex centre, rounded as the renderer rounds it."""
    wx, wy = hex_to_pixel(h)
    ox, oy = cam.origin_px()
    return round(wx * cam.zoom) - ox, round(wy * cam.zoom) - oy


def _distance(a: tuple[int, ...], b: tuple[int, ...]) -> int:
    """Largest channel difference between two colours."""
    return max(abs(x - y) for x, y in zip(a, b, strict=False))


def test_a_clear_hex_centre_shows_the_clear_terrain_colour(display: pygame.Surface, board: Board) -> None:
    # given the synthetic board centred on a plain clear hex
    target, cam = _draw_centred_on(board, CLEAR_HEX)
    # when the pixel at the hex centre is read
    colour = target.get_at(_screen(cam, CLEAR_HEX))[:3]
    # then it is the clear terrain colour, give or take the texture's grain (issue 15 §1)
    assert _distance(colour, pal.TERRAIN_COLORS[Terrain.CLEAR]) <= 20


def _median(colours: list[tuple[int, int, int]]) -> tuple[int, int, int]:
    """Per-channel median colour (the ground, not the sparse pattern drawn over it)."""
    r, g, b = (sorted(c[k] for c in colours)[len(colours) // 2] for k in range(3))
    return r, g, b


@pytest.mark.parametrize("terrain", [t for t in Terrain if t is not Terrain.CLEAR])
def test_each_terrain_hex_reads_as_its_terrain_colour(display: pygame.Surface, board: Board,
                                                       terrain: Terrain) -> None:
    # given a hex of the terrain with no features on it
    h = next(h for h, t in sorted(board.terrain.items()) if t is terrain and not board.places_at(h)
             and all(board.hexside(h, n) is None and not board.connected(h, n) for n in h.neighbors()))
    target, cam = _draw_centred_on(board, h, zoom=1.5)
    # when the pixels well inside the hex are read
    cx, cy = _screen(cam, h)
    r = int(hex_height() * 1.5 / 2 * 0.7)
    ground = _median([tuple(target.get_at((x, y))[:3]) for x in range(cx - r, cx + r) for y in range(cy - r, cy + r)])
    # then, textured as it is, the hex is nearer its own terrain colour than any other terrain's
    nearest = min(Terrain, key=lambda t: sum((a - b) ** 2 for a, b in zip(ground, pal.TERRAIN_COLORS[t], strict=True)))
    assert nearest is terrain
    # and the terrains told apart by texture are textured, not flat fills
    if terrain in (Terrain.JUNGLE, Terrain.PLANTATION, Terrain.SWAMP, Terrain.MOUNTAIN):
        assert len({tuple(target.get_at((x, cy))[:3]) for x in range(cx - r, cx + r)}) > 3


def test_a_road_is_drawn_between_connected_hex_centres(display: pygame.Surface, board: Board) -> None:
    # given two hexes joined by a road
    target, cam = _draw_centred_on(board, ROAD_A)
    (ax, ay), (bx, by) = _screen(cam, ROAD_A), _screen(cam, ROAD_B)
    # when a pixel a third of the way from one centre to the other is read
    probe = (round(ax + (bx - ax) / 3), round(ay + (by - ay) / 3))
    # then it is road-coloured
    assert target.get_at(probe)[:3] == pal.ROAD


@pytest.mark.slow
def test_toggling_the_grid_changes_hexside_pixels(display: pygame.Surface, board: Board) -> None:
    # given the same view with and without the grid
    with_grid, cam = _draw_centred_on(board, CLEAR_HEX, grid=True)
    without, _ = _draw_centred_on(board, CLEAR_HEX, grid=False)
    # when the pixel at the clear hex's north corner-to-corner side is compared
    cx, cy = _screen(cam, CLEAR_HEX)
    top = (cx, cy - round(hex_height() / 2))
    # then the grid shows only in the first
    assert with_grid.get_at(top)[:3] == pal.GRID
    assert without.get_at(top)[:3] != pal.GRID


@pytest.mark.slow
def test_chunks_are_cached_and_the_cache_is_bounded(display: pygame.Surface, board: Board) -> None:
    # given a renderer with room for the chunks of one view
    renderer = MapRenderer(board)
    cam = Camera(renderer.index.bounds, *SIZE, zoom=1.0)
    cam.center_on(*hex_to_pixel(CLEAR_HEX))
    target = pygame.Surface(SIZE).convert()
    renderer.max_chunks = len(renderer.visible_chunks(cam))
    # when the same view is drawn twice, then nothing is rendered the second time
    renderer.draw(target, cam)
    first = renderer.chunks_rendered
    renderer.draw(target, cam)
    assert renderer.chunks_rendered == first
    # and when the view moves far away, then the cache stays within its bound
    cam.pan(0, 3000)
    renderer.draw(target, cam)
    assert renderer.chunks_rendered == 2 * first
    assert renderer.cached_chunks <= max(renderer.max_chunks, len(renderer.visible_chunks(cam)))


@pytest.mark.slow
def test_prefetch_renders_chunks_around_the_view_ahead_of_need(display: pygame.Surface, board: Board) -> None:
    # given a renderer that has drawn one view
    renderer = MapRenderer(board)
    cam = Camera(renderer.index.bounds, *SIZE, zoom=1.0)
    cam.center_on(*hex_to_pixel(CLEAR_HEX))
    renderer.draw(pygame.Surface(SIZE).convert(), cam)
    # when prefetching with a generous budget
    done = renderer.prefetch(cam, budget_s=5.0)
    # then the neighbouring chunks were rendered, and a second prefetch finds nothing to do
    assert done > 0
    assert renderer.prefetch(cam, budget_s=5.0) == 0


@pytest.mark.slow
def test_zooming_back_to_a_visited_level_renders_nothing(display: pygame.Surface, board: Board) -> None:
    """Given a view drawn at every zoom level in turn, when the first level is shown again, then its chunks
    are still cached (issue 15 §1: no hitch on a revisit), even after panning has filled the cache."""
    from malaya.render.camera import ZOOM_LEVELS

    renderer = MapRenderer(board)
    cam = Camera(renderer.index.bounds, *SIZE, zoom=ZOOM_LEVELS[0])
    target = pygame.Surface(SIZE).convert()
    for zoom in (*ZOOM_LEVELS, ZOOM_LEVELS[-1]):
        cam.set_zoom(zoom)
        cam.center_on(*hex_to_pixel(CLEAR_HEX))
        renderer.draw(target, cam)
    renderer.max_chunks = renderer.cached_chunks  # room for exactly the views seen
    assert renderer.prefetch(cam, budget_s=5.0) > 0  # more chunks than the bound: some must go
    # when the first zoom level is shown again at the same place
    before = renderer.chunks_rendered
    cam.set_zoom(ZOOM_LEVELS[0])
    cam.center_on(*hex_to_pixel(CLEAR_HEX))
    renderer.draw(target, cam)
    # then no chunk had to be drawn again
    assert renderer.chunks_rendered == before


@pytest.mark.slow
def test_a_first_visit_to_a_zoom_level_shows_the_previous_level_scaled_until_drawn(display: pygame.Surface,
                                                                                   board: Board) -> None:
    """Issue 15 §1: no hitch on a first zoom visit: nothing is rendered within a zero budget, yet the screen
    shows the map (the cached level scaled), and the missing chunks are drawn over the next frames."""
    renderer = MapRenderer(board)
    cam = Camera(renderer.index.bounds, *SIZE, zoom=1.0)
    cam.center_on(*hex_to_pixel(CLEAR_HEX))
    target = pygame.Surface(SIZE).convert()
    renderer.draw(target, cam)
    # when the view zooms in one level and is drawn with no time to render
    cam.set_zoom(1.25)
    before = renderer.chunks_rendered
    renderer.draw(target, cam, budget_s=0.0)
    # then no chunk was rendered, some are missing, and the centre shows the clear hex, not the off-map colour
    assert renderer.chunks_rendered == before and renderer.missing > 0
    centre = target.get_at((SIZE[0] // 2, SIZE[1] // 2))[:3]
    assert _distance(centre, pal.OFF_MAP) > 20
    # and when frames with time to spare follow, then the view is complete and equals a full render
    for _ in range(200):
        renderer.draw(target, cam, budget_s=0.005)
        if renderer.missing == 0:
            break
    renderer.draw(target, cam, budget_s=0.005)
    assert renderer.missing == 0
    cam_full = Camera(renderer.index.bounds, *SIZE, zoom=1.0)
    cam_full.center_on(*hex_to_pixel(CLEAR_HEX))
    cam_full.set_zoom(1.25)
    fresh = MapRenderer(board)
    expected = pygame.Surface(SIZE).convert()
    fresh.draw(expected, cam_full)
    assert pygame.image.tobytes(target, "RGB") == pygame.image.tobytes(expected, "RGB")


@pytest.mark.slow
def test_idle_prefetch_readies_the_next_zoom_levels(display: pygame.Surface, board: Board) -> None:
    # given a view drawn at zoom 1.0 and idle time to prefetch
    renderer = MapRenderer(board)
    cam = Camera(renderer.index.bounds, *SIZE, zoom=1.0)
    cam.center_on(*hex_to_pixel(CLEAR_HEX))
    target = pygame.Surface(SIZE).convert()
    renderer.draw(target, cam)
    while renderer.prefetch(cam, budget_s=5.0):
        pass
    # when the view zooms in one level, then its chunks are all cached already
    before = renderer.chunks_rendered
    cam.set_zoom(1.25)
    renderer.draw(target, cam)
    assert renderer.chunks_rendered == before


def test_toggling_the_grid_shows_the_map_at_once_while_the_new_chunks_are_drawn(display: pygame.Surface,
                                                                              board: Board) -> None:
    # given a drawn view
    renderer = MapRenderer(board)
    cam = Camera(renderer.index.bounds, *SIZE, zoom=1.0)
    cam.center_on(*hex_to_pixel(CLEAR_HEX))
    target = pygame.Surface(SIZE).convert()
    renderer.draw(target, cam)
    # when the grid is toggled and the next frame has no time to render
    renderer.toggle_grid()
    renderer.draw(target, cam, budget_s=0.0)
    # then the chunks drawn with the grid stand in: the centre shows the map, not the off-map colour
    assert renderer.missing > 0
    assert _distance(target.get_at((SIZE[0] // 2, SIZE[1] // 2))[:3], pal.OFF_MAP) > 20


@pytest.mark.slow
def test_prefetch_of_other_zoom_levels_stops_when_the_cache_is_full(display: pygame.Surface, board: Board) -> None:
    """Given a cache with room for little more than the view, idle prefetch ends (the screen can sleep)
    instead of evicting chunks to draw neighbouring zoom levels over and over."""
    renderer = MapRenderer(board)
    cam = Camera(renderer.index.bounds, *SIZE, zoom=1.0)
    cam.center_on(*hex_to_pixel(CLEAR_HEX))
    renderer.max_chunks = len(renderer.visible_chunks(cam, margin=1)) + 2
    renderer.draw(pygame.Surface(SIZE).convert(), cam)
    # when prefetching repeatedly, then it soon has nothing left to do
    rounds = 0
    while renderer.prefetch(cam, budget_s=5.0) and rounds < 10:
        rounds += 1
    assert rounds < 10 and renderer.prefetch(cam, budget_s=5.0) == 0
