"""Analysis benchmarks (issue 29): rollout cost, a whole game's analysis, and scaling over workers and a cluster.

Run: ``python benchmarks/bench_analysis.py [--rollouts 32] [--repeats 3] [--cluster tcp://127.0.0.1:8786]``.

1. One rollout from the campaign's opening at the analysis level: CPU seconds (target ≤ 1.0 s), min/median/max.
2. ``saves/full-game.json`` analysed at ``--rollouts`` per game-turn end (``--turn-ends``) with 2 workers and an
   empty cache: wall seconds (target ≤ 300 s at 32 rollouts) and how far the progress bar's first estimate of
   the time left was from the truth.
3. Scaling: the same rollouts (from the start of game-turn 20 of the full game) with 1 and 2 local workers, and,
   given ``--cluster``, on that cluster: efficiency = T(1) / (N × T(N)).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from malaya.content.campaign import load_game_def  # noqa: E402
from malaya.persistence.game_analysis import positions_of  # noqa: E402
from malaya.persistence.replay_log import ReplayLog  # noqa: E402
from malaya.persistence.rollout_jobs import AnalysisPlan, run_rollout_job  # noqa: E402
from malaya.persistence.win_cache import RolloutCache  # noqa: E402
from malaya.resources import scenario_file  # noqa: E402
from malaya.runners import analyze as analyze_module  # noqa: E402
from malaya.runners.pool import run_jobs  # noqa: E402
from malaya.session.analysis.rollout import ANALYSIS_LEVEL, play_rollout  # noqa: E402
from malaya.session.match import Match  # noqa: E402

FULL_GAME = ROOT / "saves" / "full-game.json"


def _mmm(values: list[float]) -> str:
    """``min / median / max``."""
    return f"{min(values):.2f} / {statistics.median(values):.2f} / {max(values):.2f}"


def rollout_cost(repeats: int, level: str) -> list[float]:
    """CPU seconds of ``repeats`` rollouts from the campaign's opening."""
    gd = load_game_def(scenario_file())
    match = Match.new(gd, 0)
    opening = match.state
    times = []
    for i in range(repeats):
        t0 = time.process_time()
        play_rollout(gd, opening, i, level)
        times.append(time.process_time() - t0)
    return times


def whole_game(rollouts: int, workers: int) -> tuple[float, float | None, float]:
    """Wall seconds of analysing the full game at game-turn ends; the bar's first estimate and when it was made."""
    with tempfile.TemporaryDirectory() as folder:
        save = Path(folder) / "full-game.json"
        save.write_bytes(FULL_GAME.read_bytes())
        seen: dict[str, float] = {}
        real_step = analyze_module.EtaBar.step

        def step(bar: analyze_module.EtaBar, weight: int) -> None:
            real_step(bar, weight)
            if "eta" not in seen and bar.eta() is not None:
                seen["eta"], seen["at"] = bar.eta() or 0.0, time.perf_counter() - bar.started

        analyze_module.EtaBar.step = step  # type: ignore[method-assign]
        t0 = time.perf_counter()
        try:
            analyze_module.analyze(save, rollouts, ANALYSIS_LEVEL, workers, cache_path=Path(folder) / "c.json",
                                   turn_ends=True)
        finally:
            analyze_module.EtaBar.step = real_step  # type: ignore[method-assign]
        return time.perf_counter() - t0, seen.get("eta"), seen.get("at", 0.0)


def scaling_jobs(count: int) -> list[object]:
    """``count`` rollouts from the start of game-turn 20 of the full game."""
    log = ReplayLog.open(FULL_GAME)
    ref = next(r for r in positions_of(log) if r.turn == 20)
    with tempfile.TemporaryDirectory() as folder:
        return list(AnalysisPlan.make(log, [ref], ANALYSIS_LEVEL, count, RolloutCache(Path(folder) / "c")).jobs())


def timed(jobs: list[object], workers: int, cluster: str | None = None) -> tuple[float, list[object]]:
    """Wall seconds and results of running ``jobs``."""
    t0 = time.perf_counter()
    results = run_jobs(run_rollout_job, jobs, workers, cluster=cluster)  # type: ignore[arg-type]
    return time.perf_counter() - t0, results


def main() -> None:
    """Run the three measurements and print them."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rollouts", type=int, default=32, help="rollouts per game-turn end for the whole game")
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--scaling-jobs", type=int, default=8)
    p.add_argument("--cluster", default=None)
    p.add_argument("--skip-whole", action="store_true")
    args = p.parse_args()
    costs = rollout_cost(args.repeats, ANALYSIS_LEVEL)
    print(f"rollout from the opening ({ANALYSIS_LEVEL}), CPU s min/median/max: {_mmm(costs)}  [target ≤ 1.0 s]")
    if not args.skip_whole:
        wall, eta, at = whole_game(args.rollouts, 2)
        first = "—" if eta is None else f"{at + eta:.0f} s predicted after {at:.0f} s"
        print(f"full-game.json at {args.rollouts} rollouts per game-turn end, 2 workers: {wall:.0f} s wall "
              f"[target ≤ 300 s at 32]; the bar's first estimate of the total: {first}")
    jobs = scaling_jobs(args.scaling_jobs)
    runs = {"1 local worker": [timed(jobs, 1) for _ in range(args.repeats)],
            "2 local workers": [timed(jobs, 2) for _ in range(args.repeats)]}
    if args.cluster:
        runs["cluster"] = [timed(jobs, 2, args.cluster) for _ in range(args.repeats)]
    base = statistics.median(t for t, _ in runs["1 local worker"])
    reference = runs["1 local worker"][0][1]
    for name, results in runs.items():
        walls = [t for t, _ in results]
        same = all(r == reference for _, r in results)
        n = 1 if name.startswith("1 ") else 2
        print(f"{len(jobs)} rollouts, {name}: wall s min/median/max {_mmm(walls)}, efficiency "
              f"{base / (n * statistics.median(walls)):.0%}, results identical to 1 worker: {same}")


if __name__ == "__main__":
    main()
