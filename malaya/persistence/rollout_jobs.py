"""Rollouts as jobs any process or machine can run, and the plan of a game's analysis (issue 29).

A :class:`RolloutJob` carries everything a rollout needs as plain data — the installed scenario's id
and hash, the position as its canonical JSON (checked against its digest when decoded) and the
rollout's index and AI level — so a worker process or a cluster machine plays exactly the same game.
An :class:`AnalysisPlan` knows, for each position of a saved game, the rollouts already in the cache
and the jobs still to run, and gathers their results back in index order.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from malaya.content.campaign import load_game_def
from malaya.engine import GameDef, GameState
from malaya.persistence.game_analysis import PositionRef, final_estimate
from malaya.persistence.gamehash import game_def_hash
from malaya.persistence.replay_log import ReplayLog
from malaya.persistence.snapshot import decode, encode
from malaya.persistence.win_cache import RolloutCache, cache_key
from malaya.resources import scenario_file
from malaya.session.analysis.estimate import WinEstimate
from malaya.session.analysis.rollout import RolloutResult, play_rollout
from malaya.session.words.catalog import say


@dataclass(frozen=True, slots=True)
class RolloutJob:
    """One rollout of one position, as plain picklable data."""

    scenario_id: str
    scenario_hash: str
    state_text: str
    digest: str
    index: int
    level: str
    slot: int = 0  # which position of the plan it belongs to


_GAME_DEFS: dict[str, GameDef] = {}
_STATES: dict[str, GameState] = {}


def _game_def(job: RolloutJob) -> GameDef:
    """The installed scenario of the job, loaded once per process; refused if it is another version."""
    gd = _GAME_DEFS.get(job.scenario_id)
    if gd is None:
        gd = _GAME_DEFS[job.scenario_id] = load_game_def(scenario_file(job.scenario_id))
    if game_def_hash(gd) != job.scenario_hash:
        raise RuntimeError(say("rollout_jobs.other_scenario_version", scenario=job.scenario_id))
    return gd


def _state(job: RolloutJob) -> GameState:
    """The job's position, decoded once per process and checked against its digest."""
    state = _STATES.get(job.digest)
    if state is None:
        state = decode(job.state_text)
        if state.digest() != job.digest:
            raise RuntimeError(say("rollout_jobs.position_damaged"))
        if len(_STATES) > 256:
            _STATES.clear()
        _STATES[job.digest] = state
    return state


def run_rollout_job(job: RolloutJob) -> RolloutResult:
    """Play one rollout (a module-level function, so any process pool or cluster can call it)."""
    return play_rollout(_game_def(job), _state(job), job.index, job.level, job.digest)


@dataclass
class PlannedPosition:
    """One position of the plan: its reference, the rollouts known, the jobs to run."""

    ref: PositionRef
    known: list[RolloutResult]
    missing: list[RolloutJob]
    remaining_turns: int
    certain: WinEstimate | None = None  # the end of a finished game

    def estimate(self) -> WinEstimate:
        """The chances from what is known so far."""
        if self.certain is not None:
            return self.certain
        return WinEstimate.of(r.outcome for r in self.known)

    @property
    def done(self) -> bool:
        """Every rollout of this position is known."""
        return not self.missing


@dataclass
class AnalysisPlan:
    """The analysis of a saved game at a number of rollouts per position; see module docstring."""

    log: ReplayLog
    level: str
    rollouts: int
    cache: RolloutCache
    positions: list[PlannedPosition] = field(default_factory=list)

    @classmethod
    def make(cls, log: ReplayLog, refs: list[PositionRef], level: str, rollouts: int,
             cache: RolloutCache) -> AnalysisPlan:
        """The plan for ``refs``: what the cache knows and the jobs still to run."""
        plan = cls(log, level, rollouts, cache)
        gd = log.gd
        scenario_hash = game_def_hash(gd)
        for slot, ref in enumerate(refs):
            remaining = max(1, gd.last_turn - ref.turn + 1)
            if ref.final:
                plan.positions.append(PlannedPosition(ref, [], [], 0, final_estimate(log)))
                continue
            known = cache.get(cache_key(scenario_hash, level, ref.digest))[:rollouts]
            missing: list[RolloutJob] = []
            if len(known) < rollouts:
                text = encode(log.state_at(ref.index))
                missing = [RolloutJob(gd.scenario.id, scenario_hash, text, ref.digest, i, level, slot)
                           for i in range(len(known), rollouts)]
            plan.positions.append(PlannedPosition(ref, known, missing, remaining))
        return plan

    def jobs(self) -> list[RolloutJob]:
        """Every rollout still to play, position by position."""
        return [job for p in self.positions for job in p.missing]

    def job_weight(self, job: RolloutJob) -> int:
        """The expected cost of a job: the game-turns left to play from its position."""
        return self.positions[job.slot].remaining_turns

    def add(self, job: RolloutJob, result: RolloutResult) -> bool:
        """Record a job's result; True when its position has just become complete (then it is cached)."""
        p = self.positions[job.slot]
        if job.index != len(p.known):
            raise RuntimeError("rollout results arrived out of order")
        p.known.append(result)
        p.missing = p.missing[1:]
        if p.done:
            self.cache.put(cache_key(game_def_hash(self.log.gd), self.level, p.ref.digest), p.known)
            return True
        return False

    def estimated(self) -> list[tuple[PositionRef, WinEstimate]]:
        """Every position with its chances so far (positions with no rollout yet left out)."""
        return [(p.ref, p.estimate()) for p in self.positions if p.certain is not None or p.known]

    @property
    def complete(self) -> bool:
        """Every position has all its rollouts."""
        return all(p.done for p in self.positions)
