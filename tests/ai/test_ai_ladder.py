"""The AI ladder's campaign metrics (issue 18 item 5) on one short game, and the frozen ``baseline`` level."""

from __future__ import annotations

from dataclasses import replace

import pytest

from malaya.ai.combat import lapsing_air
from malaya.ai.levels import LEVELS, Behaviour, Level, level
from malaya.engine.air import in_air_range
from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Hex
from malaya.engine.sides import Side
from malaya.engine.state import ForceZStatus, GameState, Location, set_pool
from malaya.runners import ladder_watch as ladder
from malaya.runners.ladder import LadderPlan
from malaya.runners.ladder_report import campaign_row
from malaya.session.match import Match

B = Behaviour
CHANGED_SINCE_BASELINE = frozenset({
    B.FREE_LAPSING_AIR, B.AIR_BUDGET, B.EVEN_ODDS_RULE, B.PICKET_SUPPLY_ROAD, B.KEEP_WAY_TO_REDOUBT, B.SEARCH_COMBATS,
    B.LAPSING_AIR_DECLARES, B.CONTEST_FIRST_LANDING, B.SCRIPTED_FIRST_LANDING, B.GUARD_SUPPLY_ROAD, B.LOW_ODDS_RULE,
    B.AIR_BACKED_ASSAULTS, B.GUARD_REDOUBT_SHORE, B.SEEK_AIR_CONTACT, B.RETURN_STRANDED, B.BLOW_CROSSING_EARLY,
    B.SPEND_LEFTOVER_AIR, B.KEEP_RETREAT_ROOM, B.STRANDED_BLOCK_RETREATS, B.AVOID_STRANDING, B.ROOM_FOR_ASSAULTS,
    B.JOIN_ASSAULTS, B.WAIT_FOR_BETTER_ODDS, B.ACCEPT_EXPOSURE, B.LATE_FINAL_STAND, B.ARMOR_ANCHOR,
    # issue 25: the candidate actions and the one evaluation of the victory terms
    B.TAKE, B.MARCH, B.KEEP, B.HOLD, B.ATTACK_BY_TERMS, B.GARRISON_IN_REACH, B.PLACEABLE_OPTIONS_ONLY,
    B.COUNTER_CLEAR_OF_MASS})
"""Behaviours hard gained after baseline was frozen (issues 18 and 25), with its Movement-phase search budget:
without them, hard is baseline again."""


def _hard_as_frozen() -> Level:
    """The hard level with every change made since the ladder was built turned off."""
    return replace(level("hard").without(*CHANGED_SINCE_BASELINE), name="hard_as_frozen", search_budget=0)


def test_baseline_is_todays_hard_level_under_its_own_name() -> None:
    """Given the levels, then baseline has every knob of the hard level as it was frozen."""
    frozen, baseline = _hard_as_frozen(), level("baseline")
    assert baseline.name == "baseline" and "baseline" in LEVELS
    assert {k: getattr(frozen, k) for k in frozen.__slots__ if k != "name"} == \
           {k: getattr(baseline, k) for k in baseline.__slots__ if k != "name"}


@pytest.mark.slow
def test_baseline_plays_the_same_game_as_hard_did_for_a_seed(jitra: GameDef, monkeypatch: pytest.MonkeyPatch
                                                              ) -> None:
    """Given seed 3 on Jitra, when baseline and hard (its later changes turned off) each play JP against
    the normal CW, then every measured figure of the two games is the same."""
    monkeypatch.setitem(LEVELS, "hard_as_frozen", _hard_as_frozen())
    hard = ladder.play_ladder_game(jitra, 3, "hard_as_frozen", "normal")
    baseline = ladder.play_ladder_game(jitra, 3, "baseline", "normal")
    fields = [f for f in hard.__dataclass_fields__ if f not in ("jp", "jp_side", "cw_side")]
    assert [getattr(hard, f) for f in fields] == [getattr(baseline, f) for f in fields]
    for side in (Side.JP, Side.CW):
        played, frozen = hard.side(side), baseline.side(side)
        side_fields = [f for f in played.__dataclass_fields__ if f not in ("level", "turn_cpu_s")]
        assert [getattr(played, f) for f in side_fields] == [getattr(frozen, f) for f in side_fields]


@pytest.mark.slow
def test_ladder_metrics_of_one_short_game_are_sane(jitra: GameDef) -> None:
    """Given one Jitra game of normal vs normal, then the JP received air points every turn (R11.1),
    lapsed no more than it received (R11.2), rolled some combats with the ≤ 1:1 ones among them,
    and the campaign table prints one row for the pairing."""
    game = ladder.play_ladder_game(jitra, 0, "normal", "normal")
    assert game.jp_ap_received > 0
    assert 0 <= game.jp_ap_expired <= game.jp_ap_received
    assert game.jp_combats > 0
    assert 0 <= game.jp_combats_at_most_even <= game.jp_combats
    assert 0 <= game.jp_combats_column_at_most_even <= game.jp_combats
    assert 0 <= game.jp_most_unsupplied <= len(jitra.scenario.units)
    assert game.cw_stranded_unit_turns >= 0
    assert all(s >= 0 for s in game.jp_side.turn_cpu_s) and sum(game.cw_side.turn_cpu_s) > 0
    row = campaign_row([game])
    assert row.split()[:3] == ["normal", "normal", "1"]


def test_a_ratio_column_of_one_to_one_or_worse_counts_as_even() -> None:
    """Given CRT column labels (R12.5), then 1:2 and 1:1 are at most even, 3:2 and difference columns are not."""
    assert ladder.column_at_most_even("1:2") and ladder.column_at_most_even("1:1")
    assert not ladder.column_at_most_even("3:2") and not ladder.column_at_most_even("-1")


def test_mainland_near_singapore_leaves_out_the_island(jitra: GameDef) -> None:
    """Given the map, then the stranding area is land near the fortress but none of Singapore island (R5.2)."""
    near = ladder.mainland_near_singapore(jitra)
    assert near
    assert not near & set(jitra.singapore_hexes)
    assert all(min(h.distance(s) for s in jitra.singapore_hexes) <= 10 for h in near)



def _opening_with_jp_attack_air(gd: GameDef, points: int) -> GameState:
    """The opening state (JP to play) with ``points`` AP in the JP attack pool."""
    state = Match.new(gd, seed=0).state
    return replace(state, attack_pool=set_pool(state.attack_pool, Side.JP, points))


def test_attack_air_no_other_combat_could_use_is_free(jitra: GameDef) -> None:
    """Given JP with 6 attack AP: with three targets that may each take 3, none is free for any;
    with one target, all 6 are (what it does not take lapses at the turn's end, R11.2); with a
    second target that may take 3, the other 3 are free for the first (issue 18 blunder 1)."""
    state = _opening_with_jp_attack_air(jitra, 6)
    a, b, c = Hex(0, 0), Hex(1, 0), Hex(2, 0)
    assert state.side is Side.JP
    assert lapsing_air(state, {a: 3, b: 3, c: 3}, a) == 0
    assert lapsing_air(state, {a: 3}, a) == 6
    assert lapsing_air(state, {a: 3, b: 3}, a) == 3


def test_normal_and_hard_count_lapsing_air_as_free_but_baseline_does_not() -> None:
    """Given the levels, then normal and hard treat lapsing AP as free (R11.2), baseline stays frozen."""
    free = Behaviour.FREE_LAPSING_AIR
    assert level("normal").has(free) and level("hard").has(free)
    assert not level("baseline").has(free) and not level("easy").has(free)


def test_against_a_level_plays_each_other_level_both_ways_only() -> None:
    """Given hard and normal measured against baseline, then each meets baseline as JP and as CW, never each
    other, and baseline meets itself once (the yardstick)."""
    plan = LadderPlan("run", ("jitra",), ("normal", "hard"), "baseline", 2, 0)
    assert plan.pairings() == [("normal", "baseline"), ("baseline", "normal"), ("hard", "baseline"),
                               ("baseline", "hard"), ("baseline", "baseline")]


def test_the_lapse_floor_counts_what_no_combat_in_air_range_could_take(jitra: GameDef) -> None:
    """Given 6 JP AP at the opening with Force Z gone: with every CW unit off the map none could be spent;
    with one CW hex left in JP air range a combat there could take 3, so 3 must lapse (R11.2, R11.3, R11.5);
    while Force Z may still be struck, nothing must (R9.7)."""
    state = replace(Match.new(jitra, seed=0).state, force_z=ForceZStatus.SUNK)
    cw = [i for i, u in enumerate(state.units) if u.on_map and jitra.side_of(u.id) is Side.CW]
    in_range = next(i for i in cw if in_air_range(jitra, state, Side.JP, state.units[i].hex))
    off = tuple(replace(u, location=Location.ELIMINATED, hex=None) if i in cw and i != in_range else u
                for i, u in enumerate(state.units))
    one_left = replace(state, units=off)
    none_left = replace(state, units=tuple(replace(u, location=Location.ELIMINATED, hex=None) if i in cw else u
                                           for i, u in enumerate(state.units)))
    assert ladder.unavoidable_lapse(jitra, none_left, 6) == 6
    assert ladder.unavoidable_lapse(jitra, one_left, 6) == 3
    strike_turn = jitra.scenario.ruleset.force_z.first_turn
    assert ladder.unavoidable_lapse(jitra, replace(one_left, force_z=ForceZStatus.AFLOAT, turn=strike_turn), 6) == 0
