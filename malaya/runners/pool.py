"""One runner for many independent jobs: rollouts, ``malaya simulate`` and the AI ladder.

``run_jobs(task, jobs)`` runs ``task(job)`` for every job and returns the results in the jobs' order,
whatever ran them: in this process (``workers=1``), or in a pool of worker processes on this machine
(the default: every core). A job's result depends only on the job (seeded work, never seconds), so
the results are the same, bit for bit, however many workers ran them. ``task`` must be a module-level
function (it is sent to other processes by name) and jobs and results must be picklable.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from multiprocessing import get_context
from typing import TypeVar

J = TypeVar("J")
R = TypeVar("R")

Progress = Callable[[int, int], None]
"""Called with (jobs done, jobs in all) after each finished job."""


def default_workers() -> int:
    """Every core this process may use."""
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1))


def iter_jobs(task: Callable[[J], R], jobs: Sequence[J], workers: int | None = None) -> Iterator[R]:
    """The results of ``task`` over ``jobs`` one by one, in the jobs' order, as they finish."""
    count = default_workers() if workers is None else max(1, workers)
    if count == 1 or len(jobs) <= 1:
        yield from (task(job) for job in jobs)
        return
    with get_context("spawn").Pool(min(count, len(jobs))) as pool:
        yield from pool.imap(task, jobs)


def run_jobs(task: Callable[[J], R], jobs: Sequence[J], workers: int | None = None,
             progress: Progress | None = None) -> list[R]:
    """Every job's result, in the jobs' order; ``progress`` hears of each finished job."""
    results: list[R] = []
    for result in iter_jobs(task, jobs, workers):
        results.append(result)
        if progress is not None:
            progress(len(results), len(jobs))
    return results
