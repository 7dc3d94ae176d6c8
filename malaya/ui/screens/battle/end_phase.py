"""End Phase as a player expects it: a second press within 0.4 s is ignored, and work left is named first.

:class:`EndPhaseGuard` keeps the battle's own clock (the sum of the ``dt`` its ``update`` got, so
tests inject time) and the moment of the last press that counted. :func:`end_phase_question` is
the question asked when :func:`~malaya.session.leftovers.left_undone` finds units that could
still move or attacks still possible (issue 13 §1); the Settings turn it off.
"""

from __future__ import annotations

from collections.abc import Callable

from malaya.engine.actions import EndPhase
from malaya.engine.hexgrid import Hex
from malaya.session.game_client import GameClient
from malaya.session.leftovers import LeftUndone, left_undone
from malaya.ui.app.intents import Push, ToConfirm
from malaya.ui.input.handlers import UnitSelected

REPEAT_S = 0.4
"""A second End Phase press this soon after the last one is ignored (a double click ends one phase)."""
END_ANYWAY = "End anyway (Enter)"
REVIEW = "Review (Esc)"


class EndPhaseGuard:
    """The battle's clock and the last End Phase press that counted."""

    def __init__(self) -> None:
        self.clock = 0.0
        self.pressed_at: float | None = None

    def tick(self, dt: float) -> None:
        """Advance the clock by a frame's ``dt`` (seconds)."""
        self.clock += dt

    def press(self) -> bool:
        """True if this press counts; False if it came within :data:`REPEAT_S` of the last one that did."""
        if self.pressed_at is not None and self.clock - self.pressed_at < REPEAT_S:
            return False
        self.pressed_at = self.clock
        return True


def end_phase_question(left: LeftUndone, end: Callable[[], None], review: Callable[[], None]) -> Push:
    """The question naming what is left: Enter ends the phase anyway, Esc goes back to review it."""
    return Push(ToConfirm(left.title, (left.summary,), END_ANYWAY, REVIEW, end, review))


def press_end_phase(guard: EndPhaseGuard, client: GameClient, ask: bool, end: Callable[[], None],
                    review: Callable[[LeftUndone], None]) -> Push | None:
    """An End Phase press: ignored within the repeat window; the question if work is left (and ``ask``); else end."""
    if not guard.press():
        return None
    left = left_undone(client) if ask else None
    if left is None or client.check(EndPhase(side=client.state.side)) is not None:
        end()  # nothing left, or the gate refuses anyway: its reason is toasted
        return None
    return end_phase_question(left, end, lambda: review(left))


def review_focus(client: GameClient, left: LeftUndone) -> tuple[UnitSelected | None, Hex | None]:
    """What Review shows: the first unit left, selected, and the hex to centre on."""
    if left.units:
        unit = left.units[0]
        return UnitSelected(unit), client.state.units[client.gd.unit_index[unit]].hex
    return None, left.first_hex
