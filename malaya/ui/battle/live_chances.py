"""Win chances during a solo game (issue 29 item 4): only when the player turns them on in Settings, and
never in a hotseat game, a PBEM game or a lesson.

After each completed player-turn the position is taken as the player's side sees it (R2.5: the engine's
side view, hidden enemy units stood in from the public order of battle, never the true hidden position),
and :data:`LIVE_ROLLOUTS` games are played on from it by the computer on both sides at the analysis level
— the same rollouts, seeds and cache as ``malaya analyze``, keyed by the view's digest, so the same view
always gives the same numbers. A thread hands the rollouts one by one to a single worker process (the other
core stays with the window and the computer player); the window only polls, once a frame. Nothing is
computed while the setting is off, and nothing runs once a position's figures are in.
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

import pygame

from malaya.engine import GameDef, GameState, Side, side_view
from malaya.persistence.gamehash import game_def_hash
from malaya.persistence.rollout_jobs import RolloutJob, run_rollout_job
from malaya.persistence.snapshot import encode
from malaya.persistence.win_cache import RolloutCache, cache_key
from malaya.persistence.worker_life import exit_with_parent
from malaya.session.analysis.estimate import Outcome, WinEstimate
from malaya.session.analysis.rollout import ANALYSIS_LEVEL, RolloutResult
from malaya.session.game_client import GameClient
from malaya.session.words.catalog import say
from malaya.session.words.event_words import SIDE_ADJECTIVES
from malaya.ui.app.background import Background
from malaya.ui.battle.panels.chances_box import WORKING, draw_chances_box
from malaya.ui.battle.panels.top_bar import BarLayout
from malaya.ui.widgets.kit import px

LIVE_ROLLOUTS = 8
"""Games played on from each position during play (few: a rough guide, not the replay's analysis)."""


class Runner(Protocol):
    """Plays rollout jobs: one worker process in play (:class:`WorkerProcess`), the test's own in tests."""

    def __call__(self, job: RolloutJob) -> RolloutResult:
        """Play one rollout job."""

    def close(self) -> None:
        """Stop (a rollout under way is dropped)."""


class WorkerProcess:
    """One worker process for rollouts, started on first use and kept (idle, it costs no CPU) until closed."""

    def __init__(self) -> None:
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        self._lock = threading.Lock()

    def __call__(self, job: RolloutJob) -> RolloutResult:
        """Play ``job`` in the worker process (called from the chances' thread, never the window's)."""
        with self._lock:
            if self._pool is None:
                self._pool = concurrent.futures.ProcessPoolExecutor(
                    1, mp_context=multiprocessing.get_context("spawn"), initializer=exit_with_parent)
            pool = self._pool
        return pool.submit(run_rollout_job, job).result()

    def close(self) -> None:
        """Stop the worker (a rollout under way is dropped)."""
        with self._lock:
            if self._pool is not None:
                self._pool.shutdown(wait=False, cancel_futures=True)
                self._pool = None


def live_jobs(gd: GameDef, view: GameState, rollouts: int, level: str, first: int = 0) -> list[RolloutJob]:
    """The rollout jobs ``first``… of ``view`` (a side's view of the position, never the true one)."""
    text, digest, scenario_hash = encode(view), view.digest(), game_def_hash(gd)
    return [RolloutJob(gd.scenario.id, scenario_hash, text, digest, i, level) for i in range(first, rollouts)]


def work_out(gd: GameDef, view: GameState, rollouts: int, level: str, run: Runner,
             stop: threading.Event) -> WinEstimate:
    """The chances of ``view``: the cached rollouts, the missing ones played (until ``stop`` is set), all cached."""
    cache = RolloutCache.open()
    key = cache_key(game_def_hash(gd), level, view.digest())
    known = cache.get(key)[:rollouts]
    for job in live_jobs(gd, view, rollouts, level, len(known)):
        if stop.is_set():
            break
        known.append(run(job))
    cache.put(key, known)
    cache.save()
    return WinEstimate.of(r.outcome for r in known)


def solo_side(client: GameClient, ai: Mapping[Side, object]) -> Side | None:
    """The player's side in a game against the computer (None: hotseat, PBEM, or the computer on both sides)."""
    if len(client.humans) != 1:
        return None
    side = next(iter(client.humans))
    return side if side.enemy in ai else None


OUTCOMES = (("JP", Outcome.JP), ("draw", Outcome.DRAW), ("CW", Outcome.CW))


def whole_percents(estimate: WinEstimate) -> list[int]:
    """The JP, draw and CW shares in whole percent that add up to 100 (largest remainders round up)."""
    counts = [estimate.count(o) for _, o in OUTCOMES]
    total = sum(counts)
    if not total:
        return [0, 0, 0]
    exact = [100 * c / total for c in counts]
    out = [int(x) for x in exact]
    for i in sorted(range(3), key=lambda i: out[i] - exact[i])[:100 - sum(out)]:
        out[i] += 1
    return out


def figures(estimate: WinEstimate) -> str:
    """``JP 62 % · draw 20 % · CW 18 %``."""
    return " · ".join(f"{name} {p} %" for (name, _), p in zip(OUTCOMES, whole_percents(estimate), strict=True))


def hover_words(side: Side, rollouts: int) -> str:
    """What the figures are, for the box's hover text."""
    return say("live_chances.win_chances_games_played_on", rollouts=rollouts, side=SIDE_ADJECTIVES[side])


@dataclass
class LiveChances:
    """The figures of the latest player-turn's start, worked out in the background; see module docstring."""

    gd: GameDef
    side: Side
    """The player's side: the position is seen as this side sees it."""
    rollouts: int = LIVE_ROLLOUTS
    level: str = ANALYSIS_LEVEL
    run: Runner = field(default_factory=WorkerProcess)
    estimate: WinEstimate | None = None
    """The figures of the latest player-turn's start (None: not worked out yet)."""
    error: str | None = None
    _turn: tuple[int, Side] | None = None
    _start: GameState | None = None
    _task: Background[WinEstimate] | None = None
    _task_turn: tuple[int, Side] | None = None
    _stop: threading.Event = field(default_factory=threading.Event)

    def update(self, state: GameState, on: bool) -> None:
        """Once a frame: note a new player-turn, collect finished work, start what is due (never waits)."""
        turn = (state.turn, state.side)
        if turn != self._turn:
            self._turn, self._start, self.estimate, self.error = turn, state, None, None
            self._stop.set()  # work on an older position stops after its current game
        self._collect()
        if not on:
            self._stop.set()
            return
        if self._task is None and self.estimate is None and self.error is None and not state.finished:
            self._begin()

    def _begin(self) -> None:
        """Start working out the latest player-turn's start, seen from the player's side."""
        assert self._start is not None
        start, gd, stop = self._start, self.gd, threading.Event()
        self._stop, self._task_turn = stop, self._turn

        def work() -> WinEstimate:
            return work_out(gd, side_view(gd, start, self.side), self.rollouts, self.level, self.run, stop)

        self._task = Background(work, "live-chances").start()

    def _collect(self) -> None:
        """Take a finished task's figures if they are still of the latest player-turn's start."""
        task = self._task
        if task is None or not task.done:
            return
        self._task = None
        current = self._task_turn == self._turn and not self._stop.is_set()
        try:
            estimate = task.result()
        except Exception as exc:  # shown in the box with its reason; the game goes on
            if current:
                self.error = say("live_chances.the_win_chances_could_not", error=exc)
            return
        if current:
            self.estimate = estimate

    @property
    def working(self) -> bool:
        """Work is under way (possibly on an older position, stopping)."""
        return self._task is not None

    def join(self, timeout: float | None = None) -> None:
        """Wait for the work under way (tests, closing)."""
        if self._task is not None:
            self._task.join(timeout)

    def close(self) -> None:
        """Stop the work and the worker process."""
        self._stop.set()
        self.run.close()


def box_words(chances: LiveChances) -> tuple[str, list[tuple[str, str]], str]:
    """The box's heading, its coloured parts (text, side colour) and its hover words."""
    heading = say("live_chances.win_chances_games_played_on_2", rollouts=chances.rollouts)
    tip = hover_words(chances.side, chances.rollouts)
    if chances.error is not None:
        why = say("live_chances.error_tip", error=f"{chances.error[:1].upper()}{chances.error[1:]}", tip=tip)
        return heading, [(say("live_chances.could_not_be_worked_out"), "!")], why
    e = chances.estimate
    if e is None:
        return heading, [(WORKING, "")], say("live_chances.being_worked_out_in_the", tip=tip)
    jp, draw, cw = whole_percents(e)
    parts = [(say("live_chances.jp", jp=jp), "JP"), (say("live_chances.draw", draw=draw), ""),
             (say("live_chances.cw", cw=cw), "CW")]
    return heading, parts, say("live_chances.now", figures=figures(e), tip=tip)


def draw_live_chances(surface: pygame.Surface, area: pygame.Rect, bar: BarLayout, chances: LiveChances,
                      mouse: tuple[int, int]) -> None:
    """The box in the map's top right corner, under the bar's VP box (none if the bar drew no VP box); its hover
    words go with the bar's."""
    if not bar.vp.width:
        return
    heading, parts, tip = box_words(chances)
    box = pygame.Rect(0, 0, bar.vp.width, px(38))
    box.topright = (area.right - px(8), area.top + px(8))
    draw_chances_box(surface, box, heading, parts, mouse)
    bar.notes.tips.append((box, tip))
