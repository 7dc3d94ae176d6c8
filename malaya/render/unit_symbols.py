"""NATO-style unit-type symbols drawn as vectors into a box of any size (RULES R2.1).

The engine knows two unit types (infantry, armor); a scenario's ``counters.toml`` gives some
units a role of their own (machine guns, volunteers, fortress garrisons), read by
:mod:`malaya.content.counter_symbols` and carried to the renderer on each
:class:`~malaya.session.views.CounterView` as ``role``. :func:`symbol_of` picks the role's
:class:`UnitSymbol`, else the type's. Every symbol is drawn with lines, ellipses and polygons
at the requested size, never scaled from a bitmap.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from malaya.content.counter_symbols import UnitSymbol as UnitSymbol  # re-exported for callers
from malaya.engine import UnitType

Color = tuple[int, int, int]
PAPER: Color = (250, 250, 240)
"""The white of the NATO box every symbol is drawn on."""

SYMBOL_OF_TYPE: dict[UnitType, UnitSymbol] = {UnitType.INFANTRY: UnitSymbol.INFANTRY,
                                              UnitType.ARMOR: UnitSymbol.ARMOUR}
"""The symbol of each unit type of the engine."""


def symbol_of(unit_type: str, role: UnitSymbol | None = None) -> UnitSymbol:
    """The symbol of a unit: its role if the scenario gives it one, else its type's."""
    return role if role is not None else SYMBOL_OF_TYPE[UnitType(unit_type)]


def draw_symbol(surf: pygame.Surface, symbol: UnitSymbol, box: pygame.Rect, ink: Color, width: int) -> None:
    """Draw ``symbol`` inside ``box`` (its frame is drawn by the caller) in ``ink`` lines of ``width`` px."""
    _DRAW[symbol](surf, box, ink, max(1, width))


def _cross(surf: pygame.Surface, box: pygame.Rect, ink: Color, w: int) -> None:
    """The infantry X, corner to corner."""
    pygame.draw.line(surf, ink, box.topleft, (box.right - 1, box.bottom - 1), w)
    pygame.draw.line(surf, ink, (box.left, box.bottom - 1), (box.right - 1, box.top), w)


def _armour(surf: pygame.Surface, box: pygame.Rect, ink: Color, w: int) -> None:
    """The armour track: an oval inside the box."""
    oval = box.inflate(-round(box.width * 0.3), -round(box.height * 0.36))
    pygame.draw.ellipse(surf, ink, oval, w)


def _machine_gun(surf: pygame.Surface, box: pygame.Rect, ink: Color, w: int) -> None:
    """Infantry X with the machine-gun arrow: a barrel up the middle ending in an arrowhead."""
    _cross(surf, box, ink, w)
    cx, top, bottom = box.centerx, box.top + max(2, box.height // 8), box.bottom - 1
    head = max(2, box.width // 7)
    pygame.draw.line(surf, ink, (cx, top), (cx, bottom), w + 1)
    pygame.draw.polygon(surf, ink, [(cx, top - 1), (cx - head, top + head), (cx + head, top + head)])


def _volunteers(surf: pygame.Surface, box: pygame.Rect, ink: Color, w: int) -> None:
    """Infantry X standing on a heavy bar along the bottom of the box (a volunteer force)."""
    _cross(surf, box, ink, w)
    band = max(2, box.height // 3)
    surf.fill(ink, (box.left, box.bottom - band, box.width, band))


def _fortress(surf: pygame.Surface, box: pygame.Rect, ink: Color, w: int) -> None:
    """Infantry X under battlements: a crenellated band along the top of the box."""
    _cross(surf, box, ink, w)
    band = max(2, box.height // 3)
    surf.fill(ink, (box.left, box.top, box.width, band))
    n = 4
    notch = max(1, box.width // (2 * n + 1))
    for k in range(n):
        surf.fill(PAPER, (box.left + notch * (2 * k + 1), box.top, notch, band * 2 // 3))


def _engineers(surf: pygame.Surface, box: pygame.Rect, ink: Color, w: int) -> None:
    """The engineers' bridge: a bar with three legs, like the letter E on its back."""
    x0, x1 = box.left + box.width // 5, box.right - 1 - box.width // 5
    top, bottom = box.top + box.height // 3, box.bottom - 1 - box.height // 4
    pygame.draw.line(surf, ink, (x0, top), (x1, top), w + 1)
    for x in (x0, box.centerx, x1):
        pygame.draw.line(surf, ink, (x, top), (x, bottom), w + 1)


_DRAW: dict[UnitSymbol, Callable[[pygame.Surface, pygame.Rect, Color, int], None]] = {
    UnitSymbol.INFANTRY: _cross, UnitSymbol.ARMOUR: _armour, UnitSymbol.MACHINE_GUN: _machine_gun,
    UnitSymbol.VOLUNTEERS: _volunteers, UnitSymbol.FORTRESS: _fortress, UnitSymbol.ENGINEERS: _engineers,
}
