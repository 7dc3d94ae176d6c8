"""Unit counters (RULES R2.1): nationality colour, NATO symbol, size, A-D-M, steps, supply.

Layout of a counter of side S::

    ● supply        III          ■■ stacking squares (white: 2 steps left, red: 1)
             ┌──────────────┐
             │   NATO box   │     infantry: X, armor: oval
             └──────────────┘
                 8-6-7            current Attack-Defense-Movement

CW counters have a thin single border and a diamond emblem, JP counters a thick double
border and a disc emblem, so the sides differ without colour; the selection is a dashed
double outline in a colour no side uses. Colours come from a
:class:`~malaya.render.side_palette.SidePalette`. Rendered surfaces are cached by (view, pixel size).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence

import pygame

from malaya.render.fonts import font
from malaya.render.geometry import HEX_SIZE
from malaya.render.markers import MARKER_PX as MARKER_PX  # re-exported for callers
from malaya.render.markers import render_marker
from malaya.render.side_palette import NATIONALITY_COLORS as NATIONALITY_COLORS  # re-exported for callers
from malaya.render.side_palette import STANDARD, SidePalette
from malaya.render.unit_symbols import PAPER, draw_symbol, symbol_of
from malaya.session.views import CounterView

Color = tuple[int, int, int]
COUNTER_FRACTION = 1.25
"""Counter side as a multiple of the hex size (40 px at zoom 1: fits inside the hex)."""
MIN_COUNTER_PX = 18
"""The smallest counter (a far-zoom marker): still inside the hex at the farthest zoom, its symbol readable."""

UNKNOWN_COLORS: dict[str, Color] = dict(STANDARD.unknown)
INK: Color = (16, 16, 16)
STEP_FULL: Color = (255, 255, 255)
STEP_REDUCED: Color = (222, 30, 30)
SUPPLIED: Color = (20, 170, 60)
UNSUPPLIED: Color = (220, 30, 30)
JP_BORDER: Color = (120, 16, 16)
SELECTED: Color = STANDARD.selection
AVAILABLE: Color = (250, 250, 250)
FACTOR_FRACTION = 0.3
"""Factor text height as a fraction of the counter side (12 px at the default zoom)."""
MIN_FACTOR_PX = 12
"""Counter factors are never drawn smaller than this; on smaller counters they are hidden."""
UNKNOWN_HATCH: Color = (90, 90, 84)
JP_EMBLEM: Color = (150, 20, 20)
CW_EMBLEM: Color = (20, 40, 110)
EMBLEM_FACE: Color = (250, 250, 240)


def counter_px(zoom: float) -> int:
    """Side of a counter in pixels at ``zoom`` (at least :data:`MIN_COUNTER_PX`: far-zoom markers stay legible)."""
    return max(MIN_COUNTER_PX, round(HEX_SIZE * COUNTER_FRACTION * zoom))


def background(view: CounterView, palette: SidePalette = STANDARD) -> Color:
    """Nationality background colour (side colour for hidden counters) in ``palette``."""
    return palette.fill(view.side, view.nationality, view.hidden)


def step_color(view: CounterView) -> Color:
    """Colour of the stacking squares: white at 2 steps left, red at 1 (R2.1)."""
    return STEP_FULL if view.steps_left >= 2 else STEP_REDUCED


def factors_text(view: CounterView) -> str:
    """The A-D-M line, e.g. ``"8-6-7"``."""
    return f"{view.attack}-{view.defense}-{view.movement}"


def render_counter(view: CounterView, side_px: int, palette: SidePalette = STANDARD) -> pygame.Surface:
    """Draw one counter (uncached); below :data:`MARKER_PX` it is a far-zoom marker instead."""
    s = side_px
    if s < MARKER_PX:
        return render_marker(view, s, palette)
    surf = pygame.Surface((s, s))
    surf.fill(background(view, palette))
    if view.hidden:
        _unknown_hatching(surf, s)
    _stacking_squares(surf, view, s)
    _emblem(surf, view, s)
    if view.hidden:
        _unknown_mark(surf, s)
    else:
        _supply_dot(surf, view, s)
        _step_pips(surf, view, s)
        _text(surf, view.size, round(s * 0.19), (s / 2, s * 0.15), bold=True)
        _nato_symbol(surf, view, s)
        if round(s * FACTOR_FRACTION) >= MIN_FACTOR_PX:  # below a readable size the factors hide
            _text(surf, factors_text(view), round(s * FACTOR_FRACTION), (s / 2, s * 0.8), bold=True, max_w=s - 6,
                  min_px=MIN_FACTOR_PX)
    if view.used:
        shade = pygame.Surface((s, s), pygame.SRCALPHA)
        shade.fill((40, 40, 40, 110))
        surf.blit(shade, (0, 0))
    _border(surf, view, s, palette)  # after the Used shade, so a Selected outline stays bright
    if view.used:
        _used_corner(surf, s)
    if view.available and not view.selected:
        _dashed_outline(surf, s)
    return surf


def _unknown_hatching(surf: pygame.Surface, s: int) -> None:
    """Unknown counters (R2.5) are hatched with dark diagonals, unlike any known counter."""
    gap = max(4, s // 7)
    for k in range(-s, s, gap):
        pygame.draw.line(surf, UNKNOWN_HATCH, (k, s), (k + s, 0), max(1, s // 30))


def _unknown_mark(surf: pygame.Surface, s: int) -> None:
    """A large black question mark on a pale disc in the middle of an Unknown counter."""
    r = round(s * 0.26)
    pygame.draw.circle(surf, EMBLEM_FACE, (s // 2, round(s * 0.56)), r)
    pygame.draw.circle(surf, INK, (s // 2, round(s * 0.56)), r, max(1, s // 30))
    _text(surf, "?", round(s * 0.44), (s / 2, s * 0.57), bold=True)


def step_pip_rects(view: CounterView, s: int) -> list[tuple[pygame.Rect, bool]]:
    """The step-strength pips right of the NATO box, top to bottom, each with True when that step is left."""
    q = max(3, round(s * 0.09))
    x = round(s * 0.89) - q // 2
    return [(pygame.Rect(x, round(s * 0.34) + k * (q + max(2, q // 2)), q, q), k < view.steps_left)
            for k in range(view.max_steps)]


def _step_pips(surf: pygame.Surface, view: CounterView, s: int) -> None:
    """Step strength: one pip per step, filled black while the step is left, hollow once lost."""
    for rect, left in step_pip_rects(view, s):
        if left:
            surf.fill(INK, rect)
        else:
            surf.fill(EMBLEM_FACE, rect)
            pygame.draw.rect(surf, INK, rect, 1)


def _used_corner(surf: pygame.Surface, s: int) -> None:
    """Used (R2.4): a black corner triangle, so the state reads without colour."""
    k = max(4, round(s * 0.28))
    pygame.draw.polygon(surf, INK, [(s - 1, s - 1 - k), (s - 1, s - 1), (s - 1 - k, s - 1)])


def _dashed_outline(surf: pygame.Surface, s: int) -> None:
    """Available (R2.4): a white-and-black dashed outline."""
    t = max(2, round(s * 0.06))
    dash = max(3, s // 6)
    rect = surf.get_rect()
    pygame.draw.rect(surf, INK, rect, t)
    for start in range(0, s, 2 * dash):
        end = min(s, start + dash)
        surf.fill(AVAILABLE, (start, 0, end - start, t))
        surf.fill(AVAILABLE, (start, s - t, end - start, t))
        surf.fill(AVAILABLE, (0, start, t, end - start))
        surf.fill(AVAILABLE, (s - t, start, t, end - start))


def stacking_square_rects(view: CounterView, s: int) -> list[pygame.Rect]:
    """Where the 1 or 2 stacking squares go on a counter of side ``s`` (right to left)."""
    q = max(3, round(s * 0.13))
    gap = max(1, q // 4)
    x = s - round(s * 0.09) - q
    rects = []
    for _ in range(max(1, min(2, view.stacking_value))):
        rects.append(pygame.Rect(x, round(s * 0.09), q, q))
        x -= q + gap
    return rects


def _stacking_squares(surf: pygame.Surface, view: CounterView, s: int) -> None:
    """Stacking squares in the top-right corner, coloured by steps left."""
    for rect in stacking_square_rects(view, s):
        pygame.draw.rect(surf, step_color(view), rect)
        pygame.draw.rect(surf, INK, rect, 1)


def _supply_dot(surf: pygame.Surface, view: CounterView, s: int) -> None:
    """Green (supplied) or red (not) dot in the top-left corner."""
    r = max(2.0, s * 0.085)
    c = (round(s * 0.09 + r), round(s * 0.09 + r))
    pygame.draw.circle(surf, SUPPLIED if view.supplied else UNSUPPLIED, c, r)
    pygame.draw.circle(surf, INK, c, r, 1)


def _nato_symbol(surf: pygame.Surface, view: CounterView, s: int) -> None:
    """NATO unit box with the unit's type symbol (see :mod:`malaya.render.unit_symbols`)."""
    w, h = round(s * 0.56), round(s * 0.34)
    box = pygame.Rect(0, 0, w, h)
    box.center = (round(s / 2), round(s * 0.46))
    lw = max(1, round(s * 0.035))
    pygame.draw.rect(surf, PAPER, box)
    draw_symbol(surf, symbol_of(view.unit_type, view.role), box, INK, lw)
    pygame.draw.rect(surf, INK, box, lw)


def emblem_center(s: int) -> tuple[tuple[int, int], int]:
    """Centre and radius of the side emblem on a counter of side ``s`` (left of the NATO box)."""
    r = max(3, round(s * 0.07))
    return (max(r + 4, round(s * 0.11)), round(s * 0.35)), r


def _emblem(surf: pygame.Surface, view: CounterView, s: int) -> None:
    """The side emblem left of the NATO box: a disc (JP, the rising sun) or a diamond (CW)."""
    (cx, cy), r = emblem_center(s)
    if view.side.upper() == "JP":
        pygame.draw.circle(surf, EMBLEM_FACE, (cx, cy), r + 1)
        pygame.draw.circle(surf, JP_EMBLEM, (cx, cy), r)
        pygame.draw.circle(surf, INK, (cx, cy), r + 1, 1)
    else:
        points = [(cx, cy - r - 1), (cx + r + 1, cy), (cx, cy + r + 1), (cx - r - 1, cy)]
        pygame.draw.polygon(surf, CW_EMBLEM, points)
        pygame.draw.polygon(surf, EMBLEM_FACE, points, 1)


def _border(surf: pygame.Surface, view: CounterView, s: int, palette: SidePalette) -> None:
    """Thin single border (CW) or thick double border (JP); the selection's dashed double outline."""
    rect = surf.get_rect()
    if view.side.upper() == "JP":
        t = max(2, round(s * 0.06))
        pygame.draw.rect(surf, JP_BORDER, rect, t)
        pygame.draw.rect(surf, INK, rect, 1)
        pygame.draw.rect(surf, (255, 250, 230), rect.inflate(-2 * t, -2 * t), 1)
    else:
        pygame.draw.rect(surf, INK, rect, 1)
    if view.selected:
        _selection_outline(surf, s, palette.selection)


def _selection_outline(surf: pygame.Surface, s: int, color: Color) -> None:
    """Selected (R2.4): a thick band dashed in the selection colour and black, then a second thin ring inside."""
    t = max(2, round(s * 0.08))
    dash = max(3, s // 5)
    rect = surf.get_rect()
    pygame.draw.rect(surf, INK, rect, t)
    for start in range(0, s, 2 * dash):
        end = min(s, start + dash)
        for band in ((start, 0, end - start, t), (start, s - t, end - start, t),
                     (0, start, t, end - start), (s - t, start, t, end - start)):
            surf.fill(color, band)
    inner = rect.inflate(-2 * t, -2 * t)
    pygame.draw.rect(surf, INK, inner, 1)
    pygame.draw.rect(surf, color, inner.inflate(-2, -2), 1)


def _text(surf: pygame.Surface, text: str, px: int, center: tuple[float, float], bold: bool = False,
          max_w: int | None = None, min_px: int = 7) -> None:
    """Centred black text, shrunk until it fits ``max_w`` pixels (never below ``min_px``)."""
    img = font(px, bold).render(text, True, INK)
    while max_w is not None and img.get_width() > max_w and px > min_px:
        px -= 1
        img = font(px, bold).render(text, True, INK)
    surf.blit(img, img.get_rect(center=(round(center[0]), round(center[1]))))


class CounterPainter:
    """Draws counters and stacks, caching rendered counters by (view, size)."""

    def __init__(self, max_cached: int = 1024, palette: SidePalette = STANDARD) -> None:
        self._cache: OrderedDict[tuple[CounterView, int], pygame.Surface] = OrderedDict()
        self.max_cached = max_cached
        self.palette = palette

    def use_palette(self, palette: SidePalette) -> None:
        """Draw with ``palette`` from now on (cached counters are dropped when it changes)."""
        if palette is not self.palette:
            self.palette = palette
            self._cache.clear()

    def surface(self, view: CounterView, side_px: int) -> pygame.Surface:
        """The cached counter image for a view at a pixel size."""
        key = (view, side_px)
        surf = self._cache.get(key)
        if surf is None:
            surf = render_counter(view, side_px, self.palette)
            if pygame.display.get_surface() is not None:
                surf = surf.convert_alpha() if surf.get_flags() & pygame.SRCALPHA else surf.convert()
            self._cache[key] = surf
            if len(self._cache) > self.max_cached:
                self._cache.popitem(last=False)
        else:
            self._cache.move_to_end(key)
        return surf

    def draw_stack(self, target: pygame.Surface, views: Sequence[CounterView], center: tuple[int, int],
                   side_px: int) -> None:
        """Draw a stack centred at ``center``: lower units as offset copies, ``views[0]`` on top."""
        if not views:
            return
        step = max(2, round(side_px * 0.09))
        shown = list(views[:4])
        depth = len(shown) - 1
        x0 = center[0] - side_px // 2 - step * depth // 2
        y0 = center[1] - side_px // 2 + step * depth // 2
        for k in range(depth, -1, -1):
            x, y = x0 + step * k, y0 - step * k
            if side_px >= MARKER_PX:  # a far-zoom marker carries its own outline instead of a shadow
                target.fill((20, 20, 20), (x + 2, y + 2, side_px, side_px))
            target.blit(self.surface(shown[k], side_px), (x, y))
        if len(views) > 1:
            _count_badge(target, len(views), (x0 + step * 0 - 1, y0 + side_px - 1), side_px)


def _count_badge(target: pygame.Surface, count: int, corner: tuple[int, int], side_px: int) -> None:
    """A small dark badge with the number of units in the stack."""
    r = max(5, round(side_px * 0.17))
    pygame.draw.circle(target, INK, corner, r)
    pygame.draw.circle(target, (255, 255, 255), corner, r, 1)
    img = font(max(7, round(r * 1.4)), True).render(str(count), True, (255, 255, 255))
    target.blit(img, img.get_rect(center=corner))
