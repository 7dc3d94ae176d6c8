"""Retreats after combat, conducted by the game (combat chapter "Retreats After Combat"; R12.8, R3.3, R6.3)."""

from __future__ import annotations

from fractions import Fraction

from malaya.engine.actions import RollDice
from malaya.engine.chance_context import LossCandidates
from malaya.engine.combat.events import RetreatBlocked, StepLost, UnitRetreated
from malaya.engine.sides import Side
from malaya.engine.state import Location
from malaya.engine.zoc import zoc_hexes
from tests.builder import Cell, GameBuilder
from tests.rules.combat_fixtures import D, Table, combat_builder, hx, toward

S, N = toward(D, "S"), toward(D, "N")
NN, NNN = toward(D, "N", "N"), toward(D, "N", "N", "N")
DR_ATTACK = 8  # 8 vs 6 = 1:1: a die of 5 gives DR


def _only_land(builder: GameBuilder, *land: Cell) -> GameBuilder:
    """Make every cell of the 9×9 map sea except ``land`` (to force the retreat's choices)."""
    for col in range(9):
        for row in range(9):
            if (col, row) not in land:
                builder = builder.terrain((col, row), "sea")
    return builder


def _dr(builder: GameBuilder, defenders: tuple[str, ...] = ("cw",), picks: tuple[int, ...] = (),
        attack: int = DR_ATTACK) -> Table:
    """JP attacks D from S at 1:1 and rolls 5 (DR)."""
    builder = builder.unit("jp", "JP", at=S, attack=attack)
    for uid in defenders:
        builder = builder.unit(uid, "CW", at=D, defense=6 // len(defenders))
    table = Table.of(builder.build())
    table.attack(D, "jp", die=5, picks=picks)
    return table


def test_defenders_retreat_two_hexes_each_one_farther_from_the_combat_hex_R12_8() -> None:
    table = _dr(combat_builder())
    (moved,) = table.of_type(UnitRetreated)
    assert [h.distance(hx(D)) for h in moved.path] == [1, 2]
    assert table.unit("cw").hex == moved.path[-1]


def test_the_defending_stack_retreats_together_along_one_path_R12_8() -> None:
    table = _dr(combat_builder(), defenders=("a", "b"))
    paths = {e.path for e in table.of_type(UnitRetreated)}
    assert len(paths) == 1 and table.unit("a").hex == table.unit("b").hex != hx(D)


def test_retreat_goes_toward_a_friendly_supply_source_R12_8() -> None:
    # given a CW supply source on the east edge
    source = (8, 4)
    table = _dr(combat_builder().place("Depot", source, supply_source="CW"))
    # then the retreat ends on the hex two away from D nearest to it
    end = table.unit("cw").hex
    best = min(h.distance(hx(source)) for h in table.gd.adjacent if h.distance(hx(D)) == 2)
    assert end.distance(hx(source)) == best


def test_retreat_takes_the_least_costly_hexes_R12_8() -> None:
    # given every hex around D jungle except a clear line to the north-west (the last direction)
    builder = combat_builder()
    for col in range(9):
        for row in range(9):
            if (col, row) not in (D, S, toward(D, "NW"), toward(D, "NW", "NW")):
                builder = builder.terrain((col, row), "jungle")
    table = _dr(builder)
    # then the stack retreats along the clear hexes, though jungle comes first in direction order
    assert table.unit("cw").hex == hx(toward(D, "NW", "NW"))


def test_retreat_avoids_enemy_zoc_when_supply_and_cost_tie_R12_8() -> None:
    # given a JP unit whose ZOC covers the first paths in direction order (north)
    table = _dr(combat_builder().unit("z", "JP", at=toward(D, "N", "N", "N")))
    # then the retreat ends outside any JP ZOC and costs no step
    ezoc = zoc_hexes(table.gd, table.state, Side.JP)
    (moved,) = table.of_type(UnitRetreated)
    assert not any(h in ezoc for h in moved.path)
    assert table.unit("cw").steps == 2


def test_a_retreat_never_enters_an_enemy_occupied_hex_R12_8() -> None:
    # given a corridor D → N → NN with a JP unit in NN, and nothing else to go to
    table = _dr(_only_land(combat_builder(), D, S, N, NN).unit("z", "JP", at=NN))
    # then the retreat is blocked (it stays and loses two steps)
    assert table.of_type(RetreatBlocked) and table.unit("cw").location is Location.ELIMINATED


def test_a_retreat_never_enters_a_hex_it_could_not_enter_normally_R12_8() -> None:
    # given a stack with armor, and jungle (armor prohibited) everywhere but one clear line
    builder = combat_builder()
    clear_line = (toward(D, "SE"), toward(D, "SE", "SE"))
    for col in range(9):
        for row in range(9):
            if (col, row) not in (D, S, *clear_line):
                builder = builder.terrain((col, row), "jungle")
    builder = builder.unit("tank", "CW", at=D, type="armor", defense=3)
    table = _dr(builder, defenders=("cw",), attack=12)  # 12 vs 6 + 3: 1:1
    # then the whole stack goes the only way the tank can go (paying the EZOC of SE, next to the attacker)
    assert table.unit("tank").hex == table.unit("cw").hex == hx(clear_line[-1])


def test_retreat_that_would_overstack_continues_a_third_hex_R12_8() -> None:
    # given a corridor D → N → NN → NNN, with NN already full (4 points)
    builder = _only_land(combat_builder(), D, S, N, NN, NNN).unit("f1", "CW", at=NN).unit("f2", "CW", at=NN)
    table = _dr(builder)
    # then the stack continues to the third hex
    (moved,) = table.of_type(UnitRetreated)
    assert moved.path == (hx(N), hx(NN), hx(NNN)) and table.unit("cw").steps == 2


def test_a_path_whose_third_hex_is_also_overstacked_is_not_available_R12_8() -> None:
    builder = (_only_land(combat_builder(), D, S, N, NN, NNN)
               .unit("f1", "CW", at=NN).unit("f2", "CW", at=NN).unit("f3", "CW", at=NNN).unit("f4", "CW", at=NNN))
    table = _dr(builder)
    assert table.of_type(RetreatBlocked) and not table.of_type(UnitRetreated)


def test_blocked_retreat_costs_two_steps_R12_8() -> None:
    # given a defending stack of two 2-step units with nowhere to go
    table = _dr(_only_land(combat_builder(), D, S), defenders=("a", "b"))
    # then it stays in place and loses two steps (one each: two-step units lose first)
    assert table.of_type(RetreatBlocked)[0].units == ("a", "b")
    assert (table.unit("a").steps, table.unit("b").steps) == (1, 1)
    assert table.unit("a").hex == table.unit("b").hex == hx(D)
    # and as the hex was not vacated, the combat is over with no advance
    assert table.state.combat is None


def test_each_ezoc_entered_in_retreat_costs_a_step_R12_8() -> None:
    # given a corridor D → N → NN and a JP unit next to both N and NN
    z = toward(N, "NE")
    table = _dr(_only_land(combat_builder(), D, S, N, NN, z).unit("z", "JP", at=z), defenders=("a", "b"))
    # then the stack retreats through two EZOC hexes and loses two steps
    assert table.unit("a").hex == hx(NN)
    assert len(table.of_type(StepLost)) == 2


def test_friendly_units_do_not_cancel_enemy_zoc_in_retreat_R12_8() -> None:
    # given the EZOC corridor of the test above, with a CW unit standing in N
    z = toward(N, "NE")
    builder = (_only_land(combat_builder(), D, S, N, NN, z).unit("z", "JP", at=z)
               .unit("f", "CW", at=N, stacking=1, steps=1))
    table = _dr(builder, defenders=("a", "b"))
    # then the retreating stack still pays a step for each EZOC hex, and the friendly unit nothing
    assert table.unit("a").hex == hx(NN)
    assert len(table.of_type(StepLost)) == 2 and table.unit("f").steps == 1


def test_retreat_losses_are_distributed_at_random_like_combat_losses_R12_7_R12_8() -> None:
    # given a stack of two 2-step units forced through one EZOC hex
    z = toward(NN, "NE")
    builder = _only_land(combat_builder(), D, S, N, NN, z).unit("z", "JP", at=z)
    builder = (
        builder.unit("jp", "JP", at=S, attack=DR_ATTACK)
        .unit("a", "CW", at=D, defense=3)
        .unit("b", "CW", at=D, defense=3)
    )
    table = Table.of(builder.build()).declare(D, "jp")
    table.do(RollDice(side=Side.JP))
    table.chance(5)
    # then the step is a random pick between them
    assert table.state.pending.kind == "loss_pick" and table.state.pending.context == LossCandidates(("a", "b"))


def test_a_retreat_costs_no_movement_points_R12_8() -> None:
    table = _dr(combat_builder())
    assert table.unit("cw").mp_used == Fraction(0)


def test_attackers_retreat_per_hex_group_away_from_the_defenders_hex_R12_8() -> None:
    # given attackers in two hexes at 1:2 (3 + 3 vs 12), die 4: AR
    south, north = S, N
    builder = (combat_builder().unit("s", "JP", at=south, attack=3).unit("n", "JP", at=north, attack=3)
               .unit("cw", "CW", at=D, defense=12))
    table = Table.of(builder.build())
    table.attack(D, "s", "n", die=4)
    # then each group lost a step (one pick) and retreated two hexes farther from D
    assert {table.unit(u).hex.distance(hx(D)) for u in ("s", "n")} == {3}
    assert sorted(len(e.path) for e in table.of_type(UnitRetreated)) == [2, 2]
    assert table.unit("cw").hex == hx(D)


def test_control_follows_the_retreat_vacated_hex_stays_hexes_entered_change_R3_3_R13_2() -> None:
    # given every hex JP-controlled (Siam) except the defender's hex
    cells = [(c, r) for c in range(9) for r in range(9) if (c, r) != D]
    table = _dr(combat_builder().siam(*cells))
    (moved,) = table.of_type(UnitRetreated)
    # then D stays CW (its last occupier); the end hex and the hex passed through become CW,
    # whose unit was the last to occupy them (R13.2; docs/rules-notes.md "Hex control")
    assert table.state.controller(hx(D)) is Side.CW
    assert table.state.controller(moved.path[-1]) is Side.CW
    assert table.state.controller(moved.path[0]) is Side.CW
