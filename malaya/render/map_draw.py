"""Drawing the static map layers into one chunk surface (terrain, features, places).

All positions go through :class:`Canvas`, which rounds *lattice* points (see
:mod:`malaya.render.geometry`) in global zoomed pixels before subtracting the chunk origin,
so every chunk draws shared geometry at the same pixels and chunks join seamlessly.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

import pygame

from malaya.engine import Connection, Edge, Hex, Hexside, Terrain
from malaya.render import palette as pal
from malaya.render.geometry import (
    HEX_SIZE,
    Lattice,
    center_lattice,
    corner_lattice,
    hexside_lattice,
    lattice_to_pixel,
)
from malaya.render.map_index import MapIndex
from malaya.render.terrain_art import stamp, variant_of
from malaya.render.terrain_textures import stenciller

IPoint = tuple[int, int]
K = TypeVar("K")


@dataclass(frozen=True, slots=True)
class Canvas:
    """A chunk surface plus the transform from lattice points to its pixels."""

    surface: pygame.Surface
    size: float  # hex size in px at this zoom
    ox: int
    oy: int
    _corners: dict[Hex, list[IPoint]] = field(default_factory=dict, compare=False, repr=False)
    """Corner pixels already computed for this chunk (terrain, sea, shore and grid all need them)."""

    def pt(self, lat: Lattice) -> IPoint:
        """Chunk pixel of a lattice point (rounded globally, so seamless across chunks)."""
        x, y = lattice_to_pixel(lat, self.size)
        return round(x) - self.ox, round(y) - self.oy

    def center(self, h: Hex) -> IPoint:
        """Chunk pixel of a hex centre."""
        return self.pt(center_lattice(h))

    def corners(self, h: Hex) -> list[IPoint]:
        """Chunk pixels of a hex's six corners."""
        found = self._corners.get(h)
        if found is None:
            found = self._corners[h] = [self.pt(c) for c in corner_lattice(h)]
        return found

    def side(self, e: Edge) -> tuple[IPoint, IPoint]:
        """Chunk pixels of the endpoints of the hexside ``e``."""
        a, b = e
        d = a.direction_to(b)
        la, lb = hexside_lattice(a, 0 if d is None else d)
        return self.pt(la), self.pt(lb)

    @property
    def zoom(self) -> float:
        """The zoom this canvas is drawn at."""
        return round(self.size / HEX_SIZE, 4)

    def px(self, fraction: float, minimum: int = 1) -> int:
        """A length of ``fraction`` hex sizes, in whole pixels (at least ``minimum``)."""
        return max(minimum, round(self.size * fraction))


def draw_terrain(cv: Canvas, index: MapIndex, hexes: Iterable[Hex]) -> None:
    """Fill land hexes with their terrain's texture, then its pattern (sea is drawn before)."""
    terrain = index.board.terrain
    by_terrain: dict[Terrain, list[list[IPoint]]] = {}
    for h in hexes:
        t = terrain.get(h)
        if t is not None and t is not Terrain.SEA:
            by_terrain.setdefault(t, []).append(cv.corners(h))
    for t, polygons in by_terrain.items():
        stenciller(cv.surface.get_width()).fill(cv.surface, t, cv.zoom, (cv.ox, cv.oy), polygons)
    for h in hexes:
        t = terrain.get(h)
        art = None if t is None or t is Terrain.SEA else stamp(t, cv.size, variant_of(h.q, h.r))
        if art is not None:
            cx, cy = cv.center(h)
            cv.surface.blit(art, (cx - art.get_width() // 2, cy - art.get_height() // 2))


def draw_sea_hexes(cv: Canvas, index: MapIndex, hexes: Iterable[Hex]) -> None:
    """Fill sea hexes with the water texture (the chunk background is the off-map colour)."""
    polygons = [cv.corners(h) for h in hexes if index.board.terrain.get(h) is Terrain.SEA]
    stenciller(cv.surface.get_width()).fill(cv.surface, Terrain.SEA, cv.zoom, (cv.ox, cv.oy), polygons)


def draw_grid(cv: Canvas, index: MapIndex, hexes: Iterable[Hex]) -> None:
    """Thin hex outlines: dark on land, pale on sea (sea grid dropped when tiny)."""
    terrain = index.board.terrain
    for h in hexes:
        t = terrain.get(h)
        if t is Terrain.SEA:
            if cv.size >= 12:
                pygame.draw.polygon(cv.surface, pal.SEA_GRID, cv.corners(h), 1)
        elif t is not None:
            pygame.draw.polygon(cv.surface, pal.GRID, cv.corners(h), 1)


def draw_coasts(cv: Canvas, index: MapIndex, hexes: Iterable[Hex]) -> None:
    """A dark blue line where land meets sea."""
    w = cv.px(0.05)
    for h in hexes:
        for d in index.coasts.get(h, ()):
            a, b = hexside_lattice(h, d)
            pygame.draw.line(cv.surface, pal.COAST, cv.pt(a), cv.pt(b), w)


def draw_hexsides(cv: Canvas, index: MapIndex, hexes: Iterable[Hex]) -> None:
    """Rivers, straits, sea hexsides and causeways along hexsides."""
    for kind, e in _unique(index.hexsides_at, hexes):
        a, b = cv.side(e)
        if kind is Hexside.RIVER_MINOR:
            _thick(cv.surface, pal.RIVER, a, b, cv.px(0.1 * index.river_widths[e], 2))
        elif kind is Hexside.RIVER_MAJOR:
            _thick(cv.surface, pal.RIVER, a, b, cv.px(0.18 * index.river_widths[e], 3))
        elif kind in (Hexside.STRAIT, Hexside.CAUSEWAY):
            _strait(cv, a, b)
        elif kind is Hexside.SEA:
            _thick(cv.surface, pal.SEA_SIDE, a, b, cv.px(0.22, 3))
    for kind, e in _unique(index.hexsides_at, hexes):
        if kind is Hexside.CAUSEWAY:
            _causeway(cv, e)


def _strait(cv: Canvas, a: IPoint, b: IPoint) -> None:
    """A wide pale-blue channel with darker banks."""
    _thick(cv.surface, pal.STRAIT_EDGE, a, b, cv.px(0.42, 4))
    _thick(cv.surface, pal.STRAIT, a, b, cv.px(0.32, 2))


def _causeway(cv: Canvas, e: Edge) -> None:
    """A stone bar across the strait, along the line joining the two hex centres."""
    (ax, ay), (bx, by) = cv.center(e[0]), cv.center(e[1])
    mx, my = (ax + bx) / 2, (ay + by) / 2
    ux, uy = (bx - ax) * 0.3, (by - ay) * 0.3
    p, q = (mx - ux, my - uy), (mx + ux, my + uy)
    pygame.draw.line(cv.surface, pal.CAUSEWAY_EDGE, p, q, cv.px(0.44, 5))
    pygame.draw.line(cv.surface, pal.CAUSEWAY, p, q, cv.px(0.36, 3))


def draw_connections(cv: Canvas, index: MapIndex, hexes: Sequence[Hex]) -> None:
    """Roads (tan with brown edges) then rails (dark line with ties), centre to centre."""
    found = _unique(index.connections_at, hexes)
    here = set(hexes)
    roads = [e for kind, e in found if kind is Connection.ROAD]
    rails = [e for kind, e in found if kind is Connection.RAIL]
    w = cv.px(0.13, 2)
    for width, color in ((w + 2, pal.ROAD_EDGE), (w, pal.ROAD)):
        for e in roads:
            a, b = cv.center(e[0]), cv.center(e[1])
            pygame.draw.line(cv.surface, color, a, b, width)
            for p in (a, b):
                pygame.draw.circle(cv.surface, color, p, width / 2)
    for e in rails:
        _rail(cv, cv.center(e[0]), cv.center(e[1]))
    for e in index.bridges:
        if index.board.hexsides.get(e) is Hexside.CAUSEWAY:
            continue  # the causeway draws its own bar
        if e[0] in here or e[1] in here:
            _bridge(cv, e, w)


def _rail(cv: Canvas, a: IPoint, b: IPoint) -> None:
    """A railway: a dark line with perpendicular ties."""
    w = cv.px(0.05)
    pygame.draw.line(cv.surface, pal.RAIL, a, b, w)
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length, dx / length
    tie = cv.size * 0.09
    spacing = max(4.0, cv.size * 0.2)
    n = max(1, int(length / spacing))
    for k in range(n):
        t = (k + 0.5) / n
        cx, cy = a[0] + dx * t, a[1] + dy * t
        pygame.draw.line(cv.surface, pal.RAIL, (cx - nx * tie, cy - ny * tie), (cx + nx * tie, cy + ny * tie), w)


def _bridge(cv: Canvas, e: Edge, road_w: int) -> None:
    """Bridge brackets where a connection crosses a river hexside."""
    (ax, ay), (bx, by) = cv.center(e[0]), cv.center(e[1])
    mx, my = (ax + bx) / 2, (ay + by) / 2
    dx, dy = bx - ax, by - ay
    length = math.hypot(dx, dy) or 1.0
    ux, uy, nx, ny = dx / length, dy / length, -dy / length, dx / length
    half, off = cv.size * 0.16, road_w / 2 + cv.px(0.06, 2)
    w = cv.px(0.05)
    for sgn in (-1, 1):
        ox, oy = nx * off * sgn, ny * off * sgn
        pygame.draw.line(cv.surface, pal.BRIDGE, (mx - ux * half + ox, my - uy * half + oy),
                         (mx + ux * half + ox, my + uy * half + oy), w)


def _unique(table: Mapping[Hex, tuple[tuple[K, Edge], ...]], hexes: Iterable[Hex]) -> list[tuple[K, Edge]]:
    """Every (kind, edge) touching the given hexes, once each, in a stable order."""
    out: list[tuple[K, Edge]] = []
    seen: set[tuple[K, Edge]] = set()
    for h in hexes:
        for item in table.get(h, ()):
            if item not in seen:
                seen.add(item)
                out.append(item)
    return out


def _thick(surf: pygame.Surface, color: tuple[int, int, int], a: IPoint, b: IPoint, width: int) -> None:
    """A thick line with round caps (so consecutive hexsides join cleanly)."""
    pygame.draw.line(surf, color, a, b, width)
    if width >= 3:
        for p in (a, b):
            pygame.draw.circle(surf, color, p, (width - 1) / 2)
