"""The bundled campaign scenario: calendar (R1.2), air (R11.1), victory (R15), OOB (R14, R16, R17)."""

from __future__ import annotations

import datetime
from collections import Counter

import pytest

from malaya.engine.scenario import (
    JP_BOX,
    Arrival,
    Scenario,
    Side,
    UnitType,
    air_points,
    result_level,
    singapore_vp,
    turn_date,
)


def test_calendar_turn_dates_R1_2(scenario: Scenario) -> None:
    # given the calendar / then turn 1 is 8 Dec 1941, turn 24 15 Feb, turn 28 27 Feb 1942
    cal = scenario.calendar
    assert turn_date(cal, 1) == datetime.date(1941, 12, 8)
    assert turn_date(cal, 2) == datetime.date(1941, 12, 11)
    assert turn_date(cal, 9) == datetime.date(1942, 1, 1)
    assert turn_date(cal, 24) == datetime.date(1942, 2, 15)
    assert turn_date(cal, 28) == datetime.date(1942, 2, 27)
    assert cal.turns == 28


@pytest.mark.parametrize("turn", [0, 29, -1])
def test_turn_outside_the_game_has_no_date_R1_2(scenario: Scenario, turn: int) -> None:
    # given a turn outside 1..28 / then turn_date refuses it
    with pytest.raises(ValueError):
        turn_date(scenario.calendar, turn)


@pytest.mark.parametrize(
    ("side", "expected"),
    [
        (Side.JP, {1: 4, 2: 4, 3: 6, 15: 6, 28: 6}),
        (Side.CW, {1: 3, 2: 2, 5: 2, 6: 1, 22: 1, 23: 0, 28: 0}),
    ],
)
def test_air_point_schedule_R11_1(scenario: Scenario, side: Side, expected: dict[int, int]) -> None:
    # given the schedule / when asking AP per turn / then it is R11.1's default
    for turn, points in expected.items():
        assert air_points(scenario.air, side, turn) == points, turn


def test_air_options_add_one_point_for_their_side_only_R16_2(scenario: Scenario) -> None:
    # given both air options chosen / then each side gets +1, never the other side's
    chosen = [scenario.option("cw_stronger_air"), scenario.option("jp_air_flotilla")]
    assert air_points(scenario.air, Side.CW, 6, chosen) == 2
    assert air_points(scenario.air, Side.JP, 1, chosen) == 5
    assert air_points(scenario.air, Side.JP, 1, chosen[:1]) == 4


@pytest.mark.parametrize(
    ("margin", "level"),
    [
        (30, "Japanese decisive victory"),
        (16, "Japanese decisive victory"),
        (15, "Japanese substantive victory"),
        (9, "Japanese substantive victory"),
        (8, "Japanese marginal victory"),
        (3, "Japanese marginal victory"),
        (2, "Draw"),
        (0, "Draw"),
        (-2, "Draw"),
        (-3, "Commonwealth marginal victory"),
        (-8, "Commonwealth marginal victory"),
        (-9, "Commonwealth substantive victory"),
        (-15, "Commonwealth substantive victory"),
        (-16, "Commonwealth decisive victory"),
        (-40, "Commonwealth decisive victory"),
    ],
)
def test_result_levels_at_their_boundaries_R15_5(
    scenario: Scenario, margin: int, level: str
) -> None:
    # given JP VP - CW VP / then the result level is R15.5's
    assert result_level(scenario.victory, margin) == level


@pytest.mark.parametrize(("margin", "side"), [(16, Side.JP), (3, Side.JP), (2, None), (-2, None), (-3, Side.CW),
                                              (-40, Side.CW)])
def test_the_side_a_result_level_is_a_win_for_is_data_not_its_name_R15_5(
    scenario: Scenario, margin: int, side: Side | None
) -> None:
    # given JP VP - CW VP / then the level's typed side says who won (a draw: nobody)
    assert scenario.victory.result_side(margin) is side


def test_victory_points_R15_2_R15_3(scenario: Scenario) -> None:
    # given the victory data / then Singapore on turn T is 2 x (29 - T) and the VP values match
    v = scenario.victory
    assert singapore_vp(v, 24) == 10 and singapore_vp(v, 28) == 2 and singapore_vp(v, 1) == 56
    assert v.objectives == {
        "Alor Star": 1,
        "Penang": 2,
        "Ipoh": 1,
        "Kuantan": 1,
        "Kuala Lumpur": 3,
        "Malacca": 1,
        "Johore Bahru": 2,
    }
    assert (v.cw_vp_per_jp_step, v.cw_singapore_held_vp) == (1, 10)


def test_unit_ids_are_unique_and_every_unit_enters_once(scenario: Scenario) -> None:
    # given the OOB / then ids are unique and each unit is set up, scheduled or offered once
    ids = [u.id for u in scenario.units]
    assert len(ids) == len(set(ids))
    entering = [p.unit for p in scenario.setup] + [r.unit for r in scenario.reinforcements]
    entering += [o.unit for o in scenario.optional_units]
    assert sorted(entering) == sorted(ids)


def test_setup_stacks_respect_the_stacking_limit_R4_1(scenario: Scenario) -> None:
    # given the set-up positions / then no position holds more than 4 points (6 in Singapore)
    stacks: Counter[str] = Counter()
    for p in scenario.setup:
        if p.at != JP_BOX:
            stacks[p.at] += scenario.unit(p.unit).stacking
    for at, points in stacks.items():
        assert points <= (6 if at == "Singapore" else 4), at


def test_factors_follow_the_R17_classes(scenario: Scenario) -> None:
    # given the OOB / then JP regiments, Guards and tanks have R17's factors and stacking
    for u in scenario.units:
        if u.side is Side.JP:
            expected = (
                (8, 4, 10)
                if u.type is UnitType.ARMOR
                else (7, 6, 7)
                if u.nationality == "Guards"
                else (8, 6, 7)
            )
            assert (tuple(u.full), u.stacking, u.steps) == (expected, 2, 2), u.id


def test_setup_follows_R17(scenario: Scenario) -> None:
    # given the set-up / then the historical at-start positions of R17 are used
    at = {p.unit: p.at for p in scenario.setup}
    assert at["cw_6ind_bde"] == at["cw_15ind_bde"] == "Jitra"
    assert at["cw_8ind_bde"] == "Kota Bharu" and at["cw_22ind_bde"] == "Kuantan"
    assert at["cw_12ind_bde"] == "Port Dickson" and at["cw_krohcol"] == "Kroh"
    assert at["cw_1malaya_bde"] == at["cw_2malaya_bde"] == "Singapore"
    assert at["cw_ssvf"] == "Kallang"  # on the island too: Singapore holds 4 stacking points (R4.1)
    assert at["jp_56_inf"] == JP_BOX
    jp_start = [u for u, a in at.items() if u.startswith("jp_") and a != JP_BOX]
    assert len(jp_start) == 5  # 5th Division's 4 regiments + 1 tank regiment


def test_reinforcement_schedule_R14_5(scenario: Scenario) -> None:
    # given the schedule / then CW units arrive at Singapore on R14.5's turns, JP at the edge/box
    turn = {r.unit: r.turn for r in scenario.reinforcements}
    assert turn["cw_45ind_bde"] == 9 and turn["cw_53brit_bde"] == 13
    assert turn["cw_44ind_bde"] == turn["cw_2_4aus_mg"] == 16
    assert {turn["cw_54brit_bde"], turn["cw_55brit_bde"], turn["cw_9rnf_mg"]} <= set(range(18, 21))
    assert [turn[f"jp_{n}_guards"] for n in (3, 4, 5)] == [3, 4, 5]
    assert 6 <= turn["jp_6_tank"] <= 9
    assert all(10 <= turn[u] <= 16 for u in ("jp_55_inf", "jp_114_inf"))
    for r in scenario.reinforcements:
        side = scenario.unit(r.unit).side
        assert (r.where is Arrival.SINGAPORE) == (side is Side.CW)


def test_options_and_optional_units_R16(scenario: Scenario) -> None:
    # given options and optional units / then their VP costs and turns are R16's
    vp = {o.id: (o.side, o.vp) for o in scenario.options}
    assert vp == {
        "cw_rail_capacity": (Side.CW, 2),
        "cw_matador": (Side.CW, 4),
        "cw_stronger_air": (Side.CW, 3),
        "cw_johore_defences": (Side.CW, 3),
        "jp_air_flotilla": (Side.JP, 2),
        "jp_early_west_shipping": (Side.JP, 3),
    }
    assert scenario.option("cw_rail_capacity").effects.rail_capacity == 2
    border = scenario.option("cw_matador").effects.setup_across_border
    assert border is not None and border.max_hexes == 3
    opt = {o.unit: (o.turn, o.vp) for o in scenario.optional_units}
    assert [opt[u] for u in ("jp_113_inf", "jp_146_inf", "jp_148_inf")] == [(10, 3)] * 3
    assert [opt[u] for u in ("cw_18aus_bde", "cw_21aus_bde", "cw_25aus_bde")] == [(16, 3)] * 3
    assert opt["cw_7armd_bde"] == (18, 4)
    assert scenario.unit("cw_7armd_bde").type is UnitType.ARMOR


def test_scenario_names_its_map_and_id(scenario: Scenario) -> None:
    # given the bundled scenario / then it is "malaya1941" with map.tmx
    assert scenario.id == "malaya1941" and scenario.map == "map.tmx"


def test_victory_methods_match_the_functions_R15(scenario: Scenario) -> None:
    # given the victory data / then its convenience methods agree with the pure functions
    v = scenario.victory
    assert v.singapore_capture_vp(24) == singapore_vp(v, 24) == 10
    assert v.result_level(-9) == result_level(v, -9) == "Commonwealth substantive victory"
