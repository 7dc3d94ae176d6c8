"""Ruleset tables as data: terrain, hexsides, movement, stacking, air, supply, naval (R4-R12)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from pydantic import ValidationError

from malaya.engine.board import Hexside, Terrain
from malaya.engine.datatypes import parse_cost, parse_fraction
from malaya.engine.ruleset import (
    Ruleset,
    defending_air_points,
    die_modifier,
    modified_ma,
    stacking_limit,
)
from malaya.engine.sides import Side
from tests.content.words import raises_rules

R5_1 = {
    # terrain: (infantry MP, armor MP or None = prohibited, defender multiplier)
    Terrain.CLEAR: (1, 1, 1),
    Terrain.PLANTATION: (1, 2, 1),
    Terrain.JUNGLE: (2, None, 1),
    Terrain.SWAMP: (3, None, 1),
    Terrain.MOUNTAIN: (3, None, 2),
    Terrain.TOWN: (1, 1, Fraction(3, 2)),
    Terrain.CITY: (1, 1, 2),
    Terrain.FORTRESS: (1, 1, Fraction(3, 2)),  # RULES.md ×2, tuned for balance (rules-notes "Balance")
}


@pytest.mark.parametrize(("terrain", "expected"), R5_1.items())
def test_terrain_table_matches_R5_1(ruleset: Ruleset, terrain: Terrain, expected: tuple) -> None:
    # given the ruleset / then each terrain's costs and multiplier are R5.1's, as exact values
    eff = ruleset.terrain[terrain]
    assert (eff.infantry_mp, eff.armor_mp, eff.defense) == expected


def test_sea_is_prohibited_to_everyone_R5_1(ruleset: Ruleset) -> None:
    # given sea terrain / then both unit types are prohibited
    sea = ruleset.terrain[Terrain.SEA]
    assert sea.infantry_mp is None and sea.armor_mp is None


def test_hexside_effects_match_R5_2(ruleset: Ruleset) -> None:
    # given the hexside table / then rivers add MP and halve attacks, armor needs a bridge on
    # major rivers, the strait is infantry-only using the whole MA, sea is prohibited
    minor, major = ruleset.hexsides[Hexside.RIVER_MINOR], ruleset.hexsides[Hexside.RIVER_MAJOR]
    assert (minor.extra_mp, minor.attack, minor.armor_needs_bridge) == (1, Fraction(1, 2), False)
    assert (major.extra_mp, major.attack, major.armor_needs_bridge) == (2, Fraction(1, 2), True)
    strait = ruleset.hexsides[Hexside.STRAIT]
    assert strait.infantry_only and strait.whole_ma
    assert strait.attack == Fraction(2, 3)  # RULES.md ×½, tuned for balance (rules-notes "Balance")
    assert strait.blocks_zoc and strait.blocks_supply
    assert ruleset.hexsides[Hexside.SEA].prohibited
    causeway = ruleset.hexsides[Hexside.CAUSEWAY]
    assert causeway.attack == 1 and causeway.demolished_as is Hexside.STRAIT


def test_road_costs_half_and_rail_one_MP_R5_2(ruleset: Ruleset) -> None:
    # given the movement table / then road is 1/2 MP and rail 1 MP, exact
    assert ruleset.movement.road_mp == Fraction(1, 2)
    assert ruleset.movement.rail_mp == 1


@pytest.mark.parametrize(
    ("printed", "kwargs", "expected"),
    [
        (7, {}, 7),
        (7, {"supplied": False}, 3),  # halved, rounded down
        (1, {"supplied": False}, 1),  # minimum 1
        (10, {"moved_by_sea": True}, 5),
        (7, {"landed": True}, 0),
    ],
)
def test_movement_allowance_modifiers_R7_3(
    ruleset: Ruleset, printed: int, kwargs: dict, expected: int
) -> None:
    # given a printed MA and a condition / then the MA is modified per R7.3
    assert modified_ma(ruleset.movement, printed, **kwargs) == expected


def test_stacking_limit_is_4_everywhere_in_the_campaign_R4_1(ruleset: Ruleset) -> None:
    # given the stacking table / then 4 points per hex; fortress hexes keep their own entry, tuned
    # from RULES.md's 6 down to 4 for balance (docs/rules-notes.md, "Balance")
    assert stacking_limit(ruleset.stacking, Terrain.CLEAR) == 4
    assert stacking_limit(ruleset.stacking, Terrain.CITY) == 4
    assert stacking_limit(ruleset.stacking, Terrain.FORTRESS) == 4
    assert Terrain.FORTRESS in ruleset.stacking.terrain_limits


def test_rail_naval_force_z_and_supply_numbers_R8_R9_R10(ruleset: Ruleset) -> None:
    # given the ruleset / then the capacities and limits are the rules' numbers
    assert ruleset.rail.capacity == {Side.JP: 1, Side.CW: 1} and ruleset.rail.max_hexes == 40
    n = ruleset.naval
    assert (n.jp_east_capacity, n.jp_west_capacity, n.cw_capacity_per_coast) == (5, 0, 1)
    assert (n.west_capture_percent, n.west_capture_percent_if_attacked) == (80, 20)
    assert (n.west_capacity_after_capture, n.west_capture_delay_turns) == (1, 2)
    z = ruleset.force_z
    assert (
        z.first_turn,
        z.leaves_after_turn,
        z.intercept_roll,
        z.intercept_steps,
        z.max_air_points,
    ) == (2, 3, 1, 1, 3)
    s = ruleset.supply
    # overland reach: RULES.md 4 hexes, tuned to 6 for balance (docs/rules-notes.md, "Balance")
    assert (s.overland_hexes, s.attrition_turns, s.attrition_steps) == (6, 3, 1)
    assert s.unsupplied_attack == s.unsupplied_defense == Fraction(1, 2)


@pytest.mark.parametrize(
    ("kwargs", "expected"),
    [
        ({"attack_ap": 2}, 2),
        ({"attack_ap": 3, "defense_ap": 1}, 2),
        ({"attack_ap": 3, "armor_bonus": True}, 3),  # capped at +3
        ({"defense_ap": 2, "amphibious": True, "attack_ap": 0}, -3),
        ({"defense_ap": 4, "amphibious": True}, -3),  # capped at -3
        ({"armor_bonus": True, "amphibious": True}, 0),
    ],
)
def test_die_modifiers_and_cap_R12_5(ruleset: Ruleset, kwargs: dict, expected: int) -> None:
    # given a combat's modifiers / then the net die modifier is their sum capped at +-3
    assert die_modifier(ruleset.combat.modifiers, **kwargs) == expected


@pytest.mark.parametrize(
    ("column", "terrain", "objective", "pool", "expected"),
    [
        ("3:1", Terrain.CLEAR, False, 5, 2),
        ("1:1", Terrain.CITY, False, 5, 2),
        ("1:1", Terrain.CLEAR, True, 5, 2),
        ("2:1", Terrain.CLEAR, False, 5, 1),
        ("3:2", Terrain.JUNGLE, False, 5, 1),
        ("1:1", Terrain.CLEAR, False, 5, 0),
        ("6:1", Terrain.FORTRESS, True, 1, 1),  # limited by the pool
        ("6:1", Terrain.FORTRESS, True, 0, 0),
    ],
)
def test_defending_air_point_policy_R11_4(
    ruleset: Ruleset, column: str, terrain: Terrain, objective: bool, pool: int, expected: int
) -> None:
    # given a combat / then the game commits min(need, pool, 2) defending AP
    assert (
        defending_air_points(ruleset.air.defense_policy, column, terrain, objective, pool)
        == expected
    )


def test_air_limits_R11_3_R11_5(ruleset: Ruleset) -> None:
    # given the air table / then at most 3 AP per combat and a range of 14 hexes (RULES.md 10,
    # tuned for balance: docs/rules-notes.md, "Balance")
    assert ruleset.air.max_attack_per_combat == 3 and ruleset.air.range_hexes == 14


@pytest.mark.parametrize(
    ("raw", "value"),
    [(2, Fraction(2)), ("1/2", Fraction(1, 2)), ("3/2", Fraction(3, 2)), (" 2 ", Fraction(2))],
)
def test_exact_fractions_accept_ints_and_fraction_strings_R5_3(
    raw: object, value: Fraction
) -> None:
    # given a number as written in a data file / then it becomes an exact Fraction
    assert parse_fraction(raw) == value


@pytest.mark.parametrize("raw", [1.5, True, "abc", "1/0", None])
def test_inexact_or_invalid_fractions_are_refused(raw: object) -> None:
    # given a float, bool or junk / then parsing fails with a ValueError
    with pytest.raises(ValueError):
        parse_fraction(raw)


def test_prohibited_cost_is_none() -> None:
    # given the word "prohibited" / then the cost is None; negative costs are refused
    assert parse_cost("prohibited") is None and parse_cost("Prohibited") is None
    with pytest.raises(ValueError):
        parse_cost(-1)


def test_ruleset_missing_a_terrain_is_rejected(ruleset: Ruleset) -> None:
    # given a ruleset without a terrain entry / then validation names the missing terrain
    data = ruleset.model_dump()
    del data["terrain"][Terrain.SWAMP]
    with raises_rules("missing entries for swamp", ValidationError):
        Ruleset.model_validate(data)


def test_models_are_frozen(ruleset: Ruleset) -> None:
    # given a loaded ruleset / then it cannot be changed
    with pytest.raises(ValidationError):
        ruleset.stacking.limit = 5  # type: ignore[misc]
