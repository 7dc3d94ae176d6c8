"""The message log's sentences are chosen by event class (issue 12): each known class has its writer."""

from __future__ import annotations

from malaya.engine.actions import MoveUnit
from malaya.engine.combat.events import CombatAirSet, DiceRolled, StepLost
from malaya.engine.events import PhaseEnded, PhaseStarted
from malaya.engine.sides import Side
from malaya.engine.state import Phase
from malaya.session.event_text import action_sentence, describe, is_dice_roll, sentence
from tests.builder import Game, GameBuilder


def _game() -> Game:
    return GameBuilder(width=4, height=3).unit("cw_a", "CW", at=(1, 1), name="11th Indian").build()


def test_given_a_step_lost_when_described_then_the_unit_is_named_not_its_id() -> None:
    """R12.7: the log names the unit that lost a step and how many it has left."""
    game = _game()
    assert describe(game.gd, StepLost(unit="cw_a", steps_left=1)) == "11th Indian lost a step (1 left)."


def test_given_a_phase_start_when_described_then_turn_side_and_phase_are_told() -> None:
    """R3.1: each phase opens a log line with the turn, the side and the phase."""
    game = _game()
    assert describe(game.gd, PhaseStarted(turn=3, side=Side.CW, phase=Phase.COMBAT)) == "— Turn 3, CW combat phase —"


def test_given_a_phase_end_when_described_then_the_log_leaves_it_out_but_it_still_has_a_sentence() -> None:
    """A phase end is not worth a log line; the report's sentence for it still exists."""
    game = _game()
    event = PhaseEnded(turn=1, side=Side.JP, phase=Phase.SUPPLY)
    assert describe(game.gd, event) is None
    assert sentence(game.gd, event).startswith("Phase ended")


def test_given_an_event_without_a_writer_when_described_then_its_fields_are_spelled_out() -> None:
    """An event class with no hand-written sentence is told from its class and fields."""
    game = _game()
    assert describe(game.gd, CombatAirSet(air_points=2)) == "Combat air set: air points 2"


def test_given_a_die_roll_when_checked_then_only_it_belongs_to_the_dice_ledger() -> None:
    """R12.10 step 5: the dice ledger lists the combat die rolls and nothing else."""
    roll = DiceRolled(turn=1, side=Side.JP, attacker_hexes=(), defender_hex=_game().hex(1, 1), attack="4",
                      defense="2", column="2:1", die=5, modifier=-1, modified_roll=4, result="DR", attack_air=0,
                      defense_air=0)
    assert is_dice_roll(roll)
    assert not is_dice_roll(StepLost(unit="cw_a", steps_left=0))


def test_given_an_action_when_told_then_its_class_and_fields_are_spelled_out_with_unit_names() -> None:
    """An action in the replay's list is told like an event without a writer: class, then fields."""
    game = _game()
    action = MoveUnit(side=Side.CW, unit="cw_a", to=game.hex(2, 1))
    text = action_sentence(game.gd, action)
    assert text.startswith("Move unit: side CW, type move_unit, unit 11th Indian, to ")
