"""The Tactical Map renderer: the static map pre-rendered in cached chunks per zoom.

The map never changes during a game, so it is drawn once per zoom level into
``CHUNK``-pixel square surfaces, lazily, kept in an LRU cache bounded by
``max_chunks``. A frame only blits the visible chunks; dynamic overlays (counters,
highlights) are drawn on top by the caller. Chunks around the view can be rendered
ahead of need with :meth:`MapRenderer.prefetch` in spare frame time.

The chunks last seen at each zoom level are *pinned*: eviction takes unpinned chunks
first, so zooming back to a level already visited blits cached chunks (no hitch).

The first visit to a zoom level costs no hitch either when :meth:`MapRenderer.draw` is
given a time budget (the game window does): it renders the missing chunks nearest the
centre first until the budget is spent, and shows the nearest cached zoom level, scaled,
where chunks are still missing (:mod:`malaya.render.map_backdrop`); later frames and
:meth:`MapRenderer.prefetch` finish the rest. In idle time prefetch also readies the
neighbouring zoom levels (their textures, then their chunks around the view).
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict
from collections.abc import Iterator

import pygame

from malaya.engine import Board, Terrain
from malaya.render import palette as pal
from malaya.render.camera import Camera, step_zoom
from malaya.render.geometry import HEX_SIZE, hex_to_pixel, hexes_in_rect
from malaya.render.map_backdrop import draw_backdrop, nearest_source
from malaya.render.map_draw import (
    Canvas,
    draw_coasts,
    draw_connections,
    draw_grid,
    draw_hexsides,
    draw_sea_hexes,
    draw_terrain,
)
from malaya.render.map_index import MapIndex
from malaya.render.places import draw_place, symbol_extent
from malaya.render.shore import draw_shore
from malaya.render.terrain_art import VARIANTS, stamp
from malaya.render.terrain_textures import scaled_tile

CHUNK = 256
FRAME_BUDGET_S = 0.004
"""How long the game window's frame may spend rendering missing chunks (the rest wait for later frames)."""
ChunkKey = tuple[float, bool, int, int]  # zoom, grid, chunk column, chunk row
_DONE = object()
"""What a chunk's layer iterator gives once its last layer is drawn."""


class MapRenderer:
    """Draws a Board at any camera position and zoom; see module docstring."""

    def __init__(self, board: Board, *, grid: bool = True, max_chunks: int = 640, progressive: bool = False) -> None:
        self.index = MapIndex.build(board)
        self.frame_budget_s = FRAME_BUDGET_S if progressive else None
        """How long :meth:`draw` may render missing chunks by default (None: all of them, at once)."""
        self.grid = grid
        self.max_chunks = max_chunks
        self._chunks: OrderedDict[ChunkKey, pygame.Surface] = OrderedDict()
        self._pinned: dict[tuple[float, bool], frozenset[ChunkKey]] = {}
        self._warm: set[float] = set()
        self._pending: dict[ChunkKey, tuple[pygame.Surface, Iterator[None]]] = {}
        """Chunks being drawn a layer per step (see :meth:`_render_within`)."""
        self.chunks_rendered = 0
        self.missing = 0
        """Chunks of the last drawn view still to render (shown from another zoom level meanwhile)."""

    @property
    def board(self) -> Board:
        """The board being drawn."""
        return self.index.board

    @property
    def cached_chunks(self) -> int:
        """How many chunk surfaces are cached."""
        return len(self._chunks)

    def toggle_grid(self) -> None:
        """Show or hide the hex grid (chunks of each state are cached separately)."""
        self.grid = not self.grid

    def draw(self, target: pygame.Surface, camera: Camera, budget_s: float | None = None) -> None:
        """Blit the visible part of the map onto ``target``.

        Missing chunks are rendered now (no budget: ``budget_s`` and ``frame_budget_s`` None), or for at
        most about the budget, nearest the centre first, with the nearest cached zoom level scaled in their place.
        """
        budget_s = self.frame_budget_s if budget_s is None else budget_s
        if not self._chunks:
            budget_s = None  # the very first view has nothing to stand in for it: draw it whole
        target.fill(pal.OFF_MAP)
        ox, oy = camera.origin_px()
        zoom = camera.zoom
        visible = self.visible_chunks(camera)
        missing = [c for c in visible if self._key(zoom, *c) not in self._chunks]
        if budget_s is not None and missing:
            self._render_within(zoom, self._by_distance(camera, missing), budget_s)
            missing = [c for c in missing if self._key(zoom, *c) not in self._chunks]
            source = nearest_source(self._chunks, zoom, self.grid) if missing else None
            if source is not None:
                draw_backdrop(target, self._chunks, source, zoom, (ox, oy), CHUNK)
            visible = [c for c in visible if c not in missing]
        self.missing = len(missing) if budget_s is not None else 0
        for cx, cy in visible:
            surf = self.chunk(zoom, cx, cy)
            target.blit(surf, (cx * CHUNK - ox, cy * CHUNK - oy))
        shown = frozenset(self._key(zoom, c, r) for c, r in visible)
        self._pinned[(round(zoom, 4), self.grid)] = shown
        self._trim(shown)

    def _render_within(self, zoom: float, chunks: list[tuple[int, int]], budget_s: float) -> int:
        """Ready ``zoom``'s textures, then render missing ``chunks`` in order, a layer at a time, for ``budget_s``.

        Returns the steps taken (0: nothing left to do). A chunk left half-drawn is finished by a later call.
        """
        deadline = time.perf_counter() + budget_s
        steps = 0
        for _terrain in self._warm_steps(zoom):
            steps += 1
            if time.perf_counter() >= deadline:
                return steps
        for cx, cy in chunks:
            key = self._key(zoom, cx, cy)
            while key not in self._chunks:
                if time.perf_counter() >= deadline:
                    return max(steps, 1)  # work is left: never report "nothing left to do"
                self._step(key)
                steps += 1
        return steps

    def _step(self, key: ChunkKey) -> None:
        """Draw the next layer of the chunk ``key`` (cached once its last layer is drawn)."""
        pending = self._pending.get(key)
        if pending is None:
            surf = _new_surface()
            pending = self._pending[key] = (surf, self._layers(surf, key[0], key[2], key[3]))
        if next(pending[1], _DONE) is _DONE:
            del self._pending[key]
            self._chunks[key] = pending[0]

    def _warm_steps(self, zoom: float) -> Iterator[Terrain]:
        """Scale ``zoom``'s terrain tiles and patterns one terrain per step (each a few ms at most)."""
        if round(zoom, 4) in self._warm:
            return
        for terrain in Terrain:
            scaled_tile(terrain, round(zoom, 4))
            for variant in range(VARIANTS):
                stamp(terrain, HEX_SIZE * zoom, variant)
            yield terrain
        self._warm.add(round(zoom, 4))

    def _by_distance(self, camera: Camera, chunks: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """``chunks`` ordered from the screen centre outward."""
        ox, oy = camera.origin_px()
        cx, cy = ox + camera.width / 2, oy + camera.height / 2
        return sorted(chunks, key=lambda c: ((c[0] + 0.5) * CHUNK - cx) ** 2 + ((c[1] + 0.5) * CHUNK - cy) ** 2)

    def visible_chunks(self, camera: Camera, margin: int = 0) -> list[tuple[int, int]]:
        """Chunk indices covering the screen (plus ``margin`` chunks around it)."""
        ox, oy = camera.origin_px()
        c0, c1 = ox // CHUNK - margin, (ox + camera.width - 1) // CHUNK + margin
        r0, r1 = oy // CHUNK - margin, (oy + camera.height - 1) // CHUNK + margin
        lo_c, hi_c, lo_r, hi_r = self._chunk_limits(camera.zoom)
        return [(c, r) for r in range(max(r0, lo_r), min(r1, hi_r) + 1)
                for c in range(max(c0, lo_c), min(c1, hi_c) + 1)]

    def prefetch(self, camera: Camera, budget_s: float = 0.004, neighbours: bool = True) -> int:
        """Render not-yet-cached chunks until ``budget_s`` is spent; returns the steps taken (0: all done).

        First those on screen, then one chunk around it; then (``neighbours``) the next zoom levels in
        and out, at the same view centre, so a first zoom step finds its chunks ready.
        """
        deadline = time.perf_counter() + budget_s
        done = 0
        for zoom, chunks in self._prefetch_plan(camera, neighbours):
            steps = self._render_within(zoom, chunks, max(0.0, deadline - time.perf_counter()))
            done += steps
            self._trim(frozenset(self._key(camera.zoom, c, r) for c, r in self.visible_chunks(camera)))
            if steps and time.perf_counter() >= deadline:
                break  # out of time with work done; a level with nothing left lets the next one say if it has work
        return done

    def _prefetch_plan(self, camera: Camera, neighbours: bool) -> Iterator[tuple[float, list[tuple[int, int]]]]:
        """(zoom, chunks) to prefetch in order: this view and its margin, then the neighbouring zoom levels."""
        here = self.visible_chunks(camera)
        yield camera.zoom, self._by_distance(camera, here) + [
            c for c in self.visible_chunks(camera, margin=1) if c not in set(here)]
        if not neighbours:
            return
        for steps in (-1, 1):
            zoom = step_zoom(camera.zoom, steps)
            if zoom != camera.zoom:
                other = Camera(camera.bounds, camera.width, camera.height, zoom=zoom)
                other.center_on(*camera.center())
                wanted = [c for c in self.visible_chunks(other) if self._key(zoom, *c) not in self._chunks]
                if len(self._chunks) + len(self._pending) + len(wanted) <= self.max_chunks:  # never evict for a guess
                    yield zoom, self._by_distance(other, wanted)

    def chunk(self, zoom: float, cx: int, cy: int) -> pygame.Surface:
        """The cached chunk surface (rendered now if missing)."""
        key = self._key(zoom, cx, cy)
        surf = self._chunks.get(key)
        if surf is not None:
            self._chunks.move_to_end(key)
            return surf
        surf = self.render_chunk(zoom, cx, cy)
        self._pending.pop(key, None)
        self._chunks[key] = surf
        return surf

    def _trim(self, visible: frozenset[ChunkKey]) -> None:
        """Evict least recently used chunks beyond the bound: unpinned ones first, never the ``visible`` ones."""
        excess = len(self._chunks) - max(self.max_chunks, len(visible))
        if excess <= 0:
            return
        pinned = frozenset().union(*self._pinned.values())
        others = [k for k in self._chunks if k not in visible]
        victims = [k for k in others if k not in pinned] + [k for k in others if k in pinned]
        for key in victims[:excess]:
            del self._chunks[key]

    def render_chunk(self, zoom: float, cx: int, cy: int) -> pygame.Surface:
        """Draw one chunk from scratch (no caching)."""
        surf = _new_surface()
        for _ in self._layers(surf, zoom, cx, cy):
            pass
        return surf

    def _layers(self, surf: pygame.Surface, zoom: float, cx: int, cy: int) -> Iterator[None]:
        """Draw the chunk's layers onto ``surf``, pausing after each (every layer takes a few ms at most)."""
        self.chunks_rendered += 1
        surf.fill(pal.OFF_MAP)
        cv = Canvas(surf, HEX_SIZE * zoom, cx * CHUNK, cy * CHUNK)
        rect = (cx * CHUNK / zoom, cy * CHUNK / zoom, (cx + 1) * CHUNK / zoom, (cy + 1) * CHUNK / zoom)
        hexes = [h for h in hexes_in_rect(rect) if h in self.index.board.terrain]
        draw_sea_hexes(cv, self.index, hexes)
        yield
        draw_terrain(cv, self.index, hexes)
        yield
        draw_shore(cv, self.index, hexes)
        if self.grid:
            draw_grid(cv, self.index, hexes)
        yield
        draw_coasts(cv, self.index, hexes)
        draw_hexsides(cv, self.index, hexes)
        draw_connections(cv, self.index, hexes)
        yield
        self._draw_places(cv, rect, zoom)

    def _draw_places(self, cv: Canvas, rect: tuple[float, float, float, float], zoom: float) -> None:
        """Places whose symbols may reach into the chunk (names are drawn over the counters, not here)."""
        reach = symbol_extent(cv.size) / zoom
        x0, y0, x1, y1 = rect
        terrain = self.index.board.terrain
        for place in self.index.board.places:
            px, py = hex_to_pixel(place.hex)
            if x0 - reach <= px <= x1 + reach and y0 - HEX_SIZE * 2 <= py <= y1 + HEX_SIZE * 2:
                draw_place(cv, place, terrain.get(place.hex))

    def _key(self, zoom: float, cx: int, cy: int) -> ChunkKey:
        """Cache key of a chunk."""
        return round(zoom, 4), self.grid, cx, cy

    def _chunk_limits(self, zoom: float) -> tuple[int, int, int, int]:
        """Range of chunk indices that contain any of the map at ``zoom``."""
        x0, y0, x1, y1 = self.index.bounds
        return (math.floor(x0 * zoom / CHUNK), math.floor(x1 * zoom / CHUNK),
                math.floor(y0 * zoom / CHUNK), math.floor(y1 * zoom / CHUNK))


def _new_surface() -> pygame.Surface:
    """An opaque chunk surface, in the display's pixel format when a display exists."""
    surf = pygame.Surface((CHUNK, CHUNK))
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surf.convert()
    return surf
