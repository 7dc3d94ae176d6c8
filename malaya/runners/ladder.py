"""The AI ladder: levels against a reference level in side-swapped pairs, judged by each scenario's own result levels.

``malaya ladder [--scenario NAME|all] [--levels hard baseline] [--against baseline] [--pairs 40] [--run NAME]
[--hard-games N] [--save DIR]``

For every seed of the run, each challenger level plays the reference level twice (a side-swapped pair:
challenger JP v reference CW, then reference JP v challenger CW), and the reference plays itself once
(the yardstick: what the reference scores against itself from each side). Seeds come from a hash of
the run name (``ladder_stats.run_seed``), so a run is reproducible and two runs are different games.
On the campaign, normal also plays normal (``--pace``) for the historical pace, and hard plays hard
(``--hard-games``) for the targets judged against the hard opponent (the hard Japanese's supply); those
games can be saved (``--save DIR``) to read turn by turn in the replay viewer or the after-action report.
The games run through
the shared job runner (``runners/pool.py``); the report is ``runners/ladder_report.py``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from malaya.content.campaign import load_game_def
from malaya.engine import GameDef
from malaya.resources import DEFAULT_SCENARIO, scenario_file, scenarios_dir
from malaya.runners.ladder_stats import run_seeds
from malaya.runners.ladder_watch import LadderGame, play_ladder_game
from malaya.runners.pool import Progress, run_jobs

PACE_LEVEL = "normal"
"""The level whose games against itself measure the campaign's historical pace."""
SELF_PLAY_LEVEL = "hard"
"""The level whose campaign games against itself measure its own play against its own opponent."""

Job = tuple[str, int, str, str]
"""One ladder game: (scenario name, seed, JP level, CW level)."""


def bundled_scenarios() -> list[str]:
    """The names of every bundled scenario, in alphabetical order."""
    return sorted(p.parent.name for p in scenarios_dir().glob("*/scenario.toml"))


def campaign_name() -> str:
    """The name of the full campaign among the bundled scenarios."""
    return DEFAULT_SCENARIO


@dataclass(frozen=True, slots=True)
class LadderPlan:
    """What one ladder run plays."""

    run: str
    scenarios: tuple[str, ...]
    challengers: tuple[str, ...]
    reference: str
    pairs: int
    pace: int  # normal-v-normal campaign games (0: none)
    hard: int = 0  # hard-v-hard campaign games (0: none)
    save: str = ""  # the folder the hard-v-hard games are saved in ("": not saved)

    @property
    def seeds(self) -> list[int]:
        """The run's seeds, one per side-swapped pair."""
        return run_seeds(self.run, self.pairs)

    def pairings(self) -> list[tuple[str, str]]:
        """(JP level, CW level) of each seed's games: every side-swapped pair, then the reference against itself."""
        swapped = [pair for lv in self.challengers for pair in ((lv, self.reference), (self.reference, lv))]
        return [*swapped, (self.reference, self.reference)]


def make_plan(run: str, scenario: str, levels: list[str], against: str, pairs: int, pace: int,
              hard: int = 0, save: str = "") -> LadderPlan:
    """A plan from the command's words: ``scenario`` is a bundled name or ``all``; the reference is ``against``."""
    scenarios = tuple(bundled_scenarios()) if scenario == "all" else (scenario,)
    challengers = tuple(dict.fromkeys(lv for lv in levels if lv != against))
    on_campaign = campaign_name() in scenarios
    return LadderPlan(run, scenarios, challengers, against, pairs, pace if on_campaign else 0,
                      hard if on_campaign else 0, save)


def ladder_jobs(plan: LadderPlan) -> list[Job]:
    """Every game of the plan once, scenario by scenario, seed by seed."""
    jobs: dict[Job, None] = {}
    for name in plan.scenarios:
        for seed in plan.seeds:
            jobs.update(((name, seed, jp, cw), None) for jp, cw in plan.pairings())
        if name == campaign_name():
            jobs.update(((name, seed, PACE_LEVEL, PACE_LEVEL), None) for seed in run_seeds(plan.run, plan.pace))
            jobs.update(((name, seed, SELF_PLAY_LEVEL, SELF_PLAY_LEVEL), None)
                        for seed in run_seeds(plan.run, plan.hard))
    return list(jobs)


_GD: dict[str, GameDef] = {}


def play_job(job: Job, save: str = "") -> LadderGame:
    """Play one ladder game (a pool worker: each process loads a scenario once); a self-play game is saved
    in the folder ``save`` when one is given."""
    name, seed, jp, cw = job
    if name not in _GD:
        _GD[name] = load_game_def(scenario_file(name))
    keep = bool(save) and jp == cw == SELF_PLAY_LEVEL
    return play_ladder_game(_GD[name], seed, jp, cw, scenario=name, save_to=Path(save) if keep else None)


def _play_saving(save: str, job: Job) -> LadderGame:
    return play_job(job, save)


def run_ladder(plan: LadderPlan, workers: int | None = None, progress: Progress | None = None) -> list[LadderGame]:
    """Every game of the plan, through the shared job runner, in the jobs' order."""
    play = functools.partial(_play_saving, plan.save) if plan.save else play_job
    return run_jobs(play, ladder_jobs(plan), workers, progress)


def by_pairing(games: list[LadderGame], scenario: str) -> dict[tuple[str, str], list[LadderGame]]:
    """One scenario's games grouped by (JP level, CW level), in the order played."""
    out: dict[tuple[str, str], list[LadderGame]] = {}
    for g in games:
        if g.scenario == scenario:
            out.setdefault((g.jp, g.cw), []).append(g)
    return out


LoadGameDef = Callable[[str], GameDef]
"""Loads a bundled scenario by name (the report reads each scenario's result levels)."""


def load_bundled(name: str) -> GameDef:
    """A bundled scenario's game definition."""
    return load_game_def(scenario_file(name))
