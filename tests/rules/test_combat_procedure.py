"""The combat procedure as engine actions (combat chapter "Procedure"; R12.10, R2.5)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from malaya.engine import rules
from malaya.engine.actions import (
    AddAttacker,
    Advance,
    CancelCombat,
    DeclareCombat,
    EndCombat,
    EndPhase,
    RemoveAttacker,
    RollDice,
    SetCombatAir,
)
from malaya.engine.combat.events import CombatCancelled, CombatDeclared, DiceRolled, UnitsRevealed
from malaya.engine.sides import Side
from malaya.engine.state import CombatStage
from malaya.session.words.plain_words import refusal_text
from tests.rules.combat_fixtures import D, Table, combat_builder, hx, pools, toward

S, N, NE = toward(D, "S"), toward(D, "N"), toward(D, "NE")


def _table(**state: Any) -> Table:
    game = (combat_builder().siam((0, 0)).place("JP field", (0, 0), airfield=True)
            .unit("a", "JP", at=S).unit("b", "JP", at=N).unit("cw", "CW", at=D).build())
    return Table.of(game, **state)


def test_declaring_a_combat_selects_the_defending_hex_with_no_attacker_yet_R12_10_step_2() -> None:
    table = _table()
    events = table.do(DeclareCombat(side=Side.JP, defender=hx(D)))
    assert events == [CombatDeclared(defender=hx(D))]
    combat = table.state.combat
    assert (combat.defender_hex, combat.attackers, combat.stage) == (hx(D), (), CombatStage.DECLARING)


def test_while_declaring_eligible_units_are_offered_and_selected_ones_can_be_removed_R12_10_step_3() -> None:
    # given a declared combat with unit a added
    table = _table(**pools(jp_attack=1)).declare(D, "a")
    # when the legal actions are listed
    legal = rules.legal_actions(table.gd, table.state)
    # then b may be added, a removed, 1 AP set, the combat cancelled or resolved
    assert AddAttacker(side=Side.JP, unit="b") in legal
    assert RemoveAttacker(side=Side.JP, unit="a") in legal
    assert SetCombatAir(side=Side.JP, air_points=1) in legal
    assert CancelCombat(side=Side.JP) in legal and RollDice(side=Side.JP) in legal
    assert AddAttacker(side=Side.JP, unit="a") not in legal
    assert not any(isinstance(a, DeclareCombat) for a in legal)
    # and removing a takes it out
    table.do(RemoveAttacker(side=Side.JP, unit="a"))
    assert table.state.combat.attackers == ()


def test_roll_dice_needs_at_least_one_attacker_R12_10_step_5() -> None:
    table = _table().declare(D)
    assert table.check(RollDice(side=Side.JP)).code == "no_attackers"
    assert RollDice(side=Side.JP) not in rules.legal_actions(table.gd, table.state)


def test_cancelling_a_declared_combat_changes_nothing_R12_10_step_3() -> None:
    # given a declared combat with an attacker and 1 AP
    table = _table(**pools(jp_attack=1)).declare(D, "a", air=1)
    before = table.state
    # when it is cancelled
    events = table.do(CancelCombat(side=Side.JP))
    # then no unit or hex is marked, no AP spent, and the hex may be declared again
    assert events == [CombatCancelled(defender=hx(D))]
    assert table.state.combat is None and table.state.attacked_hexes == frozenset()
    assert not table.unit("a").attacked and table.state.pool("attack", Side.JP) == 1
    assert table.state.units == before.units
    assert table.check(DeclareCombat(side=Side.JP, defender=hx(D))) is None


def test_only_one_combat_is_declared_at_a_time_R12_10_step_2() -> None:
    game = (combat_builder().unit("a", "JP", at=S).unit("cw", "CW", at=D).unit("cw2", "CW", at=toward(S, "S")).build())
    table = Table.of(game).declare(D, "a")
    assert table.check(DeclareCombat(side=Side.JP, defender=hx(toward(S, "S")))).code == "combat_in_progress"


def test_the_phase_cannot_end_while_a_combat_is_open_R12_10() -> None:
    table = _table().declare(D, "a")
    rejection = table.check(EndPhase(side=Side.JP))
    assert rejection.code == "combat_in_progress"
    assert "End or cancel the current combat first" in refusal_text(rejection)


def test_roll_dice_marks_attackers_and_hex_reveals_units_and_awaits_the_die_R12_10_step_5() -> None:
    # given a declared combat
    table = _table().declare(D, "a")
    # when Roll Dice is clicked
    events = table.do(RollDice(side=Side.JP))
    # then attackers and the hex are marked, units involved revealed (R2.5), and a d6 is awaited
    assert table.unit("a").attacked and not table.unit("b").attacked
    assert hx(D) in table.state.attacked_hexes
    assert {"a", "cw"} <= table.state.revealed
    assert events == [UnitsRevealed(units=("a", "cw"))]
    assert table.state.combat.stage is CombatStage.RESOLVING
    assert table.state.pending.kind == "combat_die" and table.state.pending.outcomes == (1, 2, 3, 4, 5, 6)
    assert [p for _, p in rules.chance_outcomes(table.state)] == [Fraction(1, 6)] * 6


def test_there_is_no_undo_after_roll_dice_R12_10_step_5() -> None:
    # given a rolled combat (8 vs 6, die 5: DR) now in its advance sub-phase
    table = _table().declare(D, "a")
    table.roll(5)
    assert table.state.combat.stage is CombatStage.ADVANCING
    # then it cannot be cancelled or changed
    assert table.check(CancelCombat(side=Side.JP)).code == "combat_resolved"
    assert table.check(AddAttacker(side=Side.JP, unit="b")).code == "combat_resolved"


def test_the_die_roll_is_reported_for_the_dice_ledger_R12_10() -> None:
    table = _table(**pools(jp_attack=2)).declare(D, "a", air=1)
    events = table.roll(3)
    (rolled,) = [e for e in events if isinstance(e, DiceRolled)]
    assert rolled == DiceRolled(
        turn=1, side=Side.JP, attacker_hexes=(hx(S),), defender_hex=hx(D), attack="8", defense="6", column="1:1",
        die=3, modifier=1, modified_roll=4, result="EX", attack_air=1, defense_air=0,
    )


def test_the_advance_sub_phase_offers_advances_and_the_end_button_R12_10_step_7() -> None:
    table = _table().declare(D, "a", "b")
    table.roll(5)  # 16 vs 6 = 2:1, die 5: D1R; the defender loses a step and retreats, vacating the hex
    legal = rules.legal_actions(table.gd, table.state)
    assert EndCombat(side=Side.JP) in legal
    assert Advance(side=Side.JP, unit="a") in legal and Advance(side=Side.JP, unit="b") in legal
    assert EndPhase(side=Side.JP) not in legal


def test_taking_penang_by_attack_is_recorded_for_the_west_coast_roll_R9_3() -> None:
    game = (combat_builder().place("Penang", D, port=True).unit("a", "JP", at=S).unit("cw", "CW", at=D).build())
    table = Table.of(game).declare(D, "a")
    table.roll(5)
    assert table.state.penang_attacked


def test_a_combat_elsewhere_does_not_mark_penang_R9_3() -> None:
    game = (combat_builder().place("Penang", (0, 0), port=True).unit("a", "JP", at=S).unit("cw", "CW", at=D).build())
    table = Table.of(game).declare(D, "a")
    table.roll(5)
    assert not table.state.penang_attacked


def test_random_legal_play_of_a_combat_phase_always_ends_it() -> None:
    # given a crowded front (several hexes, stacks, a river), played by a seeded uniform chooser
    import random

    builder = combat_builder().hexside(S, D, "river_minor")
    for i, cell in enumerate((S, N, NE, toward(S, "S"), toward(N, "N"))):
        builder = builder.unit(f"jp{i}", "JP", at=cell, attack=4 + 3 * i)
    for i, cell in enumerate((D, toward(D, "SE"), toward(N, "NE"), toward(D, "SW"))):
        builder = builder.unit(f"cw{i}", "CW", at=cell, defense=3 + i).unit(
            f"cx{i}", "CW", at=cell, steps=1, stacking=1
        )
    rolled = 0
    for seed in range(20):
        chooser = random.Random(seed)
        table = Table.of(builder.build())
        for _ in range(5000):
            table.do(chooser.choice(rules.legal_actions(table.gd, table.state)))
            if table.state.phase is not table.state.phase.COMBAT or table.state.side is not Side.JP:
                break
        assert table.state.side is Side.CW, f"seed {seed} did not end the JP Combat phase"
        rolled += len(table.of_type(DiceRolled))
        sides_at: dict[object, set[Side]] = {}
        for unit in table.state.units:
            if unit.on_map:
                sides_at.setdefault(unit.hex, set()).add(table.gd.side_of(unit.id))
        assert all(len(s) == 1 for s in sides_at.values()), "units of both sides share a hex"
    # and the play did resolve combats
    assert rolled > 0
