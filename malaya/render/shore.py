"""The coastline: shallows on the sea side of every coast, a sand beach on the land side.

Drawn after the terrain and before the grid. Sea hexes touching land are washed lighter, with a
paler band along the shore; land hexes get a thin beach strip along each coast hexside. Every
point derives from globally rounded lattice points, so the bands join across chunks.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

import pygame

from malaya.engine import Hex, Terrain
from malaya.render.geometry import hexside_lattice
from malaya.render.map_draw import Canvas, IPoint
from malaya.render.map_index import MapIndex

SHALLOW_WASH = (196, 228, 240, 80)
"""Over a whole sea hex that touches land."""
SHALLOW_BAND = (214, 238, 244, 120)
"""Over the strip of sea along the shore."""
BEACH = (236, 220, 168)
BAND_DEPTH = 0.42
BEACH_DEPTH = 0.13
"""Fractions of the way from the hexside to the hex centre."""


@lru_cache(maxsize=4)
def _overlay(size: int) -> pygame.Surface:
    """A reusable transparent chunk-sized surface."""
    return pygame.Surface((size, size), pygame.SRCALPHA)


def draw_shore(cv: Canvas, index: MapIndex, hexes: Iterable[Hex]) -> None:
    """Shallows and beaches along every coast hexside of the given hexes."""
    terrain = index.board.terrain
    overlay = _overlay(cv.surface.get_width())
    overlay.fill((0, 0, 0, 0))
    beaches: list[list[IPoint]] = []
    for h in hexes:
        t = terrain.get(h)
        if t is Terrain.SEA:
            if any(terrain.get(n, Terrain.SEA) is not Terrain.SEA for n in h.neighbors()):
                pygame.draw.polygon(overlay, SHALLOW_WASH, cv.corners(h))
            continue
        for d in index.coasts.get(h, ()):
            sea = h.neighbors()[d]
            if terrain.get(sea) is not Terrain.SEA:
                continue  # the map's edge, not a shore
            a, b = (cv.pt(p) for p in hexside_lattice(h, d))
            beaches.append(_band(a, b, cv.center(h), BEACH_DEPTH))
            pygame.draw.polygon(overlay, SHALLOW_BAND, _band(a, b, cv.center(sea), BAND_DEPTH))
    cv.surface.blit(overlay, (0, 0))
    for quad in beaches:
        pygame.draw.polygon(cv.surface, BEACH, quad)


def _band(a: IPoint, b: IPoint, centre: IPoint, depth: float) -> list[IPoint]:
    """The quadrilateral from hexside a–b a ``depth`` of the way toward ``centre``."""
    cx, cy = centre

    def toward(p: IPoint) -> IPoint:
        return round(p[0] + (cx - p[0]) * depth), round(p[1] + (cy - p[1]) * depth)

    return [a, b, toward(b), toward(a)]
