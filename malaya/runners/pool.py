"""One runner for many independent jobs: rollouts, ``malaya simulate`` and the AI ladder.

``run_jobs(task, jobs)`` runs ``task(job)`` for every job and returns the results in the jobs' order,
whatever ran them: in this process (``workers=1``), in a pool of worker processes on this machine
(the default: every core), or on a Dask distributed cluster (``cluster="tcp://host:8786"``, the
optional extra ``pip install "malaya[cluster]"``; its scheduler and workers are started with
``dask scheduler`` and ``dask worker ADDRESS``). A job's result depends only on the job (seeded work,
never seconds), so the results are the same, bit for bit, however many workers or machines ran them.
``task`` must be a module-level function (it is sent to other processes by name) and jobs and
results must be picklable; on a cluster every worker needs this version of malaya installed.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable, Iterator, Sequence
from multiprocessing import get_context
from typing import TypeVar

from malaya.persistence.worker_life import exit_with_parent
from malaya.session.words.catalog import say

J = TypeVar("J")
R = TypeVar("R")

Progress = Callable[[int, int], None]
"""Called with (jobs done, jobs in all) after each finished job."""

CLUSTER_EXTRA = 'pip install "malaya[cluster]"'
"""What to install to run jobs on a cluster."""


class ClusterError(RuntimeError):
    """The cluster cannot be used: the extra is not installed, or its scheduler cannot be reached."""


def default_workers() -> int:
    """Every core this process may use."""
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1))


def _ignore_interrupt() -> None:
    """In a worker process: leave Ctrl+C to the parent, which stops the pool (no worker prints a traceback), and
    end with the parent if it is killed."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    exit_with_parent()


def _cluster_jobs(task: Callable[[J], R], jobs: Sequence[J], address: str) -> Iterator[R]:
    """The results of ``task`` over ``jobs`` run on the Dask cluster at ``address``, in the jobs' order."""
    try:
        from distributed import Client
    except ImportError:
        raise ClusterError(say("pool.needs_the_extra", extra=CLUSTER_EXTRA)) from None
    try:
        client = Client(address, timeout="10s", set_as_default=False)
    except (OSError, TimeoutError) as exc:
        raise ClusterError(say("pool.no_cluster", address=address, error=exc)) from None
    with client:
        futures = client.map(task, list(jobs), pure=False)
        try:
            for future in futures:
                yield future.result()
        finally:
            client.cancel([f for f in futures if not f.done()])


def iter_jobs(task: Callable[[J], R], jobs: Sequence[J], workers: int | None = None,
              cluster: str | None = None) -> Iterator[R]:
    """The results of ``task`` over ``jobs`` one by one, in the jobs' order, as they finish.

    ``cluster``: the address of a Dask scheduler to run them on instead of this machine's cores.
    """
    if cluster:
        yield from _cluster_jobs(task, jobs, cluster)
        return
    count = default_workers() if workers is None else max(1, workers)
    if count == 1 or len(jobs) <= 1:
        yield from (task(job) for job in jobs)
        return
    with get_context("spawn").Pool(min(count, len(jobs)), initializer=_ignore_interrupt) as pool:
        yield from pool.imap(task, jobs)


def run_jobs(task: Callable[[J], R], jobs: Sequence[J], workers: int | None = None,
             progress: Progress | None = None, cluster: str | None = None) -> list[R]:
    """Every job's result, in the jobs' order; ``progress`` hears of each finished job."""
    results: list[R] = []
    for result in iter_jobs(task, jobs, workers, cluster):
        results.append(result)
        if progress is not None:
            progress(len(results), len(jobs))
    return results
