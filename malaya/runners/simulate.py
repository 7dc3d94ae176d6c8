"""Headless AI-vs-AI campaigns: ``malaya simulate --games N --seed S [--jp LEVEL] [--cw LEVEL]``.

Each game is a :class:`~malaya.session.match.Match` with a controller per side (an AI level,
or ``random`` for the random-legal bot). Recorded per game: the result level, VP, the turns
Kuala Lumpur, Johore Bahru and Singapore fell (the first game-turn at the end of whose
player-turn JP controlled the place's hex; Singapore: every fortress hex, R15.1), steps lost
per side, and the AI's thinking time per player-turn. With more than one game the games run
in a process pool (both cores); a small progress bar is drawn on stderr.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TextIO

from malaya import engine
from malaya.content.campaign import load_game_def
from malaya.engine import GameDef, Location, Side, jp_holds_singapore
from malaya.resources import scenario_file
from malaya.runners.pool import run_jobs
from malaya.session import controllers
from malaya.session.match import Controller, Match
from malaya.session.words.catalog import say
from malaya.session.words.plain_words import refusal_text


@dataclass(frozen=True, slots=True)
class GameRecord:
    """The measured outcome of one simulated campaign."""

    seed: int
    jp: str
    cw: str
    level: str
    winner: Side | None
    jp_vp: int
    cw_vp: int
    margin: int
    singapore_fell: int | None
    kl_fell: int | None
    jb_fell: int | None
    jp_steps_lost: int
    cw_steps_lost: int
    actions: int
    seconds: float
    turn_median_s: float  # AI thinking time per player-turn (both AI sides pooled)
    turn_max_s: float


def make_controller(name: str, side: Side, seed: int) -> Controller:
    """An AI of the given level, or the random-legal bot for ``random``."""
    saved_name = controllers.RANDOM if name == "random" else f"ai:{name}"
    return controllers.make_controller(saved_name, side, seed)


_NOT_YET_PLAYED = frozenset({Location.PENDING, Location.OFFERED, Location.DECLINED, Location.ARRIVING})
"""Where a unit that never reached the map is: what it lost does not count yet."""


def steps_lost(gd: GameDef, match: Match, side: Side) -> int:
    """Steps a side has lost (eliminated units and units never placed count what they lost)."""
    total = 0
    for u in match.state.units:
        if gd.side_of(u.id) is side and u.location not in _NOT_YET_PLAYED:
            total += gd.max_steps(u.id) - u.steps
    return total


def play_game(gd: GameDef, seed: int, jp: str, cw: str, scenario: Path | None = None) -> GameRecord:
    """Play one campaign to the end and measure it."""
    started = time.perf_counter()
    match = Match.new(gd, seed=seed)
    controllers = {Side.JP: make_controller(jp, Side.JP, seed * 2 + 1),
                   Side.CW: make_controller(cw, Side.CW, seed * 2 + 2)}
    places = {"kl": gd.board.place("Kuala Lumpur").hex, "jb": gd.board.place("Johore Bahru").hex}
    fell: dict[str, int] = {}
    turn_time: dict[tuple[int, str], float] = {}
    key = (match.state.turn, match.state.side.value)
    while not engine.is_terminal(match.state):
        state = match.state
        t0 = time.perf_counter()
        action = controllers[state.side](gd, state)
        name = jp if state.side is Side.JP else cw
        if name != "random":
            k = (state.turn, state.side.value)
            turn_time[k] = turn_time.get(k, 0.0) + time.perf_counter() - t0
        rejection = match.submit(action)
        if rejection is not None:
            raise RuntimeError(say("simulate_cli.illegal_action", level=name, side=state.side.value, action=action,
                                   reason=refusal_text(rejection)))
        now = (match.state.turn, match.state.side.value)
        if now != key or engine.is_terminal(match.state):
            for place, h in places.items():
                if place not in fell and h in match.state.jp_control:
                    fell[place] = key[0]
            key = now
    result = engine.result(gd, match.state)
    assert result is not None
    times = sorted(turn_time.values()) or [0.0]
    return GameRecord(
        seed=seed, jp=jp, cw=cw, level=result.level,
        winner=gd.scenario.victory.result_side(result.margin), jp_vp=result.jp_vp, cw_vp=result.cw_vp,
        margin=result.margin, singapore_fell=result.singapore_fell_on if jp_holds_singapore(gd, match.state) else None,
        kl_fell=fell.get("kl"), jb_fell=fell.get("jb"),
        jp_steps_lost=steps_lost(gd, match, Side.JP), cw_steps_lost=steps_lost(gd, match, Side.CW),
        actions=len(match.log), seconds=time.perf_counter() - started,
        turn_median_s=statistics.median(times), turn_max_s=max(times),
    )


_GD: GameDef | None = None
_GD_PATH: str | None = None


def _worker_game(job: tuple[str | None, int, str, str]) -> GameRecord:
    """Pool worker: load the scenario once per process, then play one game."""
    global _GD, _GD_PATH
    path, seed, jp, cw = job
    if _GD is None or _GD_PATH != path:
        _GD, _GD_PATH = load_game_def(path or scenario_file()), path
    try:
        return play_game(_GD, seed, jp, cw)
    except StopIteration as exc:  # would silently end the pool's result iterator
        raise RuntimeError(say("simulate_cli.game_failed", seed=seed, jp=jp, cw=cw)) from exc


class Progress:
    """A tiny text progress bar on a stream (stderr)."""

    def __init__(self, total: int, stream: TextIO | None = None, width: int = 30) -> None:
        self.total, self.done, self.width = total, 0, width
        self.stream = stream if stream is not None else sys.stderr
        self.started = time.perf_counter()
        self._draw()

    def step(self) -> None:
        """One more item finished."""
        self.done += 1
        self._draw()

    def _draw(self) -> None:
        filled = self.width * self.done // max(1, self.total)
        elapsed = time.perf_counter() - self.started
        words = say("progress_bar.games", done=self.done, total=self.total, seconds=f"{elapsed:5.0f}")
        self.stream.write(f"\r[{'#' * filled}{'.' * (self.width - filled)}] {words}")
        if self.done >= self.total:
            self.stream.write("\n")
        self.stream.flush()


def simulate(games: int, seed: int, jp: str = "normal", cw: str = "normal", scenario: Path | None = None,
             processes: int = 2, progress: bool = True, seeds: list[int] | None = None,
             cluster: str | None = None) -> list[GameRecord]:
    """Play ``games`` campaigns with seeds ``seed, seed+1, …``; a pool of ``processes`` when games > 1
    (or the Dask cluster at ``cluster``)."""
    seeds = seeds if seeds is not None else [seed + i for i in range(games)]
    jobs = [(str(scenario) if scenario else None, s, jp, cw) for s in seeds]
    bar = Progress(len(jobs)) if progress else None
    return run_jobs(_worker_game, jobs, processes, (lambda done, total: bar.step()) if bar else None, cluster)


def _fmt(turn: int | None) -> str:
    return "-" if turn is None else str(turn)


def summary(records: list[GameRecord]) -> dict[str, object]:
    """Aggregate figures: median margin, fall turns, win shares, timings."""
    def med(values: list[int]) -> float | None:
        return statistics.median(values) if values else None

    n = len(records)
    sing = [r.singapore_fell for r in records if r.singapore_fell is not None]
    kl = [r.kl_fell for r in records if r.kl_fell is not None]
    jb = [r.jb_fell for r in records if r.jb_fell is not None]
    return {
        "games": n,
        "median_margin": med([r.margin for r in records]),
        "jp_wins": sum(1 for r in records if r.margin > 0),
        "cw_wins": sum(1 for r in records if r.margin < 0),
        "singapore_fell": len(sing), "singapore_median_turn": med(sing),
        "kl_fell": len(kl), "kl_median_turn": med(kl),
        "jb_fell": len(jb), "jb_median_turn": med(jb),
        "median_jp_steps_lost": med([r.jp_steps_lost for r in records]),
        "median_cw_steps_lost": med([r.cw_steps_lost for r in records]),
        "median_game_s": statistics.median([r.seconds for r in records]) if records else None,
        "turn_median_s": statistics.median([r.turn_median_s for r in records]) if records else None,
        "turn_max_s": max((r.turn_max_s for r in records), default=None),
    }


def table(records: list[GameRecord]) -> str:
    """A plain-text table of the games and a summary line."""
    c = {"seed": say("simulate_cli.column_seed"), "result": say("simulate_cli.column_result"),
         "jp_vp": say("simulate_cli.column_jp_vp"), "cw_vp": say("simulate_cli.column_cw_vp"),
         "diff": say("simulate_cli.column_diff"), "kl": say("simulate_cli.column_kl"),
         "jb": say("simulate_cli.column_jb"),
         "singapore": say("simulate_cli.column_singapore"), "jp_lost": say("simulate_cli.column_jp_lost"),
         "cw_lost": say("simulate_cli.column_cw_lost"), "time": say("simulate_cli.column_time")}
    head = (f"{c['seed']:>5} {'JP':>6} {'CW':>6}  {c['result']:<32} {c['jp_vp']:>5} {c['cw_vp']:>5} {c['diff']:>5} "
            f"{c['kl']:>3} {c['jb']:>3} {c['singapore']:>4} {c['jp_lost']:>7} {c['cw_lost']:>7} {c['time']:>6}")
    lines = [head, "-" * len(head)]
    for r in records:
        lines.append(f"{r.seed:>5} {r.jp:>6} {r.cw:>6}  {r.level:<32} {r.jp_vp:>5} {r.cw_vp:>5} {r.margin:>+5} "
                     f"{_fmt(r.kl_fell):>3} {_fmt(r.jb_fell):>3} {_fmt(r.singapore_fell):>4} "
                     f"{r.jp_steps_lost:>7} {r.cw_steps_lost:>7} {r.seconds:>6.1f}")
    s = summary(records)
    lines.append("-" * len(head))
    turns = {k: "-" if s[k] is None else s[k] for k in ("kl_median_turn", "jb_median_turn", "singapore_median_turn")}
    lines.append(say("simulate_cli.summary", games=s["games"], margin=s["median_margin"], jp_wins=s["jp_wins"],
                     cw_wins=s["cw_wins"], kl_fell=s["kl_fell"], kl_turn=turns["kl_median_turn"],
                     jb_fell=s["jb_fell"], jb_turn=turns["jb_median_turn"], singapore_fell=s["singapore_fell"],
                     singapore_turn=turns["singapore_median_turn"]))
    return "\n".join(lines)


def to_json(records: list[GameRecord]) -> str:
    """The games and the summary as JSON."""
    return json.dumps({"games": [asdict(r) for r in records], "summary": summary(records)}, indent=2)
