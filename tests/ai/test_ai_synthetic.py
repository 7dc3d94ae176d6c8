"""Synthetic scenarios (issue 25): small maps whose victory terms differ from the campaign's, played to the
end. The hard level (the one with the candidate actions) must read each scenario's own goals: objectives off the
main road, a side that must attack, a side that must hold, and a map with no Singapore at all (R15)."""

from __future__ import annotations

import pytest

from malaya.engine import rules
from malaya.engine.gamedef import GameDef
from malaya.engine.sides import Side
from malaya.session.controllers import make_controller
from malaya.session.match import Match
from tests.builder import GameBuilder

ROAD = [(c, 1) for c in range(1, 12)]
LEVELS = [{"name": "JP wins", "side": "JP", "min": 4}, {"name": "Draw", "min": 2}, {"name": "CW wins", "side": "CW"}]


def _off_the_road() -> GameDef:
    # given no Singapore: a road east along row 1 with a 1-VP town at its end, and two empty 2-VP towns
    # off it to the south; three JP regiments in the west, one CW brigade guarding the road town; the
    # JP must take the towns off the road to win (R15.5: 4 VP or more)
    return (GameBuilder(width=13, height=10).siam((0, 0), (0, 1)).road(*ROAD)
            .place("Supply", (0, 1), supply_source="JP")
            .objective((11, 1), 1).objective((6, 7), 2).objective((9, 8), 2)
            .unit("jp_a", "JP", at=(1, 1)).unit("jp_b", "JP", at=(1, 2)).unit("jp_c", "JP", at=(2, 1))
            .unit("cw_a", "CW", at=(11, 1), movement=4)
            .victory_terms(cw_singapore_held_vp=0, levels=LEVELS)
            .lasting(4).build().gd)


def _play(gd: GameDef, jp: str, cw: str, seed: int) -> int:
    """JP VP minus CW VP at the end of one game between these levels."""
    match = Match.new(gd, seed=seed)
    players = {side: make_controller(f"ai:{name}", side, seed) for side, name in ((Side.JP, jp), (Side.CW, cw))}
    for _ in range(5000):
        if rules.is_terminal(match.state):
            break
        assert match.submit(players[match.state.side](gd, match.state)) is None
    result = rules.result(gd, match.state)
    assert result is not None
    return result.margin


def test_objectives_off_the_road_are_taken_by_the_level_that_reads_the_victory_terms() -> None:
    gd = _off_the_road()
    # when the hard, normal and easy JP each play the scenario against the easy CW
    margins = {jp: _play(gd, jp, "easy", seed=1) for jp in ("hard", "normal", "easy")}
    # then the hard JP takes the towns off the road and scores more than normal and easy
    assert margins["hard"] >= 4, margins
    assert margins["hard"] > margins["normal"] and margins["hard"] > margins["easy"], margins


def _must_attack() -> GameDef:
    # given no Singapore: a 3-VP town on a road, held by one strong CW brigade (defense 9), three JP regiments
    # two to four hexes west of it and three game-turns; each JP step lost is a CW VP (R15.3), and the JP wins
    # only at +2 or more (R15.5): it must attack the town and take it at a small cost
    levels = [{"name": "JP wins", "side": "JP", "min": 2}, {"name": "Draw", "min": 0},
              {"name": "CW wins", "side": "CW"}]
    return (GameBuilder(width=13, height=8).siam((0, 0), (0, 1)).road(*ROAD)
            .place("Supply", (0, 1), supply_source="JP")
            .objective((6, 1), 3)
            .unit("jp_a", "JP", at=(3, 1)).unit("jp_b", "JP", at=(3, 2)).unit("jp_c", "JP", at=(2, 1))
            .unit("cw_a", "CW", at=(6, 1), defense=9)
            .victory_terms(cw_singapore_held_vp=0, levels=levels)
            .lasting(3).build().gd)


@pytest.mark.slow
def test_a_side_that_must_attack_wins_at_the_level_that_reads_the_victory_terms() -> None:
    gd = _must_attack()
    # when the hard, normal and easy JP each play six games (seeds 1-6) against the easy CW
    margins = {jp: [_play(gd, jp, "easy", seed) for seed in range(1, 7)] for jp in ("hard", "normal", "easy")}
    # then the hard JP wins every one of them, and scores more in all than normal and easy
    assert all(m >= 2 for m in margins["hard"]), margins
    assert sum(margins["hard"]) > sum(margins["normal"]) > sum(margins["easy"]), margins


def _must_hold() -> GameDef:
    # given no Singapore: three 2-VP towns the CW holds, two on the road (one garrisoned) and one off it to the
    # south, four JP regiments in the west, two more CW brigades (defense 8) behind the road and five game-turns;
    # the JP wins at 4 VP or more, the CW below 2 (R15.5): the CW must keep at least two towns to the end
    return (GameBuilder(width=13, height=9).siam((0, 0), (0, 1)).road(*ROAD)
            .place("Supply", (0, 1), supply_source="JP").place("CW Supply", (12, 1), supply_source="CW")
            .objective((6, 1), 2).objective((9, 1), 2).objective((8, 5), 2)
            .unit("jp_a", "JP", at=(1, 1)).unit("jp_b", "JP", at=(1, 2)).unit("jp_c", "JP", at=(2, 1))
            .unit("jp_d", "JP", at=(2, 2))
            .unit("cw_a", "CW", at=(6, 1), defense=8).unit("cw_b", "CW", at=(10, 3), defense=8)
            .unit("cw_c", "CW", at=(11, 6), defense=8)
            .victory_terms(cw_singapore_held_vp=0, levels=LEVELS).lasting(5).build().gd)


@pytest.mark.slow
def test_a_side_that_must_hold_holds_at_the_level_that_reads_the_victory_terms() -> None:
    gd = _must_hold()
    # when the hard, normal and easy CW each play six games (seeds 1-6) against the hard JP
    margins = {cw: [_play(gd, "hard", cw, seed) for seed in range(1, 7)] for cw in ("hard", "normal", "easy")}
    # then the hard CW wins every one of them (the JP below 2 VP net), and concedes less in all than normal and easy
    assert all(m < 2 for m in margins["hard"]), margins
    assert sum(margins["hard"]) < sum(margins["normal"]) and sum(margins["hard"]) < sum(margins["easy"]), margins


def _no_singapore() -> GameDef:
    # given a map with no fortress hex at all: a road east-west between the JP's supply in Siam and the CW's,
    # a 2-VP town on it, a 2-VP town north of it and a 1-VP town south; four JP regiments against three CW
    # brigades (defense 7), five game-turns; the CW's held-at-end VP (3) are the CW's at the end, as no
    # Singapore can fall (R15.1, R15.2); the JP wins at +1, the CW at -2 or less
    levels = [{"name": "JP wins", "side": "JP", "min": 1}, {"name": "Draw", "min": -1},
              {"name": "CW wins", "side": "CW"}]
    return (GameBuilder(width=13, height=10).siam(*[(c, r) for c in range(2) for r in range(10)])
            .road(*[(c, 4) for c in range(13)])
            .place("JP Supply", (0, 4), supply_source="JP").place("CW Supply", (12, 4), supply_source="CW")
            .objective((6, 4), 2).objective((7, 8), 1).objective((8, 1), 2)
            .unit("jp_a", "JP", at=(1, 4)).unit("jp_b", "JP", at=(1, 3)).unit("jp_c", "JP", at=(1, 5))
            .unit("jp_d", "JP", at=(0, 4))
            .unit("cw_a", "CW", at=(6, 4), defense=7).unit("cw_b", "CW", at=(10, 2), defense=7)
            .unit("cw_c", "CW", at=(10, 7), defense=7)
            .victory_terms(cw_singapore_held_vp=3, levels=levels).lasting(5).build().gd)


@pytest.mark.slow
def test_on_a_map_with_no_singapore_the_hard_level_scores_most_over_side_swapped_pairs() -> None:
    gd = _no_singapore()
    assert not gd.singapore_hexes
    # when the hard, normal and easy levels each play six side-swapped pairs (seeds 1-6) against the normal level
    score = {lvl: sum(_play(gd, lvl, "normal", seed) - _play(gd, "normal", lvl, seed) for seed in range(1, 7))
             for lvl in ("hard", "normal", "easy")}
    # then the hard level's margin, as Japan plus as the Commonwealth, is the best of the three
    assert score["hard"] > score["normal"] and score["hard"] > score["easy"], score
