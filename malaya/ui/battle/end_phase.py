"""End Phase as a player expects it: a double press ends one phase, work left is named first.

:class:`EndPhaseGuard` absorbs only an accidental double press: a press that comes within
:data:`REPEAT_S` of the last one that counted, by the wall clock the app handles presses with
(``App.clock``, never the frame clock, which barely advances while the window idles — issue 26 §1),
*and* after that press already ended the phase it was made in. Any other press counts, however
soon; an absorbed one is named in a toast. :func:`end_phase_question` is the question asked when
:func:`~malaya.session.leftovers.left_undone` finds units that could still move or attacks still
possible (issue 13 §1); the Settings turn it off.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from malaya.engine import EndPhase, Hex
from malaya.session.game_client import GameClient
from malaya.session.leftovers import LeftUndone, left_undone
from malaya.session.words.catalog import say
from malaya.ui.app.intents import Push, ToConfirm
from malaya.ui.battle.autoskip import Position

REPEAT_S = 0.4
"""A press this soon (wall clock) after one that ended the phase is the second half of a double click."""
END_ANYWAY = say("end_phase.end_anyway_enter")
REVIEW = say("end_phase.review_esc")
ABSORBED = say("end_phase.end_phase_was_pressed_twice")

def position_of(client: GameClient) -> Position:
    """The turn, side and phase of the game now."""
    state = client.state
    return state.turn, state.side, state.phase


@dataclass
class EndPhaseGuard:
    """The last End Phase press that counted: when (wall clock) and in which phase."""

    pressed_at: float | None = None
    pressed_in: Position | None = None

    def press(self, now: float, where: Position) -> str | None:
        """None if this press counts; else why it is ignored (a double press after the phase ended)."""
        repeat = self.pressed_at is not None and 0 <= now - self.pressed_at < REPEAT_S
        if repeat and where != self.pressed_in:
            return ABSORBED
        self.pressed_at, self.pressed_in = now, where
        return None


def end_phase_question(left: LeftUndone, end: Callable[[], None], review: Callable[[], None]) -> Push:
    """The question naming what is left: Enter ends the phase anyway, Esc goes back to review it."""
    return Push(ToConfirm(left.title, (left.summary,), END_ANYWAY, REVIEW, end, review))


@dataclass(frozen=True)
class EndPhasePress:
    """One End Phase press: when, and what the screen does with its outcome."""

    now: float
    ask: bool
    end: Callable[[], None]
    review: Callable[[LeftUndone], None]
    ignored: Callable[[str], None]


def press_end_phase(guard: EndPhaseGuard, client: GameClient, press: EndPhasePress) -> Push | None:
    """An End Phase press: a double press is ignored (and said so); the question if work is left; else end."""
    ignored = guard.press(press.now, position_of(client))
    if ignored is not None:
        press.ignored(ignored)
        return None
    left = left_undone(client) if press.ask else None
    if left is None or client.check(EndPhase(side=client.state.side)) is not None:
        press.end()  # nothing left, or the gate refuses anyway: its reason is toasted
        return None
    return end_phase_question(left, press.end, lambda: press.review(left))


def review_focus(client: GameClient, left: LeftUndone) -> tuple[str | None, Hex | None]:
    """What Review shows: the first unit left (the handler selects it) and the hex to centre on."""
    if left.units:
        unit = left.units[0]
        return unit, client.state.units[client.gd.unit_index[unit]].hex
    return None, left.first_hex
