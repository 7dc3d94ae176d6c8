"""The shared runner on a real local Dask cluster, started as a user would, gives the same results bit for bit.

The scheduler and two workers are separate processes (``python -m dask scheduler`` / ``dask worker``),
on 127.0.0.1 only, given a bounded time to come up, and torn down after. Skipped, with the reason,
when the cluster extra (``pip install "malaya[cluster]"``) is not installed.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from malaya.persistence.game_analysis import positions_of
from malaya.persistence.replay_log import ReplayLog
from malaya.persistence.rollout_jobs import AnalysisPlan, run_rollout_job
from malaya.persistence.win_cache import RolloutCache
from malaya.runners.pool import ClusterError, run_jobs
from tests.analysis.full_game import FULL_GAME

pytestmark = [pytest.mark.skipif(importlib.util.find_spec("distributed") is None,
                                 reason='the cluster extra is not installed: pip install "malaya[cluster]"'),
              pytest.mark.slow]  # a real cluster of three processes, and rollouts played on it

ROOT = Path(__file__).resolve().parents[2]
UP_WITHIN = 90.0
"""Seconds the scheduler and both workers get to come up."""


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A scheduler and two single-threaded workers on 127.0.0.1; the scheduler's address."""
    from distributed import Client

    folder = tmp_path_factory.mktemp("cluster")
    file = folder / "scheduler.json"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "DASK_DISTRIBUTED__WORKER__DAEMON": "False"}
    common = {"cwd": folder, "env": env, "stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    procs = [subprocess.Popen([sys.executable, "-m", "dask", "scheduler", "--host", "127.0.0.1", "--port", "0",
                               "--no-dashboard", "--scheduler-file", str(file)], **common)]  # type: ignore[call-overload]
    try:
        procs += [subprocess.Popen([sys.executable, "-m", "dask", "worker", "--scheduler-file", str(file),
                                    "--host", "127.0.0.1", "--nthreads", "1", "--nworkers", "1", "--no-dashboard",
                                    "--name", f"w{i}"], **common)  # type: ignore[call-overload]
                  for i in range(2)]
        with Client(scheduler_file=str(file), timeout=f"{UP_WITHIN}s") as client:
            client.wait_for_workers(2, timeout=UP_WITHIN)
            yield str(client.scheduler.address)
    finally:
        for p in reversed(procs):
            p.terminate()
        for p in reversed(procs):
            try:
                p.wait(timeout=30)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()


def test_given_rollouts_when_run_here_and_on_a_two_worker_cluster_then_the_results_are_identical(
        cluster: str, tmp_path: Path) -> None:
    log = ReplayLog.open(FULL_GAME)
    late = [r for r in positions_of(log) if r.turn >= 27 and not r.final]
    jobs = AnalysisPlan.make(log, late, "normal", 2, RolloutCache(tmp_path / "c.json")).jobs()
    here = run_jobs(run_rollout_job, jobs, workers=1)
    seen: list[int] = []
    there = run_jobs(run_rollout_job, jobs, progress=lambda done, total: seen.append(done), cluster=cluster)
    assert there == here
    assert seen == list(range(1, len(jobs) + 1))


def test_given_no_scheduler_at_the_address_then_the_runner_says_so_in_one_line() -> None:
    with pytest.raises(ClusterError, match="no cluster answers at tcp://127.0.0.1:9"):
        run_jobs(abs, [1, 2], cluster="tcp://127.0.0.1:9")
