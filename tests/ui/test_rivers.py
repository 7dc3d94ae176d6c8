"""Rivers widen toward the sea: width from each river hexside's distance to a mouth (issue 15 §1)."""

from __future__ import annotations

import math

import pygame

from malaya.engine.board import Board, Hexside, Terrain
from malaya.engine.hexgrid import ODD_Q, Edge, edge, from_offset
from malaya.render import palette as pal
from malaya.render.camera import Camera
from malaya.render.geometry import hex_to_pixel, hexside_lattice, lattice_to_pixel
from malaya.render.map_painter import MapRenderer
from malaya.render.rivers import MOUTH_FACTOR, SOURCE_FACTOR, distance_to_mouth, river_widths, width_factor

CENTRE = from_offset(4, 4)
SEA_DIRECTION = 5


def _side(d: int) -> Edge:
    """The hexside of the centre hex toward direction ``d``."""
    return edge(CENTRE, CENTRE.neighbor(d))


def _board(with_sea: bool = True) -> Board:
    """Land all round, one sea hex next to the centre (direction 5) and a river on the centre's sides 1–4."""
    terrain = {from_offset(c, r): Terrain.CLEAR for c in range(9) for r in range(9)}
    if with_sea:
        terrain[CENTRE.neighbor(SEA_DIRECTION)] = Terrain.SEA
    sides = {_side(d): Hexside.RIVER_MAJOR for d in (1, 2, 3, 4)}
    return Board(name="river", columns=9, rows=9, stagger=ODD_Q, terrain=terrain, connections={},
                 hexsides=sides, places=())


def test_distance_to_the_mouth_counts_hexsides_along_the_river() -> None:
    # given a river round the centre hex whose side 4 ends at the sea hex
    board = _board()
    ends = {e: _ends(e) for e in board.hexsides}
    # when distances to the mouth are computed, then they count up from the sea
    distance = distance_to_mouth(board, ends)
    assert [distance[_side(d)] for d in (4, 3, 2, 1)] == [0, 1, 2, 3]


def test_a_river_is_widest_at_its_mouth_and_narrows_upstream() -> None:
    widths = river_widths(_board())
    order = [widths[_side(d)] for d in (4, 3, 2, 1)]
    assert order == sorted(order, reverse=True) and order[0] == MOUTH_FACTOR and order[0] > order[-1]


def test_a_river_that_never_reaches_the_sea_keeps_its_upstream_width() -> None:
    widths = river_widths(_board(with_sea=False))
    assert set(widths.values()) == {SOURCE_FACTOR} == {width_factor(None)}


def test_the_drawn_river_is_wider_at_the_mouth(display: pygame.Surface) -> None:
    # given the board drawn at the nearest zoom around the centre hex
    board = _board()
    renderer = MapRenderer(board, grid=False)
    cam = Camera(renderer.index.bounds, 400, 400, zoom=2.0)
    cam.center_on(*hex_to_pixel(CENTRE))
    target = pygame.Surface((400, 400)).convert()
    renderer.draw(target, cam)
    # then the river at the mouth (side 4) is drawn thicker than upstream (side 1)
    assert _thickness(target, cam, 4) > _thickness(target, cam, 1)


def _ends(e: Edge) -> tuple[tuple[int, int], tuple[int, int]]:
    """Corner lattice points of a hexside of the centre hex."""
    a, b = e
    other = b if a == CENTRE else a
    d = CENTRE.direction_to(other)
    assert d is not None
    return hexside_lattice(CENTRE, d)


def _thickness(target: pygame.Surface, cam: Camera, d: int) -> int:
    """River-coloured pixels on the line from the centre hex's centre out through the middle of side ``d``."""
    (ax, ay), (bx, by) = (lattice_to_pixel(p) for p in hexside_lattice(CENTRE, d))
    cx, cy = hex_to_pixel(CENTRE)
    mx, my = (ax + bx) / 2, (ay + by) / 2
    count = 0
    for k in range(-40, 41):
        t = 1 + k / 80
        sx, sy = cam.world_to_screen(cx + (mx - cx) * t, cy + (my - cy) * t)
        count += tuple(target.get_at((math.floor(sx), math.floor(sy))))[:3] == pal.RIVER
    return count


