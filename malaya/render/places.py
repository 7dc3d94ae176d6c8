"""Place symbols (objective star, airfield, port anchor) and place-name labels."""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import lru_cache

import pygame

from malaya.engine.board import Board, Place, Terrain
from malaya.engine.hexgrid import Hex
from malaya.render import palette as pal
from malaya.render.camera import Camera
from malaya.render.counters import counter_px
from malaya.render.fonts import halo_text
from malaya.render.geometry import HEX_SIZE, hex_to_pixel
from malaya.render.map_draw import Canvas

MIN_LABEL_PX = 9
"""Labels smaller than this are dropped (objectives are kept at this size)."""


def draw_place(cv: Canvas, place: Place, terrain: Terrain | None) -> None:
    """Symbols along the top of the hex and the name below its centre."""
    cx, cy = cv.center(place.hex)
    symbols = _symbols(place)
    if cv.size >= 14:
        gap = cv.size * 0.5
        x0 = cx - gap * (len(symbols) - 1) / 2
        for k, kind in enumerate(symbols):
            _SYMBOL_PAINTERS[kind](cv.surface, (x0 + k * gap, cy - cv.size * 0.5), cv.size * 0.2)
    elif place.objective:
        _star(cv.surface, (cx, cy), max(3.0, cv.size * 0.35))
    label = place_label(place, terrain, cv.size)
    if label is not None:
        y = cy + cv.size * (0.56 if cv.size >= 14 else 0.7)
        cv.surface.blit(label, (round(cx - label.get_width() / 2), round(y - label.get_height() / 2)))


def place_label(place: Place, terrain: Terrain | None, size: float) -> pygame.Surface | None:
    """The rendered name of a place at hex size ``size``, larger the more it matters (None when too small)."""
    major = terrain in (Terrain.CITY, Terrain.FORTRESS)
    important = major or place.objective
    px = round(size * (0.48 if major else 0.4 if important else 0.32))
    if px < MIN_LABEL_PX:
        if not important:
            return None
        px = MIN_LABEL_PX + (1 if major else 0)
    return _label(place.name, px, important, 2 if major and px >= 12 else 1)


@lru_cache(maxsize=512)
def _label(text: str, px: int, bold: bool, halo_px: int) -> pygame.Surface:
    """Cached halo text for a label."""
    return halo_text(text, px, pal.LABEL, pal.LABEL_HALO, bold, halo_px)


def label_extent(size: float) -> float:
    """Generous half-width (px) a label can reach beyond its hex centre, for culling."""
    return max(120.0, size * 5.0)


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


def draw_labels_over_stacks(target: pygame.Surface, camera: Camera, board: Board,
                            stack_depths: Mapping[Hex, int]) -> None:
    """Place names a counter would hide, drawn again over the counters (issue 13 item 5).

    A place holding a stack gets its name on a plate just below the stack (``stack_depths``:
    counters shown per stack, for the offset copies); a name that a neighbouring stack covers
    is drawn again where it is, in its halo, over that counter.
    """
    size = HEX_SIZE * camera.zoom
    side = counter_px(camera.zoom)
    step = max(2, round(side * 0.09))
    counters = [_stack_rect(camera, h, side, step, depth) for h, depth in stack_depths.items()]
    for place in board.places:
        label = place_label(place, board.terrain.get(place.hex), size)
        if label is None:
            continue
        x, y = camera.world_to_screen(*hex_to_pixel(place.hex))
        where = label.get_rect(center=(round(x), round(y + size * (0.56 if size >= 14 else 0.7))))
        if place.hex in stack_depths:
            stack = _stack_rect(camera, place.hex, side, step, stack_depths[place.hex]).inflate(4, 4)
            for part in (where.clip(where.left, where.top, stack.left - where.left, where.height),
                         where.clip(stack.right, where.top, where.right - stack.right, where.height)):
                target.fill(pal.LABEL_HALO, part)  # the chunk's copy peeking out beside the counter
            rect = label.get_rect(midtop=(round(x), stack.bottom - 1))
            pygame.draw.rect(target, pal.LABEL_HALO, rect.inflate(4, 0), border_radius=3)
            target.blit(label, rect)
        elif where.collidelist(counters) >= 0:
            target.blit(label, where)


def _stack_rect(camera: Camera, h: Hex, side: int, step: int, depth: int) -> pygame.Rect:
    """The screen area a stack of ``depth`` shown counters covers at hex ``h``."""
    x, y = camera.world_to_screen(*hex_to_pixel(h))
    extra = step * (depth - 1)
    rect = pygame.Rect(0, 0, side + extra, side + extra)
    rect.center = (round(x), round(y))
    return rect
