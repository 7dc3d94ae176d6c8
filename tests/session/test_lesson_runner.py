"""The lesson runner: when a step is done, and which clicks get the step's friendly hint (issue 14 §1)."""

from __future__ import annotations

from functools import cache

from malaya.engine.actions import EndPhase, MoveUnit
from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Hex
from malaya.engine.sides import Side
from malaya.engine.state import Phase
from malaya.session.lesson_runner import LessonRun, highlight_hex
from malaya.session.lessons import Condition, Done, Highlight, Lesson, Mark, Step
from malaya.session.match import Match
from tests.bundled import bundled_game

JP = Side.JP


@cache
def _gd() -> GameDef:
    return bundled_game()


def _lesson(*steps: Step) -> Lesson:
    return Lesson("test", "Test", "A test lesson.", "malaya1941", JP, 5, (), steps, "Done.")


def _step(condition: Condition, allow: tuple[str, ...] = ()) -> Step:
    return Step("A step", "Do it.", Highlight(Mark.PLACE, "Sadao"), condition, "Try the ringed hex.", allow)


MOVE_TO_SADAO = Condition(Done.ACTION, action="move_unit", unit="jp_21_inf", place="Sadao")


def test_a_reading_step_is_done_only_when_next_is_pressed() -> None:
    # given a lesson whose first step waits for Next
    match = Match.new(_gd(), 5)
    run = LessonRun(_lesson(_step(Condition(Done.NEXT)), _step(Condition(Done.NEXT))))
    # when the frame is checked, then the step stays; when Next is pressed, then it moves on by one
    assert not run.update(match.gd, match.state, match.log) and run.index == 0
    run.press_next()
    assert run.update(match.gd, match.state, match.log) and run.index == 1


def test_an_action_step_is_done_by_the_fitting_action_only() -> None:
    # given a step waiting for the 21st to move to Sadao, in the JP Movement phase
    match = Match.new(_gd(), 5)
    while match.state.phase is not Phase.MOVEMENT:
        assert match.submit(EndPhase(side=JP)) is None
    run = LessonRun(_lesson(_step(MOVE_TO_SADAO)), since=len(match.log))
    sadao = _gd().board.place("Sadao").hex
    # when another unit's move is offered, then the step's hint turns it away
    assert run.hint_for(match.gd, MoveUnit(side=JP, unit="jp_11_inf", to=sadao)) == "Try the ringed hex."
    # when the 21st moves to Sadao, then the step is done and the lesson finished
    action = MoveUnit(side=JP, unit="jp_21_inf", to=sadao)
    assert run.hint_for(match.gd, action) is None
    assert match.submit(action) is None
    assert run.update(match.gd, match.state, match.log) and run.finished


def test_end_phase_is_turned_away_except_on_a_phase_step_or_where_allowed() -> None:
    gd = _gd()
    end = EndPhase(side=JP)
    assert LessonRun(_lesson(_step(Condition(Done.NEXT)))).hint_for(gd, end) is not None
    assert LessonRun(_lesson(_step(MOVE_TO_SADAO))).hint_for(gd, end) is not None
    assert LessonRun(_lesson(_step(Condition(Done.PHASE, phase=Phase.AIR)))).hint_for(gd, end) is None
    assert LessonRun(_lesson(_step(MOVE_TO_SADAO, allow=("end_phase",)))).hint_for(gd, end) is None


def test_a_phase_step_waits_for_the_phase_side_and_turn() -> None:
    # given a step waiting for Japan's turn 2
    match = Match.new(_gd(), 5)
    run = LessonRun(_lesson(_step(Condition(Done.PHASE, side=JP, turn=2))))
    # when the game is still in turn 1, then it is not done
    assert not run.update(match.gd, match.state, match.log)
    # when every phase of turn 1 is ended, then it is
    while match.state.turn == 1:
        assert match.submit(EndPhase(side=match.state.side)) is None
    assert run.update(match.gd, match.state, match.log)


def test_a_unit_highlight_follows_the_unit_on_the_map() -> None:
    match = Match.new(_gd(), 5)
    assert highlight_hex(match.gd, match.state, Highlight(Mark.UNIT, "jp_21_inf")) == _gd().board.place("Hat Yai").hex
    assert highlight_hex(match.gd, match.state, Highlight(Mark.HEX, "", Hex(9, 7))) == Hex(9, 7)
    assert highlight_hex(match.gd, match.state, Highlight(Mark.BUTTON, "End Phase")) is None


def _combat_with_air_pool(pool: int):  # type: ignore[no-untyped-def]
    """A JP combat being declared next to a JP airfield (R11.5), with ``pool`` attack air points left."""
    from dataclasses import replace

    from malaya.engine import rules
    from malaya.engine.actions import DeclareCombat
    from tests.builder import GameBuilder

    game = (GameBuilder().siam((1, 2)).place("Field", (1, 2), airfield=True)
            .unit("jp_a", "JP", at=(1, 1)).unit("cw_a", "CW", at=(2, 1)).at_phase(Phase.COMBAT).build())
    state = replace(game.state, attack_pool=((JP, pool), (Side.CW, 0)))
    outcome = rules.apply(game.gd, state, DeclareCombat(side=JP, defender=game.hex(2, 1)))
    return game.gd, outcome.state


def test_an_air_step_waits_for_air_while_some_is_left_and_passes_when_none_is() -> None:
    """Given a step asking for 1 air point in the declared combat (R11.3), then it waits while the attack pool
    holds some (the learner adds it with +), and is done by itself when none is left (the lesson never sticks)."""
    air = Condition(Done.COMBAT_AIR, count=1)
    gd, with_air = _combat_with_air_pool(2)
    assert with_air.combat is not None
    assert not LessonRun(_lesson(_step(air))).update(gd, with_air, [])
    gd, without = _combat_with_air_pool(0)
    assert without.combat is not None
    assert LessonRun(_lesson(_step(air))).update(gd, without, [])


def test_a_state_step_turns_away_actions_it_does_not_allow() -> None:
    """Given a step waiting for air in a combat (allowing only air and attackers), when Roll Dice is offered, then
    the step's hint turns it away; its allowed actions pass."""
    from malaya.engine.actions import RollDice, SetCombatAir

    run = LessonRun(_lesson(_step(Condition(Done.COMBAT_AIR, count=1), allow=("set_combat_air",))))
    assert run.hint_for(_gd(), RollDice(side=JP)) == "Try the ringed hex."
    assert run.hint_for(_gd(), SetCombatAir(side=JP, air_points=1)) is None
