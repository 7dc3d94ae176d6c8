"""``malaya analyze``: seeded rollouts, the cache a second or longer run reuses, stopping and going on (issue 29)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from malaya.cli import main
from malaya.engine.sides import Side
from malaya.persistence import list_slots
from malaya.persistence.game_analysis import AnalysisError, analysis_path, positions_of, read_analysis
from malaya.persistence.replay_log import ReplayLog
from malaya.persistence.rollout_jobs import AnalysisPlan, run_rollout_job
from malaya.persistence.win_cache import RolloutCache
from malaya.runners import analyze as analyze_module
from malaya.runners.analyze import analyze
from malaya.session.analysis.estimate import Outcome, WinEstimate
from malaya.session.analysis.rollout import rollout_seed
from malaya.session.analysis.turning import Position, turning_points
from tests.analysis.full_game import FULL_GAME

LATE = 27
"""The tests analyse the bundled full game from game-turn 27 on: four player-turns left, so rollouts are short."""


@pytest.fixture
def late(tmp_path: Path) -> Path:
    """A copy of the bundled full game in its own folder."""
    path = tmp_path / "saves" / "full-game.json"
    path.parent.mkdir()
    path.write_bytes(FULL_GAME.read_bytes())
    return path


def test_given_a_position_and_an_index_then_the_seed_depends_on_nothing_else() -> None:
    assert rollout_seed("ab" * 32, 3) == rollout_seed("ab" * 32, 3)
    assert len({rollout_seed("ab" * 32, i) for i in range(50)}) == 50
    assert rollout_seed("ab" * 32, 3, "JP") != rollout_seed("ab" * 32, 3, "CW")


@pytest.mark.slow
def test_given_the_same_rollout_job_twice_then_the_same_game_is_played(late: Path, tmp_path: Path) -> None:
    log = ReplayLog.open(late)
    plan = AnalysisPlan.make(log, positions_of(log)[-2:-1], "normal", 2, RolloutCache(tmp_path / "c.json"))
    jobs = plan.jobs()
    assert [j.index for j in jobs] == [0, 1]
    assert run_rollout_job(jobs[0]) == run_rollout_job(jobs[0])


@pytest.mark.slow
def test_given_a_save_when_analysed_twice_and_longer_then_only_the_missing_rollouts_are_played(
        late: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache.json"
    first = analyze(late, rollouts=1, workers=1, cache_path=cache, progress=False, from_turn=LATE)
    again = analyze(late, rollouts=1, workers=1, cache_path=cache, progress=False, from_turn=LATE)
    longer = analyze(late, rollouts=2, workers=1, cache_path=cache, progress=False, from_turn=LATE)
    playable = len([r for r in positions_of(ReplayLog.open(late)) if not r.final and r.turn >= LATE])
    assert playable == 4
    assert (first.played, again.played, longer.played) == (playable, 0, playable)
    assert first.analysis.positions == again.analysis.positions
    assert all(p.jp + p.draw + p.cw == 2 for p in longer.analysis.positions if not p.final)
    written = read_analysis(analysis_path(late))
    assert written == longer.analysis and written.complete


@pytest.mark.slow
def test_given_a_run_stopped_by_ctrl_c_when_run_again_then_it_goes_on_from_where_it_stopped(
        late: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cache = tmp_path / "cache.json"
    real = analyze_module.iter_jobs

    def stopped_after_two(task, jobs, workers=None, cluster=None):  # type: ignore[no-untyped-def]
        for n, result in enumerate(real(task, jobs, workers, cluster)):
            if n == 2:
                raise KeyboardInterrupt
            yield result

    monkeypatch.setattr(analyze_module, "iter_jobs", stopped_after_two)
    stopped = analyze(late, rollouts=2, workers=1, cache_path=cache, progress=False, from_turn=LATE)
    monkeypatch.setattr(analyze_module, "iter_jobs", real)
    resumed = analyze(late, rollouts=2, workers=1, cache_path=cache, progress=False, from_turn=LATE)
    whole = analyze(late, rollouts=2, workers=1, cache_path=tmp_path / "fresh.json", progress=False, from_turn=LATE)
    assert stopped.stopped and stopped.played == 2 and not stopped.analysis.complete
    assert resumed.played == whole.played - 2
    assert resumed.analysis.positions == whole.analysis.positions


@pytest.mark.slow
def test_given_the_command_then_it_prints_a_table_and_writes_the_file_beside_the_save(
        late: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", str(late), "--rollouts", "1", "--workers", "1", "--from-turn", str(LATE)]) == 0
    out = capsys.readouterr().out
    assert "Japanese win" in out and "too few to trust" in out and "game over" in out
    assert json.loads(analysis_path(late).read_text())["kind"] == "malaya-analysis"
    assert len(list_slots(late.parent).slots) == 1 and not list_slots(late.parent).unreadable  # not a slot


def test_given_a_damaged_analysis_file_then_it_is_refused_in_one_plain_line(tmp_path: Path) -> None:
    bad = tmp_path / "x.analysis.json"
    bad.write_text('{"kind": "malaya-analysis", "positions": 3}')
    with pytest.raises(AnalysisError, match="not an analysis this version can read"):
        read_analysis(bad)


def test_given_a_damaged_cache_then_it_is_set_aside_and_a_new_one_started(tmp_path: Path) -> None:
    path = tmp_path / "cache.json"
    path.write_text("{not json")
    assert RolloutCache.open(path).entries == {}
    assert (tmp_path / "cache.json.damaged").is_file()


def _at(turn: int, side: Side, jp: int, cw: int) -> Position:
    return Position(0, turn, side, WinEstimate(jp, 100 - jp - cw, cw))


def test_given_chances_moving_then_only_player_turns_moving_a_side_ten_points_or_more_are_turning_points() -> None:
    positions = [_at(1, Side.JP, 50, 50), _at(1, Side.CW, 59, 41), _at(2, Side.JP, 69, 31), _at(2, Side.CW, 40, 40)]
    points = turning_points(positions)
    assert [(p.turn, p.side) for p in points] == [(1, Side.CW), (2, Side.JP)]
    assert points[0].gainer is Side.JP and points[1].gainer is Side.CW
    assert points[1].moved(Outcome.DRAW) == pytest.approx(0.20)


def test_given_chances_from_too_few_rollouts_then_their_swings_are_not_named_turning_points() -> None:
    rough = [Position(0, 1, Side.JP, WinEstimate(1, 0, 1)), Position(9, 1, Side.CW, WinEstimate(2, 0, 0))]
    assert turning_points(rough) == []


def test_given_game_turn_ends_only_then_a_swing_spans_both_player_turns_and_is_told_as_the_game_turn() -> None:
    one = turning_points([_at(3, Side.JP, 50, 50), _at(3, Side.CW, 80, 20)])
    whole = turning_points([_at(3, Side.JP, 50, 50), _at(4, Side.JP, 80, 20)])
    assert one[0].single and not whole[0].single
