"""Step losses (combat chapter "Combat Resolution"; R12.7, R2.3, R15.3)."""

from __future__ import annotations

from fractions import Fraction

from malaya.engine import rules
from malaya.engine.actions import ChanceResult, RollDice
from malaya.engine.chance_context import LossCandidates
from malaya.engine.combat.events import StepLost, UnitEliminated
from malaya.engine.sides import Side
from malaya.engine.state import Location
from malaya.engine.victory import jp_steps_lost
from tests.rules.combat_fixtures import D, Table, combat_builder, toward

S, N = toward(D, "S"), toward(D, "N")


def test_two_step_units_take_losses_first_R12_7() -> None:
    # given a defending 2-step unit and a 1-step unit; 36 vs 12 = 3:1, die 4: D1R
    game = (combat_builder().unit("jp", "JP", at=S, attack=36)
            .unit("one", "CW", at=D, defense=6, steps=1, stacking=1).unit("two", "CW", at=D, defense=6).build())
    table = Table.of(game)
    table.declare(D, "jp")
    table.roll(4)
    # then the 2-step unit took the step, with no random pick (it was the only 2-step unit)
    assert [e for e in table.events if isinstance(e, StepLost)] == [StepLost(unit="two", steps_left=1)]
    assert table.unit("one").steps == 1


def test_after_the_two_step_units_the_one_step_units_lose_R12_7() -> None:
    # given a 2-step and a 1-step attacker at 1:2, die 1: A2
    game = (combat_builder().unit("two", "JP", at=S, attack=2).unit("one", "JP", at=N, attack=1, steps=1, stacking=1)
            .unit("cw", "CW", at=D, defense=6).build())
    table = Table.of(game)
    table.attack(D, "two", "one", die=1)
    # then the 2-step unit loses first, then (both now have one step) a random pick decides the second
    losses = [e.unit for e in table.of_type(StepLost)]
    assert losses[0] == "two" and len(losses) == 2


def test_loss_within_a_group_is_a_chance_node_with_uniform_outcomes_R12_7() -> None:
    # given two 2-step defenders; 36 vs 12 = 3:1, die 4: D1R
    game = (combat_builder().unit("jp", "JP", at=S, attack=36)
            .unit("a", "CW", at=D, defense=6).unit("b", "CW", at=D, defense=6).build())
    table = Table.of(game).declare(D, "jp")
    table.do(RollDice(side=Side.JP))
    table.chance(4)
    # then the game awaits a random pick between the two, each equally likely (chapter: "distributed randomly")
    pending = table.state.pending
    assert pending.kind == "loss_pick" and pending.outcomes == (0, 1) and pending.context == LossCandidates(("a", "b"))
    assert rules.chance_outcomes(table.state) == [
        (ChanceResult(side=Side.JP, value=0), Fraction(1, 2)), (ChanceResult(side=Side.JP, value=1), Fraction(1, 2))]
    # when the pick is 1 / then b loses the step
    table.chance(1)
    assert (table.unit("a").steps, table.unit("b").steps) == (2, 1)


def test_a_single_candidate_loss_is_not_a_chance_node_R12_7() -> None:
    game = combat_builder().unit("jp", "JP", at=S, attack=36).unit("cw", "CW", at=D, defense=12).build()
    table = Table.of(game).declare(D, "jp")
    table.do(RollDice(side=Side.JP))
    table.chance(4)  # 3:1, D1R
    assert table.state.pending is None and table.unit("cw").steps == 1


def test_losing_the_last_step_eliminates_the_unit_R2_3() -> None:
    # given a 1-step defender; 18 vs 6 = 3:1, die 1: EX
    game = (combat_builder().unit("jp", "JP", at=S, attack=18)
            .unit("cw", "CW", at=D, defense=6, steps=1, stacking=1).build())
    table = Table.of(game)
    table.attack(D, "jp", die=1)
    assert table.unit("cw").location is Location.ELIMINATED and table.unit("cw").steps == 0
    assert UnitEliminated(unit="cw") in table.events and StepLost(unit="cw", steps_left=0) in table.events


def test_attacker_losses_fall_only_on_the_participants_R12_7() -> None:
    # given two JP units in a hex, one attacking at 1:2 with die 1 (A2)
    game = (combat_builder().unit("in", "JP", at=S, attack=3).unit("out", "JP", at=S)
            .unit("cw", "CW", at=D, defense=6).build())
    table = Table.of(game)
    table.attack(D, "in", die=1)
    assert table.unit("out").steps == 2 and table.unit("in").location is Location.ELIMINATED


def test_an_exchange_costs_both_sides_one_step_R12_6() -> None:
    game = combat_builder().unit("jp", "JP", at=S, attack=18).unit("cw", "CW", at=D, defense=6).build()
    table = Table.of(game)
    table.attack(D, "jp", die=1)  # 3:1, roll 1: EX
    assert (table.unit("jp").steps, table.unit("cw").steps) == (1, 1)


def test_de_eliminates_every_defender_whatever_its_steps_R12_6() -> None:
    game = (combat_builder().unit("jp", "JP", at=S, attack=40)
            .unit("a", "CW", at=D, defense=1).unit("b", "CW", at=D, defense=1, steps=1, stacking=1).build())
    table = Table.of(game)
    table.attack(D, "jp", die=6)
    assert {table.unit("a").location, table.unit("b").location} == {Location.ELIMINATED}


def test_losses_beyond_the_steps_left_stop_at_elimination_R12_7() -> None:
    # given one 1-step attacker at 1:2, die 1: A2
    game = (combat_builder().unit("jp", "JP", at=S, attack=3, steps=1, stacking=1)
            .unit("cw", "CW", at=D, defense=6).build())
    table = Table.of(game)
    table.attack(D, "jp", die=1)
    assert table.unit("jp").location is Location.ELIMINATED and len(table.of_type(StepLost)) == 1
    assert table.state.combat is None


def test_every_jp_step_lost_in_combat_counts_for_the_cw_score_R15_3() -> None:
    game = combat_builder().unit("jp", "JP", at=S, attack=3).unit("cw", "CW", at=D, defense=6).build()
    table = Table.of(game)
    table.attack(D, "jp", die=1)  # A2
    assert jp_steps_lost(table.gd, table.state) == 2
