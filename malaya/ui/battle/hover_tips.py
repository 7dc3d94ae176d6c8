"""A hex the mouse rests on explains itself: the top unit the player may see, then the terrain (issue 14 §3).

The explanation waits until the mouse has rested :data:`REST_S` on one hex, so it never follows a
sweeping mouse around; the idle window wakes at least once a second, so it shows soon after.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from malaya.engine import Hex
from malaya.session.game_client import GameClient
from malaya.session.words.catalog import say
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
        return say("hover_tips.unknown_stack", side=client.gd.side_of(units[0]).value, points=points, words=words)
    unit = explain_unit(client.gd, client.state, units[0])
    if len(units) > 1:
        return say("hover_tips.unit_and_more", unit=unit, more=len(units) - 1, words=words)
    return say("hover_tips.unit", unit=unit, words=words)
