"""The battle map's keyboard cursor (issue 26 §2): a hex the arrows move and Enter clicks.

The cursor is only *where* a click goes: Enter feeds the cursor's point to the same map click
the mouse makes, so the input handlers (:mod:`malaya.ui.input.handlers`) decide what it means.
Arrows step to the neighbouring hex above, below, left or right (left and right keep to the
map's row, zig-zagging between the staggered columns); the cycle key jumps through the hexes
the current handler highlights, nearest first. On a bridge (Demolish mode) the cursor also
names the hexside, so Enter clicks on the bridge itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from malaya.engine.hexgrid import Edge, Hex, distance, from_offset, to_offset


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


def next_in_cycle(hexes: Sequence[Hex], current: Hex | None, anchor: Hex | None) -> Hex | None:
    """The highlighted hex after ``current``: ordered nearest to ``anchor`` first (then by column, row)."""
    if not hexes:
        return None
    order = sorted(set(hexes), key=lambda h: (0 if anchor is None else distance(anchor, h), h))
    if current not in order:
        return order[0]
    return order[(order.index(current) + 1) % len(order)]


@dataclass
class HexCursor:
    """Where the keyboard points on the map; hidden until a cursor key is used, and again when the mouse moves."""

    at: Hex | None = None
    shown: bool = False
    bridge: Edge | None = None
    """The bridge (a hexside of ``at``) the cursor points at in Demolish mode, else None."""

    def put(self, h: Hex, bridge: Edge | None = None) -> None:
        """Show the cursor on ``h`` (on ``bridge`` when it names one)."""
        self.at, self.shown, self.bridge = h, True, bridge

    def hide(self) -> None:
        """The mouse took over: hide the cursor (it keeps its hex for the next key)."""
        self.shown, self.bridge = False, None
