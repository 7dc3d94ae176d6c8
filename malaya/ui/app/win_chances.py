"""The replay viewer's win chances, worked out off the window's thread (issue 29).

The plan (which positions, what the rollout cache already knows) is made on a thread from its own
copy of the game's log; the rollouts run in worker processes (one core is left to the window) as
:class:`~malaya.persistence.rollout_jobs.RolloutJob`s, the same jobs ``malaya analyze`` runs, so the
figures are the same. :meth:`WinChanceWork.poll`, called once a frame, only collects finished
results: the window never waits. Closing stops the workers and keeps what was played in the cache.
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
from dataclasses import dataclass, field

from malaya.persistence.game_analysis import positions_of
from malaya.persistence.replay_log import ReplayLog
from malaya.persistence.rollout_jobs import AnalysisPlan, RolloutJob, run_rollout_job
from malaya.persistence.win_cache import RolloutCache
from malaya.persistence.worker_life import exit_with_parent
from malaya.session.analysis.rollout import ANALYSIS_LEVEL
from malaya.session.analysis.turning import Position
from malaya.session.words.catalog import say
from malaya.ui.app.background import Background

VIEWER_ROLLOUTS = 24
"""Rollouts per position the viewer plays (``malaya analyze --rollouts`` for more)."""


def _plan(log: ReplayLog, rollouts: int, level: str) -> AnalysisPlan:
    """The plan, from a copy of the log (the window's own log is never touched off its thread)."""
    own = ReplayLog.build(log.gd, log.save, "replay")
    return AnalysisPlan.make(own, positions_of(own), level, rollouts, RolloutCache.open())


def analysis_workers() -> int:
    """Every core but one (the window's), at least one."""
    return max(1, (multiprocessing.cpu_count() or 2) - 1)


@dataclass
class WinChanceWork:
    """The analysis of one replayed game in the background; see module docstring."""

    log: ReplayLog
    rollouts: int = VIEWER_ROLLOUTS
    level: str = ANALYSIS_LEVEL
    error: str | None = None
    _planning: Background[AnalysisPlan] | None = None
    _plan: AnalysisPlan | None = None
    _pool: concurrent.futures.ProcessPoolExecutor | None = None
    _pending: list[tuple[RolloutJob, concurrent.futures.Future[object]]] = field(default_factory=list)
    _total: int = 0

    def start(self) -> WinChanceWork:
        """Begin planning on a thread; returns self."""
        self._planning = Background(lambda: _plan(self.log, self.rollouts, self.level), "win-chances").start()
        return self

    def poll(self) -> None:
        """Collect what has finished (never waits); start the rollouts once the plan is ready."""
        if self._plan is None:
            if self._planning is None or not self._planning.done:
                return
            try:
                self._plan = self._planning.result()
            except Exception as exc:  # shown in the graph's strip; the replay goes on
                self.error = say("win_chances.the_analysis_could_not_start", error=exc)
                return
            self._launch(self._plan.jobs())
        assert self._plan is not None
        while self._pending and self._pending[0][1].done():
            job, future = self._pending.pop(0)
            try:
                result = future.result()
            except Exception as exc:  # a worker failed: stop, keep what was played
                self.error = say("win_chances.a_rollout_failed", error=exc)
                self.close()
                return
            self._plan.add(job, result)  # type: ignore[arg-type]
        if not self._pending and self._pool is not None:
            self.close()

    def _launch(self, jobs: list[RolloutJob]) -> None:
        """Send every job to the worker processes."""
        self._total = len(jobs)
        if not jobs:
            return
        self._pool = concurrent.futures.ProcessPoolExecutor(analysis_workers(), initializer=exit_with_parent,
                                                            mp_context=multiprocessing.get_context("spawn"))
        self._pending = [(job, self._pool.submit(run_rollout_job, job)) for job in jobs]

    def close(self) -> None:
        """Stop the workers (unfinished rollouts are dropped) and keep what was played in the cache."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
            self._pending = []
        if self._plan is not None:
            self._plan.cache.save()

    @property
    def busy(self) -> bool:
        """Still planning or playing rollouts."""
        return self.error is None and (self._plan is None or bool(self._pending))

    @property
    def progress(self) -> float:
        """The share of the work done, weighted by each rollout's expected length (0 while planning)."""
        if self._plan is None:
            return 0.0
        if not self._total:
            return 1.0
        left = sum(self._plan.job_weight(j) for j, _ in self._pending)
        total = sum(p.remaining_turns * self.rollouts for p in self._plan.positions if p.certain is None)
        return 1.0 - left / max(1, total)

    def positions(self) -> list[Position]:
        """Every position with the chances known so far."""
        if self._plan is None:
            return []
        return [Position(r.index, r.turn, r.side, e, r.final) for r, e in self._plan.estimated()]
