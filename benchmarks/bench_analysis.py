"""Analysis benchmarks (issue 29): rollout cost, a whole game's analysis, and scaling over workers and a cluster.

Run: ``python benchmarks/bench_analysis.py [--rollouts 32] [--repeats 3] [--local-cluster | --cluster ADDRESS]``
(``--skip-cost``, ``--skip-whole``, ``--skip-scaling`` leave a part out; ``--compare normal`` also measures the
rollout cost at another level). Every part prints the load average (1 minute) before and after it: the
development machine is shared, and wall times mean little without it.

1. One rollout from the campaign's opening at the analysis level: CPU seconds (target ≤ 1.0 s), min/median/max.
2. ``saves/full-game.json`` analysed at ``--rollouts`` per game-turn end (``--turn-ends``) with 2 workers and an
   empty cache: wall seconds (target ≤ 300 s at 32 rollouts) and how far the progress bar's first estimate of
   the time left was from the truth.
3. Scaling: the same rollouts (from the start of game-turn 20 of the full game) with 1 and 2 local workers, and,
   given ``--cluster`` (or ``--local-cluster``: a scheduler and two single-threaded workers started here as separate
   processes, as a user would), on that cluster: efficiency = T(1) / (N × T(N)).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
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


@contextmanager
def load_watch(name: str) -> Iterator[None]:
    """Sample the 1-minute load average every 10 s while the block runs; print min/median/max after it."""
    samples = [os.getloadavg()[0]]
    done = threading.Event()

    def sample() -> None:
        while not done.wait(10.0):
            samples.append(os.getloadavg()[0])

    watcher = threading.Thread(target=sample, daemon=True)
    watcher.start()
    try:
        yield
    finally:
        done.set()
        watcher.join()
        samples.append(os.getloadavg()[0])
        print(f"  load average (1 min) during {name}, min/median/max over {len(samples)} samples: "
              f"{_mmm(samples)}", flush=True)


@contextmanager
def local_cluster() -> Iterator[str]:
    """A Dask scheduler and two single-threaded workers on 127.0.0.1, separate processes; the scheduler's address."""
    from distributed import Client

    with tempfile.TemporaryDirectory() as folder:
        file = Path(folder) / "scheduler.json"
        env = {**os.environ, "PYTHONPATH": str(ROOT), "DASK_DISTRIBUTED__WORKER__DAEMON": "False"}
        quiet = {"cwd": folder, "env": env, "stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
        procs = [subprocess.Popen([sys.executable, "-m", "dask", "scheduler", "--host", "127.0.0.1", "--port", "0",
                                   "--no-dashboard", "--scheduler-file", str(file)], **quiet)]  # type: ignore
        try:
            procs += [subprocess.Popen([sys.executable, "-m", "dask", "worker", "--scheduler-file", str(file),
                                        "--host", "127.0.0.1", "--nthreads", "1", "--nworkers", "1", "--no-dashboard",
                                        "--name", f"w{i}"], **quiet)  # type: ignore
                      for i in range(2)]
            with Client(scheduler_file=str(file), timeout="120s") as client:
                client.wait_for_workers(2, timeout=120)
                yield str(client.scheduler.address)
        finally:
            for proc in reversed(procs):
                proc.terminate()
            for proc in reversed(procs):
                proc.wait(timeout=30)


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


MARKS = (0.1, 0.25, 0.5, 0.75)
"""The shares of the work done at which the progress bar's estimate of the total time is noted."""


def cpu_seconds() -> float:
    """CPU seconds used so far by this process and its finished child processes (the pool's workers)."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def whole_game(rollouts: int, workers: int, level: str) -> tuple[float, float, list[tuple[float, float, float]]]:
    """Wall seconds and CPU seconds (this process and the workers) of analysing the full game at game-turn ends,
    and at each of ``MARKS`` of the work: the share done, the seconds elapsed and the total the progress bar
    predicted then (elapsed + its time left)."""
    with tempfile.TemporaryDirectory() as folder:
        save = Path(folder) / "full-game.json"
        save.write_bytes(FULL_GAME.read_bytes())
        seen: list[tuple[float, float, float]] = []
        real_step = analyze_module.EtaBar.step

        def step(bar: analyze_module.EtaBar, weight: int) -> None:
            real_step(bar, weight)
            share, eta = bar.done_weight / bar.total, bar.eta()
            if eta is not None and len(seen) < len(MARKS) and share >= MARKS[len(seen)]:
                elapsed = time.perf_counter() - bar.started
                seen.append((share, elapsed, elapsed + eta))

        analyze_module.EtaBar.step = step  # type: ignore[method-assign]
        t0, cpu0 = time.perf_counter(), cpu_seconds()
        try:
            run = analyze_module.analyze(save, rollouts, level, workers, cache_path=Path(folder) / "c.json",
                                         turn_ends=True)
        finally:
            analyze_module.EtaBar.step = real_step  # type: ignore[method-assign]
        wall, cpu = time.perf_counter() - t0, cpu_seconds() - cpu0
        print(analyze_module.table(run.analysis), flush=True)
        return wall, cpu, seen


def scaling_jobs(count: int, level: str) -> list[object]:
    """``count`` rollouts from the start of game-turn 20 of the full game."""
    log = ReplayLog.open(FULL_GAME)
    ref = next(r for r in positions_of(log) if r.turn == 20)
    with tempfile.TemporaryDirectory() as folder:
        return list(AnalysisPlan.make(log, [ref], level, count, RolloutCache(Path(folder) / "c")).jobs())


def timed(jobs: list[object], workers: int, cluster: str | None = None) -> tuple[float, list[object]]:
    """Wall seconds and results of running ``jobs``."""
    t0 = time.perf_counter()
    results = run_jobs(run_rollout_job, jobs, workers, cluster=cluster)  # type: ignore[arg-type]
    return time.perf_counter() - t0, results


def scaling(args: argparse.Namespace) -> None:
    """Part 3: the same rollouts on 1 and 2 local workers and on a cluster; efficiency against 1 worker."""
    jobs = scaling_jobs(args.scaling_jobs, args.level)
    runs = {"1 local worker": [timed(jobs, 1) for _ in range(args.repeats)],
            "2 local workers": [timed(jobs, 2) for _ in range(args.repeats)]}
    if args.cluster:
        runs["cluster of 2 workers"] = [timed(jobs, 2, args.cluster) for _ in range(args.repeats)]
    elif args.local_cluster:
        with local_cluster() as address:
            runs["local Dask cluster of 2 workers"] = [timed(jobs, 2, address) for _ in range(args.repeats)]
    base = statistics.median(t for t, _ in runs["1 local worker"])
    reference = runs["1 local worker"][0][1]
    for name, results in runs.items():
        walls = [t for t, _ in results]
        same = all(r == reference for _, r in results)
        n = 1 if name.startswith("1 ") else 2
        effs = [base / (n * w) for w in walls]
        print(f"{len(jobs)} rollouts, {name}: wall s min/median/max {_mmm(walls)}, efficiency against the median "
              f"of 1 worker min/median/max {min(effs):.0%} / {statistics.median(effs):.0%} / {max(effs):.0%}, "
              f"results identical to 1 worker: {same}", flush=True)


def main() -> None:
    """Run the three measurements and print them."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rollouts", type=int, default=32, help="rollouts per game-turn end for the whole game")
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--level", default=ANALYSIS_LEVEL, help=f"the rollouts' AI level (default {ANALYSIS_LEVEL})")
    p.add_argument("--compare", default=None, metavar="LEVEL", help="also measure the rollout cost at LEVEL")
    p.add_argument("--scaling-jobs", type=int, default=8)
    p.add_argument("--cluster", default=None)
    p.add_argument("--local-cluster", action="store_true", help="start a scheduler and two workers here")
    p.add_argument("--skip-cost", action="store_true")
    p.add_argument("--skip-whole", action="store_true")
    p.add_argument("--skip-scaling", action="store_true")
    args = p.parse_args()
    if not args.skip_cost:
        for level in [args.level] + ([args.compare] if args.compare else []):
            with load_watch(f"the rollouts at {level}"):
                costs = rollout_cost(args.repeats, level)
                print(f"rollout from the opening ({level}), CPU s min/median/max: {_mmm(costs)}  [target ≤ 1.0 s]",
                      flush=True)
    if not args.skip_whole:
        with load_watch("the full game"):
            wall, cpu, marks = whole_game(args.rollouts, 2, args.level)
            print(f"full-game.json at {args.rollouts} rollouts per game-turn end, 2 workers: {wall:.0f} s wall "
                  f"[target ≤ 300 s at 32]; {cpu:.0f} CPU s in all (this process and the workers: {cpu / 2:.0f} s "
                  "on two cores given to it alone); the bar's estimate of the total: "
                  + "; ".join(f"{total:.0f} s after {elapsed:.0f} s ({share:.0%} done)"
                              for share, elapsed, total in marks), flush=True)
    if not args.skip_scaling:
        with load_watch("scaling"):
            scaling(args)


if __name__ == "__main__":
    main()
