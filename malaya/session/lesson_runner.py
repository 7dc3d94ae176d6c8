"""Running a lesson: is the current step done, what does it highlight, does a click fit it.

Pure: it reads the game definition, the state and the actions applied since the step began
(the match's log from an index on); the screen asks it after every frame and before every
action the learner submits.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from malaya import engine
from malaya.engine import Action, ChanceResult, EndPhase, GameDef, GameState, Hex, SetCombatAir
from malaya.session.lessons import Condition, Done, Highlight, Lesson, Mark, Step

ACTION_FIELDS = ("to", "port", "defender")
"""The fields of an action that name the hex it is about."""


def action_hex(action: Action) -> Hex | None:
    """The hex an action moves a unit to or attacks, if any."""
    return next((h for f in ACTION_FIELDS if isinstance(h := getattr(action, f, None), Hex)), None)


def place_hex(gd: GameDef, name: str) -> Hex:
    """The hex of a named place (KeyError if the map has none)."""
    return gd.board.place(name).hex


def fits(gd: GameDef, condition: Condition, action: Action) -> bool:
    """True if ``action`` is the one an action step waits for."""
    if condition.done is not Done.ACTION or action.type != condition.action:
        return False
    if condition.unit and getattr(action, "unit", None) != condition.unit:
        return False
    where = action_hex(action)
    if condition.place and where != place_hex(gd, condition.place):
        return False
    return not condition.next_to or (where is not None and where in place_hex(gd, condition.next_to).neighbors())


def met(gd: GameDef, state: GameState, condition: Condition, since: Sequence[Action]) -> bool:
    """True if the state and the actions applied since the step began complete ``condition``."""
    match condition.done:
        case Done.NEXT:
            return False
        case Done.ACTION:
            return any(fits(gd, condition, a) for a in since)
        case Done.PHASE:
            return ((condition.phase is None or state.phase is condition.phase)
                    and (condition.side is None or state.side is condition.side)
                    and (not condition.turn or state.turn >= condition.turn))
        case Done.UNITS_NEXT_TO:
            return _units_next_to(gd, state, condition) >= condition.count
        case Done.ATTACKERS:
            return state.combat is not None and len(state.combat.attackers) >= condition.count
        case Done.COMBAT_AIR:
            return state.combat is not None and (state.combat.air_points >= condition.count
                                                 or not _more_air(gd, state, state.combat.air_points))
        case Done.NO_COMBAT:
            return state.combat is None
    return False


def _more_air(gd: GameDef, state: GameState, now: int) -> bool:
    """True if more air points may still be added to the combat being declared (some left, in range; R11.3, R11.5)."""
    return any(isinstance(a, SetCombatAir) and a.air_points > now for a in engine.legal_actions(gd, state))


def _units_next_to(gd: GameDef, state: GameState, condition: Condition) -> int:
    """How many of the condition's side's units stand next to its place."""
    around = set(place_hex(gd, condition.place).neighbors())
    return sum(1 for u in state.units if u.hex in around and gd.unit_def(u.id).side is condition.side)


def highlight_hexes(gd: GameDef, state: GameState, highlight: Highlight) -> tuple[Hex, ...]:
    """Every map hex a highlight rings: its target's, then its ``also`` places'."""
    first = highlight_hex(gd, state, highlight)
    return (*(() if first is None else (first,)), *(place_hex(gd, name) for name in highlight.also))


def highlight_hex(gd: GameDef, state: GameState, highlight: Highlight) -> Hex | None:
    """The map hex a highlight rings (a place's, a hex, a unit's current hex), if any."""
    if highlight.mark is Mark.PLACE:
        return place_hex(gd, highlight.target)
    if highlight.mark is Mark.HEX:
        return highlight.hex
    if highlight.mark is Mark.UNIT:
        return state.units[gd.unit_index[highlight.target]].hex
    return None


@dataclass
class LessonRun:
    """Where a learner stands in a lesson: the step, and the log index at which it began."""

    lesson: Lesson
    index: int = 0
    since: int = 0  # the match log's length when this step began
    pressed_next: bool = field(default=False)

    @property
    def step(self) -> Step | None:
        """The current step; None once the lesson is over."""
        return self.lesson.steps[self.index] if self.index < len(self.lesson.steps) else None

    @property
    def finished(self) -> bool:
        """True once every step is done."""
        return self.index >= len(self.lesson.steps)

    def press_next(self) -> None:
        """The learner pressed Next: a reading step is done."""
        self.pressed_next = True

    def update(self, gd: GameDef, state: GameState, log: Sequence[Action]) -> bool:
        """Move on past every step now done; True if the step changed."""
        moved = False
        while (step := self.step) is not None and self._done(gd, state, step, log[self.since:]):
            self.index, self.since, self.pressed_next, moved = self.index + 1, len(log), False, True
        return moved

    def _done(self, gd: GameDef, state: GameState, step: Step, since: Sequence[Action]) -> bool:
        """True if ``step`` is complete."""
        if step.condition.done is Done.NEXT:
            return self.pressed_next
        return met(gd, state, step.condition, since)

    def hint_for(self, gd: GameDef, action: Action) -> str | None:
        """The step's friendly hint if the learner's ``action`` does not fit it (None: let it through)."""
        step = self.step
        if step is None or isinstance(action, ChanceResult) or action.type in step.allow:
            return None
        condition = step.condition
        if condition.done is Done.ACTION:
            return None if fits(gd, condition, action) else step.hint
        if condition.done is Done.PHASE:
            return None if isinstance(action, EndPhase) else step.hint
        return step.hint  # a state to reach (units placed, attackers, air): only the step's allowed actions do
