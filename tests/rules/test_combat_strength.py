"""Combat strengths and odds (combat chapter "Effects on Combat Strength"; R12.3, R12.4, R5.1-R5.3)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from malaya.engine.actions import RollDice
from malaya.engine.combat import preview_for
from malaya.engine.hexgrid import edge
from malaya.engine.sides import Side
from malaya.session.words.plain_words import refusal_text
from tests.builder import GameBuilder
from tests.rules.combat_fixtures import D, Table, combat_builder, hx, toward

S, N = toward(D, "S"), toward(D, "N")


def _totals(builder: GameBuilder, attackers: tuple[str, ...] = ("jp",), **state: Any) -> tuple[Fraction, Fraction]:
    table = Table.of(builder.build(), **state)
    shown = preview_for(table.gd, table.state, hx(D), attackers)
    return shown.attack, shown.defense


def test_attack_total_is_the_sum_of_current_attack_factors_R12_3() -> None:
    # given two attackers, one reduced to its last step (8 → reduced 4)
    builder = combat_builder().unit("a", "JP", at=S).unit("b", "JP", at=N).unit("cw", "CW", at=D)
    table = Table.of(builder.build()).set_unit("b", steps=1)
    # then the attack total uses each unit's current factor: 8 + 4
    assert preview_for(table.gd, table.state, hx(D), ("a", "b")).attack == 12


def test_an_unsupplied_attacker_is_halved_R10_2_R12_3() -> None:
    table = Table.of(combat_builder().unit("jp", "JP", at=S, attack=7).unit("cw", "CW", at=D).build())
    table.set_unit("jp", supplied=False)
    assert preview_for(table.gd, table.state, hx(D), ("jp",)).attack == Fraction(7, 2)


def test_an_unsupplied_defender_is_halved_R10_2_R12_3() -> None:
    table = Table.of(combat_builder().unit("jp", "JP", at=S).unit("cw", "CW", at=D, defense=5).build())
    table.set_unit("cw", supplied=False)
    assert preview_for(table.gd, table.state, hx(D), ("jp",)).defense == Fraction(5, 2)


def test_attacking_across_a_minor_river_halves_the_attacker_R5_2() -> None:
    builder = combat_builder().hexside(S, D, "river_minor").unit("jp", "JP", at=S).unit("cw", "CW", at=D)
    assert _totals(builder)[0] == 4


def test_attacking_across_a_major_river_halves_the_attacker_R5_2() -> None:
    builder = combat_builder().hexside(S, D, "river_major").unit("jp", "JP", at=S).unit("cw", "CW", at=D)
    assert _totals(builder)[0] == 4


def test_attacking_across_a_strait_halves_the_attacker_R5_2() -> None:
    builder = combat_builder().hexside(S, D, "strait").unit("jp", "JP", at=S).unit("cw", "CW", at=D)
    assert _totals(builder)[0] == 4


def test_attacking_along_a_bridge_is_not_halved_R5_2() -> None:
    builder = (combat_builder().hexside(S, D, "river_minor").road(S, D)
               .unit("jp", "JP", at=S).unit("cw", "CW", at=D))
    assert _totals(builder)[0] == 8


def test_attacking_over_a_demolished_bridge_is_halved_again_R7_7() -> None:
    builder = (combat_builder().hexside(S, D, "river_minor").road(S, D)
               .unit("jp", "JP", at=S).unit("cw", "CW", at=D))
    assert _totals(builder, demolished=frozenset({edge(hx(S), hx(D))}))[0] == 4


def test_the_penalty_applies_only_to_the_unit_crossing_the_river_R12_3() -> None:
    # given one attacker across a river and one not
    builder = (combat_builder().hexside(S, D, "river_minor")
               .unit("jp", "JP", at=S).unit("jp2", "JP", at=N).unit("cw", "CW", at=D))
    # then only the crossing unit is halved: 4 + 8
    assert _totals(builder, attackers=("jp", "jp2"))[0] == 12


def test_fractions_are_not_rounded_unsupplied_across_river_is_quartered_R5_3() -> None:
    # given an unsupplied 5-factor attacker across a minor river (combat chapter: effects are cumulative)
    builder = combat_builder().hexside(S, D, "river_minor").unit("jp", "JP", at=S, attack=5).unit("cw", "CW", at=D)
    table = Table.of(builder.build()).set_unit("jp", supplied=False)
    # then its strength is exactly 5/4, not rounded (combat chapter: fractions are not rounded)
    shown = preview_for(table.gd, table.state, hx(D), ("jp",))
    assert shown.attack == Fraction(5, 4)


def test_fractions_are_kept_until_the_odds_are_taken_R5_3() -> None:
    # given two unsupplied 3-factor attackers across a river (3/4 each) against defense 3
    builder = (combat_builder().hexside(S, D, "river_minor").hexside(N, D, "river_minor")
               .unit("a", "JP", at=S, attack=3).unit("b", "JP", at=N, attack=3).unit("cw", "CW", at=D, defense=3))
    table = Table.of(builder.build()).set_unit("a", supplied=False).set_unit("b", supplied=False)
    shown = preview_for(table.gd, table.state, hx(D), ("a", "b"))
    # then the total is 3/2 (rounding each to 0 or 1 would give another column): odds 1:2
    assert shown.attack == Fraction(3, 2) and shown.column == "1:2"


def test_defense_is_multiplied_by_the_terrain_of_the_defenders_hex_R5_1() -> None:
    for terrain, expected in (("clear", 6), ("town", 9), ("city", 12), ("mountain", 12), ("fortress", 12),
                              ("jungle", 6), ("plantation", 6), ("swamp", 6)):
        builder = combat_builder().terrain(D, terrain).unit("jp", "JP", at=S).unit("cw", "CW", at=D, defense=6)
        assert _totals(builder)[1] == expected, terrain


def test_the_terrain_multiplier_applies_to_the_whole_unsupplied_stack_R5_3() -> None:
    # given an unsupplied 5 and a supplied 2 in a town: (5/2 + 2) × 3/2 = 27/4
    builder = (combat_builder().terrain(D, "town").unit("jp", "JP", at=S)
               .unit("a", "CW", at=D, defense=5).unit("b", "CW", at=D, defense=2))
    table = Table.of(builder.build()).set_unit("a", supplied=False)
    assert preview_for(table.gd, table.state, hx(D), ("jp",)).defense == Fraction(27, 4)


def test_johore_defences_make_their_hexes_fortress_for_combat_R16_2() -> None:
    # given the Johore defences option naming the defender's town hex
    builder = (combat_builder().terrain(D, "town").place("Johore Bahru", D)
               .option("cw_johore_defences", "CW", fortress_hexes=("Johore Bahru",))
               .unit("jp", "JP", at=S).unit("cw", "CW", at=D, defense=6))
    # then it defends as a fortress (×2), not a town (×3/2)
    assert _totals(builder)[1] == 12


def test_johore_defences_not_bought_leave_the_terrain_alone_R16_2() -> None:
    builder = (combat_builder().terrain(D, "town").place("Johore Bahru", D)
               .option("cw_johore_defences", "CW", chosen=False, fortress_hexes=("Johore Bahru",))
               .unit("jp", "JP", at=S).unit("cw", "CW", at=D, defense=6))
    assert _totals(builder)[1] == 9


def test_odds_are_rounded_down_to_a_column_R12_4() -> None:
    # given 17 against 6 (2.83:1) / then the 2:1 column
    table = Table.of(combat_builder().unit("jp", "JP", at=S, attack=17).unit("cw", "CW", at=D, defense=6).build())
    assert preview_for(table.gd, table.state, hx(D), ("jp",)).column == "2:1"


def test_odds_better_than_6_to_1_use_the_6_to_1_column_R12_4() -> None:
    table = Table.of(combat_builder().unit("jp", "JP", at=S, attack=40).unit("cw", "CW", at=D, defense=1).build())
    assert preview_for(table.gd, table.state, hx(D), ("jp",)).column == "6:1"


def test_odds_below_1_to_2_cannot_be_resolved_and_roll_dice_says_why_R12_4() -> None:
    # given 5 against 11 (below 1:2)
    table = Table.of(combat_builder().unit("jp", "JP", at=S, attack=5).unit("cw", "CW", at=D, defense=11).build())
    table.declare(D, "jp")
    # when JP clicks Roll Dice / then it is refused with the reason
    rejection = table.check(RollDice(side=Side.JP))
    assert rejection is not None and rejection.code == "odds_too_low"
    assert "below 1:2" in refusal_text(rejection)


def test_exactly_1_to_2_can_be_resolved_R12_4() -> None:
    table = Table.of(combat_builder().unit("jp", "JP", at=S, attack=3).unit("cw", "CW", at=D, defense=6).build())
    table.declare(D, "jp")
    assert table.check(RollDice(side=Side.JP)) is None
