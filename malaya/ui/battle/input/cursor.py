"""The battle map's keyboard cursor (issue 26 §2): a hex the arrows move and Enter clicks.

The cursor is only *where* a click goes: Enter feeds the cursor's point to the same map click
the mouse makes, so the input handlers (:mod:`malaya.ui.battle.input.handlers`) decide what it means.
Arrows step to the neighbouring hex above, below, left or right (left and right keep to the
map's row, zig-zagging between the staggered columns); the cycle key jumps through the hexes
the current handler highlights, nearest first. On a bridge (Demolish mode) the cursor also
names the hexside, so Enter clicks on the bridge itself; on a landing-zone stack (units waiting
in their boats, drawn beside their port) it stands on the port with ``landing`` set, so Enter
clicks the stack, not the port.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from malaya.engine import Edge, Hex, distance, from_offset, to_offset

Point = tuple[float, float]


class Step(Enum):
    """An arrow key's direction on the map: (columns, rows) in the map's offset grid."""

    UP = (0, -1)
    DOWN = (0, 1)
    LEFT = (-1, 0)
    RIGHT = (1, 0)


def stepped(h: Hex, step: Step) -> Hex:
    """The hex one arrow press away from ``h`` (same column up/down, same row left/right)."""
    col, row = to_offset(h)
    dc, dr = step.value
    return from_offset(col + dc, row + dr)


Spot = tuple[Hex, bool]
"""Where the cursor may stand: a hex (False), or the landing-zone stack drawn beside that port (True)."""


def next_in_cycle(hexes: Sequence[Hex], current: Hex | None, anchor: Hex | None) -> Hex | None:
    """The highlighted hex after ``current``: ordered nearest to ``anchor`` first (then by column, row)."""
    spot = next_spot([(h, False) for h in hexes], None if current is None else (current, False), anchor)
    return None if spot is None else spot[0]


def next_spot(spots: Sequence[Spot], current: Spot | None, anchor: Hex | None) -> Spot | None:
    """The highlighted spot after ``current``: ordered nearest to ``anchor`` first (then by column, row; a port's
    landing stack after the port)."""
    if not spots:
        return None
    order = sorted(set(spots), key=lambda s: (0 if anchor is None else distance(anchor, s[0]), s))
    if current not in order:
        return order[0]
    return order[(order.index(current) + 1) % len(order)]


def toward(start: Point, target: Point) -> Step:
    """The arrow that points most nearly from ``start`` to ``target`` (world pixels; y grows downwards)."""
    dx, dy = target[0] - start[0], target[1] - start[1]
    if abs(dx) >= abs(dy):
        return Step.RIGHT if dx >= 0 else Step.LEFT
    return Step.DOWN if dy > 0 else Step.UP


def opposite(step: Step) -> Step:
    """The arrow the other way."""
    return next(s for s in Step if s.value == (-step.value[0], -step.value[1]))


@dataclass
class HexCursor:
    """Where the keyboard points on the map; hidden until a cursor key is used, and again when the mouse moves."""

    at: Hex | None = None
    shown: bool = False
    bridge: Edge | None = None
    """The bridge (a hexside of ``at``) the cursor points at in Demolish mode, else None."""
    landing: bool = False
    """On the landing-zone stack drawn beside the port ``at`` rather than on the port itself."""

    def put(self, h: Hex, bridge: Edge | None = None, landing: bool = False) -> None:
        """Show the cursor on ``h`` (on ``bridge`` when it names one, on its landing stack when ``landing``)."""
        self.at, self.shown, self.bridge, self.landing = h, True, bridge, landing

    @property
    def spot(self) -> Spot | None:
        """Where the cursor stands while shown (None while hidden)."""
        return (self.at, self.landing) if self.shown and self.at is not None else None

    def hide(self) -> None:
        """The mouse took over: hide the cursor (it keeps its hex for the next key)."""
        self.shown, self.bridge, self.landing = False, None, False
