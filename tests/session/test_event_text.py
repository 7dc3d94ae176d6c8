"""The message log's sentences are chosen by event class (issue 12): each known class has its writer."""

from __future__ import annotations

from malaya.engine.actions import MoveUnit
from malaya.engine.combat.events import DiceRolled, StepLost
from malaya.engine.events import Event, PhaseEnded, PhaseStarted
from malaya.engine.hexgrid import Hex
from malaya.engine.sides import Side
from malaya.engine.state import Phase
from malaya.session.words.action_text import action_sentence
from malaya.session.words.event_text import describe, is_dice_roll, sentence
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
    text = describe(game.gd, PhaseStarted(turn=3, side=Side.CW, phase=Phase.COMBAT))
    assert text is not None and text.startswith("— Turn 3") and text.endswith("Commonwealth combat phase —")


def test_given_a_phase_end_when_described_then_the_log_leaves_it_out_but_it_still_has_a_sentence() -> None:
    """A phase end is not worth a log line; the report's sentence for it still exists."""
    game = _game()
    event = PhaseEnded(turn=1, side=Side.JP, phase=Phase.SUPPLY)
    assert describe(game.gd, event) is None
    assert sentence(game.gd, event).startswith("Phase ended")


class _NewRuleHappened(Event):
    """An event class the sentences do not know yet (a rules module added it)."""

    unit: str
    at: Hex
    forced: bool
    extra: int | None = None


def test_given_an_event_without_a_writer_when_described_then_its_fields_are_spelled_out_plainly() -> None:
    """An event class with no hand-written sentence is told from its class and fields: names, places, no True/None."""
    game = _game()
    text = describe(game.gd, _NewRuleHappened(unit="cw_a", at=game.hex(1, 1), forced=True))
    assert text == "New rule happened: 11th Indian, at cell 1.1, forced."


def test_given_a_die_roll_when_checked_then_only_it_belongs_to_the_dice_ledger() -> None:
    """R12.10 step 5: the dice ledger lists the combat die rolls and nothing else."""
    roll = DiceRolled(turn=1, side=Side.JP, attacker_hexes=(), defender_hex=_game().hex(1, 1), attack="4",
                      defense="2", column="2:1", die=5, modifier=-1, modified_roll=4, result="DR", attack_air=0,
                      defense_air=0)
    assert is_dice_roll(roll)
    assert not is_dice_roll(StepLost(unit="cw_a", steps_left=0))


def test_given_an_action_when_told_then_it_is_a_sentence_with_the_side_the_unit_and_the_place() -> None:
    """An action in the replay's list reads as a sentence: no type codes, no ids."""
    game = _game()
    action = MoveUnit(side=Side.CW, unit="cw_a", to=game.hex(2, 1))
    assert action_sentence(game.gd, action) == "Commonwealth: 11th Indian moves to cell 2.1"


def test_the_role_modules_each_write_their_own_events_and_the_one_mapping_holds_them_all() -> None:
    """The combat and movement writers never claim the same event class, and event_text consults them all."""
    from malaya.session.words import event_text
    from malaya.session.words.combat_text import COMBAT_SENTENCES
    from malaya.session.words.movement_text import MOVEMENT_SENTENCES

    assert not set(COMBAT_SENTENCES) & set(MOVEMENT_SENTENCES)
    assert set(COMBAT_SENTENCES) | set(MOVEMENT_SENTENCES) < set(event_text._SENTENCES)
    assert DiceRolled in COMBAT_SENTENCES and StepLost in COMBAT_SENTENCES
