"""A hex the mouse rests on explains itself: the top unit the player may see, then the terrain (issue 14 §3).

The explanation waits until the mouse has rested :data:`REST_S` on one hex, so it never follows a
sweeping mouse around; the idle window wakes at least once a second, so it shows soon after.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from malaya.engine import Hex
from malaya.session.game_client import GameClient
from malaya.session.words.rules_ref.explain import explain_hex, explain_unit

REST_S = 0.6
"""Seconds the mouse rests on a hex before its explanation shows."""


class HoverTip:
    """Remembers since when the mouse rests on a hex; explains it once it has rested long enough."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.hex: Hex | None = None
        self.since = 0.0

    def __call__(self, client: GameClient, hover: Hex | None, selected: str | None = None) -> str | None:
        """The explanation of ``hover`` when the mouse has rested on it, else None.

        Nothing while a unit is selected: the path and its MP cost under the cursor come first.
        """
        now = self.clock()
        if hover != self.hex:
            self.hex, self.since = hover, now
        if hover is None or selected is not None or now - self.since < REST_S:
            return None
        return explain(client, hover)


def explain(client: GameClient, h: Hex) -> str:
    """The visible top unit (an Unknown stack stays unknown, R2.5), then the hex."""
    units = client.stacks().get(h, [])
    words = explain_hex(client.gd, client.state, h)
    if not units:
        return words
    if h in client.hidden():
        points = sum(client.gd.stacking_value(u) for u in units)
        return f"An Unknown {client.gd.side_of(units[0]).value} stack of {points} stacking points: " \
               f"move next to it to see what it is. {words}"
    more = f" (and {len(units) - 1} more in the stack)" if len(units) > 1 else ""
    return f"{explain_unit(client.gd, client.state, units[0])}{more} {words}"
