"""``malaya analyze FILE``: the chance of each side winning after every player-turn of a saved game.

Every position (the start of each player-turn, and a finished game's end) is played on
``--rollouts`` times by the computer on both sides at ``--level``; the rollouts run on every core
(``--workers``) or on a Dask cluster (``--cluster``) through :mod:`malaya.runners.pool`, so the figures
are the same whichever ran them. Finished positions go into the rollout cache at once: Ctrl+C stops,
and the next run (or a longer one) plays only what is missing. The analysis is written beside the save
as ``NAME.analysis.json`` and a short table is printed.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from malaya.engine import Side
from malaya.persistence.game_analysis import (
    GameAnalysis,
    analysis_path,
    build_analysis,
    player_turn_words,
    positions_of,
    write_analysis,
)
from malaya.persistence.replay_log import ReplayLog
from malaya.persistence.rollout_jobs import AnalysisPlan, RolloutJob, run_rollout_job
from malaya.persistence.win_cache import RolloutCache
from malaya.runners.pool import iter_jobs
from malaya.session.analysis.estimate import Outcome, chance_text
from malaya.session.analysis.rollout import ANALYSIS_LEVEL
from malaya.session.words.catalog import say
from malaya.session.words.event_words import SIDE_ADJECTIVES

DEFAULT_ROLLOUTS = 32
SAVE_CACHE_EVERY = 2.0
"""Seconds between cache writes while positions complete (and always at the end or on Ctrl+C)."""


class EtaBar:
    """A progress bar on a stream whose time left is weighted by each rollout's expected length.

    The pace is taken from the first finished rollout on: the workers' start-up (a fresh process loading the
    scenario) and the rollouts still under way when the first one ends would otherwise make the first estimates
    far too long (88 % over at a tenth of the bundled full game on a loaded machine)."""

    def __init__(self, total_weight: int, jobs: int, stream: TextIO | None = None, width: int = 28,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.total, self.jobs, self.width = max(1, total_weight), jobs, width
        self.done_weight, self.done_jobs = 0, 0
        self.stream = stream if stream is not None else sys.stderr
        self.clock = clock
        self.started = clock()
        self._first: tuple[float, int] | None = None  # when the first rollout finished, and its weight
        self._draw()

    def step(self, weight: int) -> None:
        """One more rollout finished, of ``weight`` game-turns."""
        self.done_weight += weight
        self.done_jobs += 1
        now = self.clock()
        if self._first is None or self._first[0] == now:  # rollouts ending with the first are counted with it
            self._first = (now, weight + (self._first[1] if self._first else 0))
        self._draw()

    def eta(self) -> float | None:
        """Seconds left, from the pace since the first rollout finished (None before it; until a later one has
        finished, the pace since the start)."""
        if not self.done_weight or self._first is None:
            return None
        now = self.clock()
        since, first = now - self._first[0], self._first[1]
        if self.done_jobs >= 3 and since > 0 and self.done_weight > first:
            return since / (self.done_weight - first) * (self.total - self.done_weight)
        return (now - self.started) / self.done_weight * (self.total - self.done_weight)

    def _draw(self) -> None:
        filled = self.width * self.done_weight // self.total
        eta = self.eta()
        left = say("analyze_cli.estimating_time_left") if eta is None else say("analyze_cli.time_left",
                                                                                duration=_duration(eta))
        words = say("analyze_cli.bar", done=self.done_jobs, jobs=self.jobs,
                    elapsed=_duration(self.clock() - self.started), left=left)
        self.stream.write(f"\r[{'#' * filled}{'.' * (self.width - filled)}] {words}   ")
        if self.done_jobs >= self.jobs:
            self.stream.write("\n")
        self.stream.flush()


def _duration(seconds: float) -> str:
    """``2 min 05 s`` / ``42 s``."""
    s = round(seconds)
    if s >= 60:
        return say("analyze_cli.minutes_and_seconds", minutes=s // 60, seconds=f"{s % 60:02d}")
    return say("analyze_cli.seconds", seconds=s)


@dataclass
class AnalyzeRun:
    """The outcome of one ``analyze`` run."""

    analysis: GameAnalysis
    path: Path
    played: int
    stopped: bool


def analyze(save_path: Path, rollouts: int = DEFAULT_ROLLOUTS, level: str = ANALYSIS_LEVEL, workers: int | None = None,
            cluster: str | None = None, cache_path: Path | None = None, progress: bool = True,
            turn_ends: bool = False, from_turn: int = 0) -> AnalyzeRun:
    """Analyse the save at ``save_path`` (see module docstring); Ctrl+C keeps what was done and stops.

    ``turn_ends``: only the ends of game-turns (the start of each JP player-turn, and the end) are played;
    ``from_turn``: only the positions from that game-turn on.
    """
    log = ReplayLog.open(save_path)
    refs = [r for r in positions_of(log) if r.turn >= from_turn]
    if turn_ends:
        refs = [r for r in refs if r.final or r.side is Side.JP]
    cache = RolloutCache.open(cache_path)
    plan = AnalysisPlan.make(log, refs, level, rollouts, cache)
    jobs = plan.jobs()
    bar = EtaBar(sum(plan.job_weight(j) for j in jobs), len(jobs)) if progress and jobs else None
    played, stopped, last_save = 0, False, time.perf_counter()
    try:
        for job, result in zip(jobs, iter_jobs(run_rollout_job, jobs, workers, cluster), strict=False):
            played += 1
            if plan.add(job, result) and time.perf_counter() - last_save > SAVE_CACHE_EVERY:
                cache.save()
                last_save = time.perf_counter()
            if bar is not None:
                bar.step(plan.job_weight(job))
    except KeyboardInterrupt:
        stopped = True
        if bar is not None:
            bar.stream.write("\n")
    cache.save()
    analysis = build_analysis(log, log.save.name, level, rollouts, plan.estimated(), plan.complete)
    out = analysis_path(save_path)
    write_analysis(out, analysis)
    return AnalyzeRun(analysis, out, played, stopped)


def table(analysis: GameAnalysis) -> str:
    """A short plain-text table: every position's chances, then the turning points and the summary."""
    head = (f"{say('analyze_cli.column_turn'):>4} {say('analyze_cli.column_side'):<20} "
            f"{say('analyze_cli.column_japanese_win'):<44} {say('analyze_cli.column_draw'):>5} "
            f"{say('analyze_cli.column_commonwealth_win'):<44}")
    lines = [head, "-" * len(head)]
    for p in analysis.estimates():
        e = p.estimate
        who = say("analyze_cli.game_over") if p.final else say("analyze_cli.side_to_play", side=SIDE_ADJECTIVES[p.side])
        lines.append(f"{p.turn:>4} {who:<20} {chance_text(e, Outcome.JP, p.final):<44} "
                     f"{round(100 * e.share(Outcome.DRAW)):>3} % {chance_text(e, Outcome.CW, p.final):<44}")
    if analysis.turning_points:
        lines.append("")
        lines.append(say("analyze_cli.turning_points"))
        for t in analysis.turning_points:
            lines.append("  " + say("analyze_cli.turning_point", when=player_turn_words(t.turn, t.side),
                                    jp_before=round(100 * t.jp_before), jp_after=round(100 * t.jp_after),
                                    cw_before=round(100 * t.cw_before), cw_after=round(100 * t.cw_after)))
            lines.extend(f"      {line}" for line in t.happened[:6])
            if len(t.happened) > 6:
                lines.append("      " + say("analyze_cli.and_more", n=len(t.happened) - 6))
    lines.append("")
    lines.extend(analysis.summary)
    return "\n".join(lines)


__all__ = ["AnalyzeRun", "EtaBar", "RolloutJob", "analyze", "table"]
