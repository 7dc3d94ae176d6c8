"""Place symbols (objective star, airfield, port anchor) and place-name labels."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from malaya.engine import Place, Terrain
from malaya.render import palette as pal
from malaya.render.fonts import halo_text
from malaya.render.map_draw import Canvas

MIN_LABEL_PX = 9
"""Labels smaller than this are dropped (objectives, cities and airfield towns are kept at this size)."""


def draw_place(cv: Canvas, place: Place, terrain: Terrain | None) -> None:
    """Symbols along the top of the hex (the name is drawn over the counters by :mod:`label_layout`)."""
    cx, cy = cv.center(place.hex)
    symbols = _symbols(place)
    if cv.size >= 14:
        gap = cv.size * 0.5
        x0 = cx - gap * (len(symbols) - 1) / 2
        for k, kind in enumerate(symbols):
            _SYMBOL_PAINTERS[kind](cv.surface, (x0 + k * gap, cy - cv.size * 0.5), cv.size * 0.2)
    elif place.objective:
        _star(cv.surface, (cx, cy), max(3.0, cv.size * 0.35))


def place_label(place: Place, terrain: Terrain | None, size: float) -> pygame.Surface | None:
    """The rendered name of a place at hex size ``size``, larger the more it matters (None when too small)."""
    major = terrain in (Terrain.CITY, Terrain.FORTRESS)
    important = major or place.objective
    landmark = place.airfield and terrain is Terrain.TOWN  # Kota Bharu, Sungei Patani: named on the overview too
    px = round(size * (0.48 if major else 0.4 if important else 0.32))
    if px < MIN_LABEL_PX:
        if not (important or landmark):
            return None
        px = MIN_LABEL_PX + (1 if major else 0)
    return _label(place.name, px, important, 2 if major and px >= 12 else 1)


@lru_cache(maxsize=512)
def _label(text: str, px: int, bold: bool, halo_px: int) -> pygame.Surface:
    """Cached halo text for a label."""
    return halo_text(text, px, pal.LABEL, pal.LABEL_HALO, bold, halo_px)


def symbol_extent(size: float) -> float:
    """Half-width (px) a place's symbols can reach beyond its hex centre, for culling."""
    return size * 1.2


def _symbols(place: Place) -> list[str]:
    """Symbol kinds to draw for a place, in display order."""
    kinds = []
    if place.objective:
        kinds.append("objective")
    if place.airfield:
        kinds.append("airfield")
    if place.port:
        kinds.append("port")
    return kinds


def _star(surf: pygame.Surface, c: tuple[float, float], r: float) -> None:
    """A red five-pointed star with a dark outline."""
    pts = []
    for k in range(10):
        rad = r if k % 2 == 0 else r * 0.45
        ang = -math.pi / 2 + k * math.pi / 5
        pts.append((c[0] + math.cos(ang) * rad, c[1] + math.sin(ang) * rad))
    pygame.draw.polygon(surf, pal.OBJECTIVE, pts)
    pygame.draw.polygon(surf, (60, 10, 10), pts, 1)


def _badge(surf: pygame.Surface, c: tuple[float, float], r: float) -> None:
    """A small white disc behind a symbol so it reads on any terrain."""
    pygame.draw.circle(surf, pal.SYMBOL_BG, c, r * 1.15)
    pygame.draw.circle(surf, pal.SYMBOL, c, r * 1.15, 1)


def _airfield(surf: pygame.Surface, c: tuple[float, float], r: float) -> None:
    """An aircraft silhouette (swept wings, tailplane) on a white disc."""
    _badge(surf, c, r)
    x, y = c
    w = max(1, round(r * 0.25))
    pygame.draw.line(surf, pal.SYMBOL, (x, y - r * 0.9), (x, y + r * 0.85), w + 1)  # fuselage
    wing = [(x, y - r * 0.45), (x + r * 0.95, y + r * 0.05), (x + r * 0.95, y + r * 0.25), (x, y + r * 0.05),
            (x - r * 0.95, y + r * 0.25), (x - r * 0.95, y + r * 0.05)]
    pygame.draw.polygon(surf, pal.SYMBOL, wing)
    tail = [(x, y + r * 0.5), (x + r * 0.4, y + r * 0.8), (x - r * 0.4, y + r * 0.8)]
    pygame.draw.polygon(surf, pal.SYMBOL, tail)


def _port(surf: pygame.Surface, c: tuple[float, float], r: float) -> None:
    """An anchor on a white disc."""
    _badge(surf, c, r)
    x, y = c
    w = max(1, round(r * 0.22))
    pygame.draw.line(surf, pal.SYMBOL, (x, y - r * 0.55), (x, y + r * 0.75), w)
    pygame.draw.line(surf, pal.SYMBOL, (x - r * 0.45, y - r * 0.3), (x + r * 0.45, y - r * 0.3), w)
    pygame.draw.circle(surf, pal.SYMBOL, (x, y - r * 0.72), max(1.5, r * 0.2), w)
    arc = pygame.Rect(0, 0, round(r * 1.5), round(r * 1.1))
    arc.center = (round(x), round(y + r * 0.2))
    pygame.draw.arc(surf, pal.SYMBOL, arc, math.pi, 2 * math.pi, w)


def _objective(surf: pygame.Surface, c: tuple[float, float], r: float) -> None:
    """The objective star."""
    _star(surf, c, r * 1.2)


_SYMBOL_PAINTERS = {"objective": _objective, "airfield": _airfield, "port": _port}
