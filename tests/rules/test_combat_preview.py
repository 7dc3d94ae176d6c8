"""The outcome preview of the Combat Panel (R12.11, R2.5)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from malaya.engine.combat import preview, preview_for
from malaya.engine.combat.events import DiceRolled
from malaya.engine.crt import crt_result
from malaya.engine.sides import Side
from malaya.session.words.breakdown_words import breakdown_text
from malaya.session.words.plain_words import refusal_text
from tests.rules.combat_fixtures import D, Table, combat_builder, hx, pools, toward

S, N = toward(D, "S"), toward(D, "N")


def _table(**state: Any) -> Table:
    builder = (combat_builder().terrain(D, "town").hexside(S, D, "river_minor")
               .siam((0, 0)).place("JP field", (0, 0), airfield=True).place("CW field", (8, 8), airfield=True)
               .unit("a", "JP", at=S, name="6th Regt").unit("b", "JP", at=N)
               .unit("cw", "CW", at=D, defense=4, name="6th Indian Bde"))
    return Table.of(builder.build(), **state)


def test_preview_probabilities_sum_to_one_and_match_the_crt_R12_11() -> None:
    # given a declared combat with attack AP and defending AP in play
    table = _table(**pools(jp_attack=2, cw_defense=2)).declare(D, "a", "b", air=2)
    shown = preview(table.gd, table.state)
    # then each result's probability is the share of die faces giving it, and they sum to 1
    crt = table.gd.scenario.ruleset.combat.crt
    assert sum(p for _, p in shown.probabilities) == 1
    for code, p in shown.probabilities:
        faces = sum(1 for die in range(1, 7) if crt_result(crt, shown.column, die + shown.modifier) == code)
        assert p == Fraction(faces, 6), code
    assert [code for code, _ in shown.probabilities] == list(crt.results)


def test_preview_lists_every_strength_modifier_with_its_reason_R12_11() -> None:
    # given an unsupplied attacker across a river into a town
    table = _table().set_unit("a", supplied=False).declare(D, "a")
    shown = preview(table.gd, table.state)
    texts = [breakdown_text(line) for line in shown.attack_lines + shown.defense_lines]
    assert "6th Regt is unsupplied: ×½" in texts
    assert "6th Regt attacks across a minor river: ×½" in texts
    assert "Town: defenders ×1½" in texts
    assert (shown.attack, shown.defense) == (2, 6)


def test_preview_shows_the_column_the_net_modifier_and_the_defending_ap_R12_11() -> None:
    table = _table(**pools(jp_attack=1, cw_defense=2)).declare(D, "a", "b", air=1)
    shown = preview(table.gd, table.state)
    # 4 + 8 = 12 vs 4 × 3/2 = 6: 2:1; the game commits 1 defending AP (mid need); +1 −1 = 0
    assert (shown.column, shown.defense_air, shown.modifier) == ("2:1", 1, 0)
    assert [(breakdown_text(m), m.value) for m in shown.modifier_lines] == [
        ("1 attacking air point: +1 on the die", 1), ("1 defending air point: −1 on the die", -1)]


def test_the_preview_matches_what_the_roll_then_does_R12_11() -> None:
    table = _table(**pools(jp_attack=1, cw_defense=2)).declare(D, "a", "b", air=1)
    shown = preview(table.gd, table.state)
    events = table.roll(4)
    rolled = next(e for e in events if isinstance(e, DiceRolled))
    assert (rolled.column, rolled.modifier, rolled.defense_air) == (shown.column, shown.modifier, shown.defense_air)
    assert (rolled.attack, rolled.defense) == (str(shown.attack), str(shown.defense))


def test_preview_for_evaluates_a_combat_without_declaring_it() -> None:
    table = _table()
    before = table.state
    shown = preview_for(table.gd, table.state, hx(D), ("a", "b"), 0)
    assert shown.attack == 12 and shown.resolvable and table.state is before


def test_an_unresolvable_preview_says_why_and_gives_no_probabilities_R12_4() -> None:
    table = _table().set_unit("a", supplied=False)
    shown = preview_for(table.gd, table.state, hx(D), ("a",), 0)  # 2 vs 6
    assert shown.column is None and shown.probabilities == () and shown.unresolvable is not None
    assert "below 1:2" in refusal_text(shown.unresolvable)


def test_the_preview_uses_only_what_the_attacker_may_know_R2_5() -> None:
    # given the same combat with and without a hidden CW stack far away
    table = _table()
    far = Table.of(combat_builder().terrain(D, "town").hexside(S, D, "river_minor")
                   .siam((0, 0)).place("JP field", (0, 0), airfield=True).place("CW field", (8, 8), airfield=True)
                   .unit("a", "JP", at=S, name="6th Regt").unit("b", "JP", at=N)
                   .unit("cw", "CW", at=D, defense=4, name="6th Indian Bde").unit("hidden", "CW", at=(8, 0)).build())
    # then the preview is the same: only the defending stack, own units and the AP policy count
    one = preview_for(table.gd, table.state, hx(D), ("a", "b"))
    two = preview_for(far.gd, far.state, hx(D), ("a", "b"))
    assert one == two
    assert one.defenders == ("cw",) and table.state.side is Side.JP
