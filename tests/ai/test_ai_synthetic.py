"""Synthetic scenarios (issue 25): small maps whose victory terms differ from the campaign's, played to the
end. The hard level (the one with the candidate actions) must read each scenario's own goals: objectives off the
main road and a side that must attack, on maps with no Singapore (R15)."""

from __future__ import annotations

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


def test_a_side_that_must_attack_wins_at_the_level_that_reads_the_victory_terms() -> None:
    gd = _must_attack()
    # when the hard, normal and easy JP each play six games (seeds 1-6) against the easy CW
    margins = {jp: [_play(gd, jp, "easy", seed) for seed in range(1, 7)] for jp in ("hard", "normal", "easy")}
    # then the hard JP wins every one of them, and scores more in all than normal and easy
    assert all(m >= 2 for m in margins["hard"]), margins
    assert sum(margins["hard"]) > sum(margins["normal"]) > sum(margins["easy"]), margins
