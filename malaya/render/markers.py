"""Far-zoom counter markers: a side-shaped token in the side's colour with the unit's type symbol.

Below :data:`MARKER_PX` a counter's factors and boxes would blur into mush, so it is drawn
as a marker instead: a disc with a thick dark-red ring for Japan, a square with a
double black frame for the Commonwealth (the sides differ by shape, not only by
colour), filled with the counter's colour and carrying its NATO type symbol. Unknown
counters (R2.5) show a question mark instead of a symbol; used units are darkened; the
selected one gets a ring in the selection colour, available ones (R2.4) a white ring.
"""

from __future__ import annotations

import pygame

from malaya.render.fonts import font
from malaya.render.side_palette import STANDARD, SidePalette
from malaya.render.unit_symbols import PAPER, draw_symbol, symbol_of
from malaya.session.views import CounterView

Color = tuple[int, int, int]
MARKER_PX = 26
"""Counters smaller than this many pixels (far zoom) are drawn as markers."""
INK: Color = (16, 16, 16)
JP_RING: Color = (120, 16, 16)
AVAILABLE: Color = (250, 250, 250)


def render_marker(view: CounterView, s: int, palette: SidePalette = STANDARD) -> pygame.Surface:
    """Draw the far-zoom marker of ``view`` on an ``s``-pixel transparent square."""
    surf = pygame.Surface((s, s), pygame.SRCALPHA)
    fill = palette.fill(view.side, view.nationality, view.hidden)
    if view.used:
        fill = (fill[0] * 3 // 5, fill[1] * 3 // 5, fill[2] * 3 // 5)
    rect = surf.get_rect()
    ring = palette.selection if view.selected else AVAILABLE if view.available else None
    if view.side.upper() == "JP":
        _disc(surf, rect, fill, ring)
    else:
        _square(surf, rect, fill, ring)
    inner = symbol_box(s)
    if view.hidden:
        img = font(max(6, round(s * 0.7)), True).render("?", True, INK)
        surf.blit(img, img.get_rect(center=rect.center))
    else:
        pygame.draw.rect(surf, PAPER, inner)
        draw_symbol(surf, symbol_of(view.unit_type, view.role), inner, INK, 1)
        pygame.draw.rect(surf, INK, inner, 1)
    return surf


def symbol_box(s: int) -> pygame.Rect:
    """Where the type symbol sits on an ``s``-pixel marker (centred, about 3:2)."""
    w = max(6, round(s * 0.56)) | 1
    h = max(4, round(s * 0.38))
    box = pygame.Rect(0, 0, w, h)
    box.center = (s // 2, s // 2)
    return box


def _disc(surf: pygame.Surface, rect: pygame.Rect, fill: Color, ring: Color | None) -> None:
    """Japan: a filled disc inside a thick dark-red ring and a black rim."""
    r = rect.width / 2
    c = rect.center
    if ring is not None:
        pygame.draw.circle(surf, ring, c, r)
        r -= 2
    pygame.draw.circle(surf, INK, c, r)
    pygame.draw.circle(surf, JP_RING, c, r - 1)
    pygame.draw.circle(surf, fill, c, r - max(2, round(rect.width * 0.12)))


def _square(surf: pygame.Surface, rect: pygame.Rect, fill: Color, ring: Color | None) -> None:
    """Commonwealth: a filled square with a double black frame."""
    if ring is not None:
        surf.fill(ring, rect)
        rect = rect.inflate(-4, -4)
    surf.fill(INK, rect)
    surf.fill(fill, rect.inflate(-2, -2))
    if rect.width >= 14:
        pygame.draw.rect(surf, INK, rect.inflate(-6, -6), 1)
