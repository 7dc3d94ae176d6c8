"""Advance after combat and amphibious assaults (combat chapter "Advances After Combat"; R12.9, R12.10 step 7)."""

from __future__ import annotations

from fractions import Fraction

from malaya.engine import rules
from malaya.engine.actions import Advance, CancelAdvance, EndCombat, EndPhase
from malaya.engine.combat.events import AmphibiousAssaultFailed, CombatEnded, UnitAdvanced
from malaya.engine.sides import Side
from malaya.engine.state import CombatStage, Location
from malaya.engine.zoc import zoc_hexes
from tests.builder import GameBuilder
from tests.rules.combat_fixtures import D, Table, combat_builder, hx, toward

S, N, SE = toward(D, "S"), toward(D, "N"), toward(D, "SE")


def _vacated(builder: GameBuilder | None = None, attackers: tuple[str, ...] = ("a",), die: int = 5) -> Table:
    """JP attacks D (defense 6) with ``attackers`` (8 each from S and N) and drives the defender out."""
    builder = builder or combat_builder()
    builder = builder.unit("a", "JP", at=S).unit("b", "JP", at=N).unit("cw", "CW", at=D)
    table = Table.of(builder.build())
    table.attack(D, *attackers, die=die)
    return table


def test_attackers_may_advance_only_if_the_defenders_hex_was_vacated_R12_9() -> None:
    # given an exchange (18 vs 6 = 3:1, die 1: EX): the defender is still there
    game = combat_builder().unit("a", "JP", at=S, attack=18).unit("cw", "CW", at=D).build()
    table = Table.of(game)
    table.attack(D, "a", die=1)
    # then there is no advance sub-phase: the combat ended by itself
    assert table.state.combat is None and CombatEnded(defender=hx(D)) in table.events
    assert table.check(Advance(side=Side.JP, unit="a")).code == "no_advance"


def test_after_a_retreat_every_participant_that_can_enter_is_available_R12_10_step_7() -> None:
    table = _vacated(attackers=("a", "b"))
    assert table.state.combat.stage is CombatStage.ADVANCING
    legal = rules.legal_actions(table.gd, table.state)
    assert [a for a in legal if isinstance(a, Advance)] == [
        Advance(side=Side.JP, unit="a"),
        Advance(side=Side.JP, unit="b"),
    ]


def test_only_participants_may_advance_R12_9() -> None:
    table = _vacated(attackers=("a",))
    assert table.check(Advance(side=Side.JP, unit="b")).code == "not_a_participant"


def test_advancing_moves_into_the_hex_without_spending_mp_and_takes_control_R12_9_R3_3() -> None:
    table = _vacated()
    events = table.do(Advance(side=Side.JP, unit="a"))
    assert UnitAdvanced(unit="a", to=hx(D)) in events
    assert table.unit("a").hex == hx(D) and table.unit("a").mp_used == Fraction(0)
    assert table.state.controller(hx(D)) is Side.JP


def test_an_advance_can_be_cancelled_until_the_combat_ends_R12_10_step_7() -> None:
    table = _vacated()
    table.do(Advance(side=Side.JP, unit="a"))
    table.do(CancelAdvance(side=Side.JP, unit="a"))
    # then the unit is back and the empty hex is the defender's again
    assert table.unit("a").hex == hx(S)
    assert table.state.controller(hx(D)) is Side.CW
    assert table.check(Advance(side=Side.JP, unit="a")) is None


def test_end_combat_closes_the_advance_sub_phase_R12_10_step_7() -> None:
    table = _vacated()
    table.do(Advance(side=Side.JP, unit="a"))
    table.do(EndCombat(side=Side.JP))
    assert table.state.combat is None and table.unit("a").hex == hx(D)
    assert table.check(CancelAdvance(side=Side.JP, unit="a")).code == "no_advance"
    assert table.check(EndPhase(side=Side.JP)) is None


def test_advance_ignores_zoc_R12_9_R6_3() -> None:
    # given the attacker in a CW ZOC and the vacated hex in another CW unit's ZOC (EZOC to EZOC)
    builder = combat_builder().unit("cw2", "CW", at=toward(D, "NE")).unit("z", "CW", at=toward(S, "SE"))
    table = _vacated(builder)
    ezoc = zoc_hexes(table.gd, table.state, Side.CW)
    assert hx(S) in ezoc and hx(D) in ezoc
    # then it may still advance
    assert table.check(Advance(side=Side.JP, unit="a")) is None
    table.do(Advance(side=Side.JP, unit="a"))
    assert table.unit("a").hex == hx(D)


def test_advances_may_not_violate_stacking_R12_9() -> None:
    # given three 2-point attackers and a vacated clear hex (limit 4)
    builder = combat_builder().unit("c", "JP", at=SE)
    table = Table.of(builder.unit("a", "JP", at=S).unit("b", "JP", at=N).unit("cw", "CW", at=D).build())
    table.attack(D, "c", "a", "b", die=4)  # 24 vs 6 = 4:1, die 4: D1R
    table.do(Advance(side=Side.JP, unit="c"))
    table.do(Advance(side=Side.JP, unit="a"))
    # then the third may not advance
    assert table.check(Advance(side=Side.JP, unit="b")).code == "would_overstack"
    assert Advance(side=Side.JP, unit="b") not in rules.legal_actions(table.gd, table.state)


def test_when_no_attacker_can_advance_the_combat_ends_by_itself_R12_9() -> None:
    # given a 1-step attacker and a 1-step defender exchanging (18 vs 6 = 3:1, die 1: EX)
    game = (combat_builder().unit("a", "JP", at=S, attack=18, steps=1, stacking=1)
            .unit("cw", "CW", at=D, steps=1, stacking=1).build())
    table = Table.of(game)
    table.attack(D, "a", die=1)
    # then the hex is vacated but nobody is left to advance: the combat is over
    assert not table.state.units_at(hx(D)) and table.state.combat is None


def _landing(*extra_land: str) -> Table:
    """JP units landed at a CW port D (plus ``extra_land`` in the landing zone); 'a' stands S of it."""
    builder = combat_builder().place("Port", D, port=True).unit("a", "JP", at=S)
    for uid in ("l", *extra_land):
        builder = builder.unit(uid, "JP", at=(0, 0))
    table = Table.of(builder.unit("cw", "CW", at=D, defense=3).build())
    for uid in ("l", *extra_land):
        table.land(uid, D)
    return table


def test_a_landed_unit_that_advances_into_the_port_suffers_nothing_more_R12_9() -> None:
    table = _landing()
    table.attack(D, "l", die=6)  # 8 vs 3 = 2:1, -1 amphibious: roll 5, D1R
    table.do(Advance(side=Side.JP, unit="l"))
    table.do(EndCombat(side=Side.JP))
    unit = table.unit("l")
    assert (unit.location, unit.hex, unit.steps) == (Location.MAP, hx(D), 2)
    assert not table.of_type(AmphibiousAssaultFailed)


def test_amphibious_attacker_that_cannot_advance_loses_a_step_and_returns_to_box_R12_9() -> None:
    # given two landed regiments and one overland, all attacking; the port is vacated
    table = _landing("m")
    table.attack(D, "a", "l", "m", die=6)  # 24 vs 3: 6:1, roll 5: DE
    # when two advance (the hex is then full) and the combat ends
    table.do(Advance(side=Side.JP, unit="a"))
    table.do(Advance(side=Side.JP, unit="l"))
    assert table.check(Advance(side=Side.JP, unit="m")).code == "would_overstack"
    table.do(EndCombat(side=Side.JP))
    # then the one left at sea lost a step and is back in the JP off-map box (it may sail next Naval phase)
    unit = table.unit("m")
    assert (unit.location, unit.hex, unit.steps) == (Location.JP_BOX, None, 1)
    assert AmphibiousAssaultFailed(unit="m") in table.events


def test_a_landed_unit_that_chooses_not_to_advance_also_fails_R12_9() -> None:
    table = _landing()
    table.attack(D, "l", die=6)
    table.do(EndCombat(side=Side.JP))
    assert (table.unit("l").location, table.unit("l").steps) == (Location.JP_BOX, 1)


def test_a_landed_unit_whose_attack_does_not_vacate_the_port_fails_R12_9() -> None:
    # given a landed regiment at 2:1 (8 vs 3), die 1 with the amphibious -1: roll 0, A1
    table = _landing()
    table.attack(D, "l", die=1)
    # then it loses a step to the result and another for the failed assault: eliminated
    assert table.unit("l").location is Location.ELIMINATED
    assert AmphibiousAssaultFailed(unit="l") in table.events and table.state.combat is None


def test_cancelling_a_landed_units_advance_returns_it_to_the_landing_zone_R12_10_step_7() -> None:
    table = _landing()
    table.attack(D, "l", die=6)
    table.do(Advance(side=Side.JP, unit="l"))
    table.do(CancelAdvance(side=Side.JP, unit="l"))
    assert (table.unit("l").location, table.unit("l").hex) == (Location.LANDING, hx(D))
