"""The AI ladder runner (issue 25 item 6): seeds from the run name, side-swapped pairs, scores by the scenario's
own result levels (R15.5) with draws as half, 95 % intervals, and a tiny run end to end through ``malaya ladder``."""

from __future__ import annotations

import hashlib
from dataclasses import replace
from pathlib import Path

import pytest

from malaya import engine
from malaya.cli import main
from malaya.engine.events import HexControlChanged
from malaya.engine.gamedef import GameDef
from malaya.engine.reinforcement import OptionalUnitAccepted
from malaya.engine.sides import Side
from malaya.engine.state import Location, Phase
from malaya.persistence import load_match
from malaya.resources import DEFAULT_SCENARIO
from malaya.runners.ladder import SELF_PLAY_LEVEL, bundled_scenarios, ladder_jobs, load_bundled, make_plan, play_job
from malaya.runners.ladder_report import MOST_UNSUPPLIED, ladder_report, scenario_targets
from malaya.runners.ladder_stats import difference, game_score, run_seeds, score, wilson
from malaya.runners.ladder_watch import LadderWatch, play_ladder_game, save_name, side_figures
from malaya.session.match import Match
from tests.builder import Game, GameBuilder


def test_seeds_come_from_a_hash_of_the_run_name() -> None:
    # given two runs with the same name and one with another
    first, again, other = run_seeds("before", 5), run_seeds("before", 5), run_seeds("after", 5)
    # then the same name gives the same seeds, another name other seeds, and none repeats within a run
    assert first == again and not set(first) & set(other) and len(set(first)) == 5
    # and each is the first four bytes of sha256("name/index"), so more pairs extend a run without reshuffling it
    assert first[0] == int.from_bytes(hashlib.sha256(b"before/0").digest()[:4], "big")
    assert run_seeds("before", 3) == first[:3]


def test_each_seed_plays_a_side_swapped_pair_and_the_reference_against_itself() -> None:
    # given easy measured against baseline on Jitra, 2 pairs
    plan = make_plan("pairs", "jitra", ["easy", "baseline"], "baseline", pairs=2, pace=5)
    # when the jobs are laid out
    jobs = ladder_jobs(plan)
    # then each seed has easy as JP and as CW against baseline, and baseline v baseline once; no pace games
    # off the campaign
    for seed in plan.seeds:
        assert [(jp, cw) for name, s, jp, cw in jobs if s == seed] == [
            ("easy", "baseline"), ("baseline", "easy"), ("baseline", "baseline")]
    assert len(jobs) == 6 and plan.pace == 0 and {name for name, *_ in jobs} == {"jitra"}


def test_all_covers_every_bundled_scenario_and_the_campaign_adds_normal_pace_games() -> None:
    # given the ladder over every scenario with 3 pace games
    plan = make_plan("all", "all", ["hard", "baseline"], "baseline", pairs=1, pace=3)
    jobs = ladder_jobs(plan)
    # then every bundled scenario is played, the campaign among them, and the campaign alone has normal v normal
    assert plan.scenarios == tuple(bundled_scenarios()) and DEFAULT_SCENARIO in plan.scenarios
    assert {"jitra", "kampar", "muar", "singapore"} <= set(plan.scenarios)
    assert {name for name, _, jp, cw in jobs if (jp, cw) == ("normal", "normal")} == {DEFAULT_SCENARIO}
    assert sum((jp, cw) == ("normal", "normal") for *_, jp, cw in jobs) == 3


def test_the_campaign_adds_hard_v_hard_games_and_judges_the_hard_japanese_supply_in_them() -> None:
    # given the campaign ladder of hard against baseline with 2 pairs, 1 pace game and 3 hard v hard games
    plan = make_plan("self", DEFAULT_SCENARIO, ["hard", "baseline"], "baseline", pairs=2, pace=1, hard=3)
    jobs = ladder_jobs(plan)
    # then hard plays itself on the run's first 3 seeds, besides the pairs and the pace game
    assert [s for _, s, jp, cw in jobs if jp == cw == SELF_PLAY_LEVEL] == run_seeds("self", 3)
    assert len(jobs) == 2 * 3 + 1 + 3
    # and off the campaign there are none
    assert make_plan("self", "jitra", ["hard", "baseline"], "baseline", pairs=2, pace=1, hard=3).hard == 0


@pytest.mark.slow
def test_the_supply_target_reads_the_hard_japanese_against_the_hard_commonwealth(jitra: GameDef) -> None:
    # given one measured game, copied as hard v hard games with 2, 3 and 9 JP units unsupplied at once, and as
    # baseline JP v hard CW games with 8 (the frozen baseline's supply cannot be improved)
    game = play_job(("jitra", 1, "easy", "easy"))
    hard = [replace(game, scenario=DEFAULT_SCENARIO, jp="hard", cw="hard", jp_most_unsupplied=n) for n in (2, 3, 9)]
    base = [replace(g, jp="baseline", jp_most_unsupplied=8) for g in hard]
    plan = make_plan("self", DEFAULT_SCENARIO, ["hard", "baseline"], "baseline", pairs=3, pace=0, hard=3)
    # when the campaign's targets are judged
    targets = scenario_targets(jitra, DEFAULT_SCENARIO, plan, {("hard", "hard"): hard, ("baseline", "hard"): base})
    supply = [t for t in targets if "unsupplied" in t.what]
    # then one target reads the hard v hard games only: median 3, met
    assert len(supply) == 1 and supply[0].measured == "3 over 3 games" and supply[0].met
    assert f"<= {MOST_UNSUPPLIED}" in supply[0].needs and "hard v hard" in supply[0].what


@pytest.mark.slow
def test_a_saved_ladder_game_opens_to_the_position_it_ended_in(jitra: GameDef, tmp_path: Path) -> None:
    # given a ladder game played with a folder to save it in
    game = play_ladder_game(jitra, 7, "easy", "easy", scenario="jitra", save_to=tmp_path)
    # when its save is opened
    [path] = tmp_path.glob("*.json")
    match, save = load_match(path, jitra)
    # then it is the same game to its end (a replay or an after-action report reads it turn by turn)
    assert save.name == save_name("jitra", 7, "easy", "easy") == "jitra easy v easy seed 7"
    assert match.seed == 7 and engine.is_terminal(match.state)
    assert engine.result(jitra, match.state).margin == game.margin


def test_a_game_scores_by_the_scenarios_result_levels_with_a_draw_as_half(jitra: GameDef) -> None:
    # given Jitra's result levels (R15.5): JP at +8 or more, a draw at +6 or +7, the CW below
    side_of = jitra.scenario.victory.result_side
    # then a margin's level decides the score, not the margin's sign
    assert [game_score(side_of(m), Side.JP) for m in (8, 7, 6, 5, -1)] == [1.0, 0.5, 0.5, 0.0, 0.0]
    assert [game_score(side_of(m), Side.CW) for m in (8, 7, 5)] == [0.0, 0.5, 1.0]
    # and three games (a JP win, a draw, a CW win) score one half for each side
    games = [side_of(9), side_of(6), side_of(0)]
    assert score([game_score(w, Side.JP) for w in games]).value == 0.5
    assert score([game_score(w, Side.CW) for w in games]).value == 0.5


def test_intervals_match_the_published_cases() -> None:
    # given Newcombe's (1998) worked examples: 81/263 and 15/148 (Wilson), 56/70 - 48/80 (hybrid score)
    a, b = wilson(81, 263), wilson(15, 148)
    diff = difference(wilson(56, 70), wilson(48, 80))
    # then the intervals are the published ones to 4 decimals
    assert (round(a.low, 4), round(a.high, 4)) == (0.2553, 0.3662)
    assert (round(b.low, 4), round(b.high, 4)) == (0.0624, 0.1605)
    assert (round(diff.value, 4), round(diff.low, 4), round(diff.high, 4)) == (0.2, 0.0524, 0.3339)
    # and a draw counts as half a win: 3 wins and 2 draws of 10 is the interval of 4 of 10
    assert score([1.0] * 3 + [0.5] * 2 + [0.0] * 5) == wilson(4, 10)


def test_a_captured_victory_hex_walked_into_outside_combat_is_given_up(jitra: GameDef) -> None:
    # given the JP takes a victory hex in its Combat phase (R13)
    state = Match.new(jitra, seed=0).state
    h = next(iter(jitra.objective_vp))
    watch = LadderWatch(frozenset(), frozenset(jitra.objective_vp))
    watch.saw(jitra, [HexControlChanged(hex=h, side=Side.JP)], replace(state, phase=Phase.COMBAT), state)
    # when the CW retakes it by combat, then it was not given up
    watch.saw(jitra, [HexControlChanged(hex=h, side=Side.CW)], replace(state, phase=Phase.COMBAT), state)
    assert watch.sides[Side.JP].given_up == 0
    # when the JP takes it again and the CW walks in during its Movement phase, then the JP gave it up
    watch.saw(jitra, [HexControlChanged(hex=h, side=Side.JP)], replace(state, phase=Phase.COMBAT), state)
    watch.saw(jitra, [HexControlChanged(hex=h, side=Side.CW)], replace(state, phase=Phase.MOVEMENT), state)
    assert watch.sides[Side.JP].given_up == 1 and watch.sides[Side.CW].given_up == 0
    # and, its plan not having said it left the hex empty, the give-up is unexplained
    assert watch.sides[Side.JP].unexplained == 1


def test_a_victory_hex_given_up_that_the_plan_said_it_left_empty_is_explained(jitra: GameDef) -> None:
    # given the JP took a victory hex, and its last player-turn's plan said it left that hex empty, and why
    state = Match.new(jitra, seed=0).state
    h = next(iter(jitra.objective_vp))
    watch = LadderWatch(frozenset(), frozenset(jitra.objective_vp))
    watch.saw(jitra, [HexControlChanged(hex=h, side=Side.JP)], replace(state, phase=Phase.COMBAT), state)
    watch.sides[Side.JP].stated = frozenset({h})
    # when the CW walks in during its Movement phase
    watch.saw(jitra, [HexControlChanged(hex=h, side=Side.CW)], replace(state, phase=Phase.MOVEMENT), state)
    # then it was given up, with the reason stated
    assert watch.sides[Side.JP].given_up == 1 and watch.sides[Side.JP].unexplained == 0


@pytest.mark.slow
def test_a_tiny_ladder_runs_end_to_end_through_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    # given 2 side-swapped pairs of easy against baseline on Jitra, in this process
    argv = ["ladder", "--scenario", "jitra", "--levels", "easy", "baseline", "--pairs", "2", "--jobs", "1",
            "--run", "tiny"]
    # when the ladder runs
    assert main(argv) == 0
    out = capsys.readouterr().out
    # then each pairing has its 2 games, every target line says met or not met, and the summary counts them
    rows = {line.split()[0] + " " + line.split()[1]: line.split()[2] for line in out.splitlines()
            if line.split()[:1] in (["easy"], ["baseline"])}
    assert rows == {"easy baseline": "2", "baseline easy": "2", "baseline baseline": "2"}
    targets = [line for line in out.splitlines() if line.startswith("  [")]
    # (2 scores, 3 targets as each side and the CPU; the hard JP's supply is judged in hard v hard campaign games)
    assert len(targets) == 9 and all("met]" in t for t in targets)
    met = sum("[    met]" in t for t in targets)
    assert f"targets met: {met} of 9" in out and "result levels: Japanese victory (JP) ≥ +8" in out


def test_the_ladder_command_explains_itself_and_refuses_unknown_scenarios(capsys: pytest.CaptureFixture[str]
                                                                           ) -> None:
    # when asked for help, then it lists its options
    with pytest.raises(SystemExit) as done:
        main(["ladder", "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert all(word in out for word in ("--scenario", "'all'", "--pairs", "--run", "--levels", "--against"))
    # when given a scenario that is not bundled, then one plain line says which ones are (exit 2)
    assert main(["ladder", "--scenario", "nowhere"]) == 2
    err = capsys.readouterr().err
    assert "no scenario named 'nowhere'" in err and "jitra" in err



def _open_objectives_game() -> Game:
    # given a JP regiment (7 MP, R7) in clear country with three CW-held objectives: one empty two hexes away,
    # one two hexes away with a CW brigade on it, one empty but eleven hexes away
    return (GameBuilder(width=12, height=4).unit("jp_a", "JP", (0, 0)).unit("cw_a", "CW", (2, 2))
            .objective((2, 0), 2).objective((2, 2), 2).objective((11, 0), 2)
            .at_phase(Phase.MOVEMENT, side="JP").build())


def test_an_empty_objective_one_move_away_is_left_open_in_reach_and_counted_if_held_at_the_end() -> None:
    game = _open_objectives_game()
    watch = LadderWatch(frozenset(), frozenset(game.gd.objective_vp))
    # when the JP's Movement phase starts
    watch.movement_started(game.gd, game.state)
    # then only the empty objective it can walk onto is open in its reach
    assert watch.sides[Side.JP].open_in_reach == {game.hex(2, 0)}
    # and it counts as held at the end only once the JP controls it (R13)
    before = side_figures(game.gd, game.state, watch.sides[Side.JP], "hard", Side.JP)
    taken = replace(game.state, jp_control=game.state.jp_control | {game.hex(2, 0)})
    after = side_figures(game.gd, taken, watch.sides[Side.JP], "hard", Side.JP)
    assert (before.open_hexes, before.open_held, after.open_held) == ((game.hex(2, 0),), (), (game.hex(2, 0),))


def test_an_optional_unit_bought_but_never_placed_is_counted() -> None:
    # given the CW may buy an armoured brigade (R16.1) and buys it
    game = (GameBuilder().unit("jp_a", "JP", (0, 0)).optional_unit("cw_armor", "CW", 1, "singapore", vp=4)
            .at_phase(Phase.MOVEMENT, side="CW").build())
    watch = LadderWatch(frozenset(), frozenset())
    watch.saw(game.gd, [OptionalUnitAccepted(unit="cw_armor", turn=2, vp=4)], game.state, game.state)
    # when the game ends with it still waiting off the map, then it was bought and never placed
    assert side_figures(game.gd, game.state, watch.sides[Side.CW], "hard", Side.CW).bought_never_placed == 1
    # when it ends with the brigade on the map, then nothing was wasted
    placed = tuple(replace(u, location=Location.MAP, hex=game.hex(5, 5)) if u.id == "cw_armor" else u
                   for u in game.state.units)
    on_map = replace(game.state, units=placed)
    assert side_figures(game.gd, on_map, watch.sides[Side.CW], "hard", Side.CW).bought_never_placed == 0


@pytest.mark.slow
def test_the_report_counts_in_words_one_pair_one_game_one_time() -> None:
    # given a ladder of easy against baseline on Jitra with 1 side-swapped pair, one game per pairing
    plan = make_plan("one", "jitra", ["easy", "baseline"], "baseline", pairs=1, pace=0)
    game = play_job(("jitra", 1, "easy", "easy"))
    games = [replace(game, jp=jp, cw=cw) for jp, cw in plan.pairings()]
    # when its report is written
    report = ladder_report(plan, games, load_bundled)
    # then each count reads with its noun in the singular, from the words file (issue 28 item 2)
    assert "1 side-swapped pair per scenario" in report and "1 side-swapped pairs" not in report
    assert " in 1 game" in report and " in 1 games" not in report
