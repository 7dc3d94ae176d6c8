"""Air support and die-roll modifiers (combat chapter "Air Support", "Modifiers"; R11.3-R11.5, R12.5)."""

from __future__ import annotations

from typing import Any

from malaya.engine.actions import CancelCombat, SetCombatAir
from malaya.engine.combat import preview, preview_for
from malaya.engine.combat.events import DiceRolled
from malaya.engine.sides import Side
from malaya.session.words.breakdown_words import breakdown_text
from tests.builder import GameBuilder
from tests.rules.combat_fixtures import D, Table, combat_builder, hx, pools, toward

S, N = toward(D, "S"), toward(D, "N")
JP_FIELD, CW_FIELD = (0, 0), (8, 8)


def _airfields(builder: GameBuilder) -> GameBuilder:
    """A JP airfield (in Siam, so JP-controlled) and a CW airfield, both within range of D."""
    return (builder.siam(JP_FIELD).place("JP field", JP_FIELD, airfield=True)
            .place("CW field", CW_FIELD, airfield=True))


def _table(attack: int = 8, defense: int = 6, terrain: str = "clear", **state: Any) -> Table:
    builder = _airfields(combat_builder().terrain(D, terrain)
                         .unit("jp", "JP", at=S, attack=attack).unit("cw", "CW", at=D, defense=defense))
    return Table.of(builder.build(), **state)


def test_each_attacking_air_point_adds_one_to_the_die_R11_3_R12_5() -> None:
    table = _table(**pools(jp_attack=3))
    table.declare(D, "jp", air=2)
    assert preview(table.gd, table.state).modifier == 2


def test_at_most_three_air_points_support_one_combat_R11_3() -> None:
    table = _table(**pools(jp_attack=5))
    table.declare(D, "jp")
    assert table.check(SetCombatAir(side=Side.JP, air_points=4)).code == "too_many_air_points"
    assert table.check(SetCombatAir(side=Side.JP, air_points=3)) is None


def test_attacking_air_points_must_be_available_in_the_attack_pool_R11_3() -> None:
    table = _table(**pools(jp_attack=1))
    table.declare(D, "jp")
    assert table.check(SetCombatAir(side=Side.JP, air_points=2)).code == "not_enough_air_points"


def test_air_points_may_support_only_a_combat_in_range_of_a_friendly_airfield_R11_5() -> None:
    # given no JP airfield at all
    game = combat_builder().unit("jp", "JP", at=S).unit("cw", "CW", at=D).build()
    table = Table.of(game, **pools(jp_attack=3))
    table.declare(D, "jp")
    # then no attack AP may be added
    assert table.check(SetCombatAir(side=Side.JP, air_points=1)).code == "out_of_air_range"


def test_attacking_air_points_are_spent_at_the_roll_not_at_a_cancel_R11_3() -> None:
    table = _table(**pools(jp_attack=3))
    table.declare(D, "jp", air=2)
    table.do(CancelCombat(side=Side.JP))
    assert table.state.pool("attack", Side.JP) == 3
    table.attack(D, "jp", air=2, die=3)
    assert table.state.pool("attack", Side.JP) == 1


def test_defending_air_points_follow_the_odds_column_R11_4() -> None:
    # given a CW defense pool of 2 and the policy: 2 at 3:1+, 1 at 3:2 or 2:1, else 0
    for attack, column, committed in ((6, "1:1", 0), (9, "3:2", 1), (12, "2:1", 1), (18, "3:1", 2), (36, "6:1", 2)):
        table = _table(attack=attack, **pools(cw_defense=2))
        shown = preview_for(table.gd, table.state, hx(D), ("jp",))
        assert (shown.column, shown.defense_air) == (column, committed)


def test_defending_air_points_are_two_for_a_city_fortress_or_objective_R11_4() -> None:
    for terrain in ("city", "fortress"):
        table = _table(attack=6, defense=1, terrain=terrain, **pools(cw_defense=3))
        assert preview_for(table.gd, table.state, hx(D), ("jp",)).defense_air == 2
    builder = _airfields(combat_builder().objective(D, 1).unit("jp", "JP", at=S, attack=6).unit("cw", "CW", at=D))
    table = Table.of(builder.build(), **pools(cw_defense=3))
    assert preview_for(table.gd, table.state, hx(D), ("jp",)).defense_air == 2


def test_defending_air_points_are_limited_by_the_defense_pool_R11_4() -> None:
    table = _table(attack=18, **pools(cw_defense=1))
    assert preview_for(table.gd, table.state, hx(D), ("jp",)).defense_air == 1


def test_defensive_air_points_do_not_depend_on_attacking_air_points_R11_4() -> None:
    # given the same combat with 0 and with 3 attacking AP
    table = _table(attack=9, **pools(jp_attack=3, cw_defense=2))
    without = preview_for(table.gd, table.state, hx(D), ("jp",), 0)
    with_air = preview_for(table.gd, table.state, hx(D), ("jp",), 3)
    # then the game commits the same defending AP
    # (combat chapter: "does not take into account the attacking Air Points")
    assert without.defense_air == with_air.defense_air == 1
    assert (without.modifier, with_air.modifier) == (-1, 2)


def test_defending_air_points_need_a_defender_airfield_in_range_R11_5() -> None:
    # given a CW defense pool but no CW airfield
    game = combat_builder().unit("jp", "JP", at=S, attack=18).unit("cw", "CW", at=D).build()
    table = Table.of(game, **pools(cw_defense=2))
    assert preview_for(table.gd, table.state, hx(D), ("jp",)).defense_air == 0


def test_committed_defending_air_points_leave_the_defense_pool_and_subtract_from_the_die_R11_4() -> None:
    table = _table(attack=18, **pools(cw_defense=3))
    events = table.attack(D, "jp", die=4)
    rolled = next(e for e in events if isinstance(e, DiceRolled))
    assert (rolled.defense_air, rolled.modifier, rolled.modified_roll) == (2, -2, 2)
    assert table.state.pool("defense", Side.CW) == 1


def test_armor_attacking_into_clear_or_plantation_adds_one_R12_5() -> None:
    for terrain, bonus in (("clear", 1), ("plantation", 1), ("town", 0)):
        builder = (combat_builder().terrain(D, terrain).road(S, D)
                   .unit("tank", "JP", at=S, type="armor").unit("cw", "CW", at=D))
        table = Table.of(builder.build())
        assert preview_for(table.gd, table.state, hx(D), ("tank",)).modifier == bonus, terrain


def test_the_armor_bonus_counts_once_however_many_tanks_attack_R12_5() -> None:
    builder = (combat_builder().road(S, D).road(N, D).unit("t1", "JP", at=S, type="armor")
               .unit("t2", "JP", at=N, type="armor").unit("cw", "CW", at=D))
    table = Table.of(builder.build())
    assert preview_for(table.gd, table.state, hx(D), ("t1", "t2")).modifier == 1


def test_an_amphibious_assault_subtracts_one_R12_5() -> None:
    game = combat_builder().place("Port", D, port=True).unit("jp", "JP", at=(0, 1)).unit("cw", "CW", at=D).build()
    table = Table.of(game).land("jp", D)
    shown = preview_for(table.gd, table.state, hx(D), ("jp",))
    assert shown.modifier == -1
    assert "Amphibious assault: −1 on the die" in [breakdown_text(m) for m in shown.modifier_lines]


def test_the_net_modifier_is_capped_at_three_R12_5() -> None:
    # given 3 attacking AP and a tank in clear terrain (+4)
    builder = _airfields(combat_builder().road(S, D).unit("tank", "JP", at=S, type="armor").unit("cw", "CW", at=D))
    table = Table.of(builder.build(), **pools(jp_attack=3))
    # then the net modifier is +3
    assert preview_for(table.gd, table.state, hx(D), ("tank",), 3).modifier == 3


def test_the_modified_roll_is_clamped_to_the_tables_rows_R12_5() -> None:
    # given +3 on a die of 6 (9) / then the ">=7" row is read and reported as 7
    builder = _airfields(combat_builder().road(S, D).unit("tank", "JP", at=S, type="armor").unit("cw", "CW", at=D))
    table = Table.of(builder.build(), **pools(jp_attack=3))
    events = table.attack(D, "tank", air=3, die=6)
    rolled = next(e for e in events if isinstance(e, DiceRolled))
    assert (rolled.modifier, rolled.modified_roll, rolled.result) == (3, 7, "D1R")
