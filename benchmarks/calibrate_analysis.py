"""How far to trust the win chances (issue 29): predicted chances against the actual results of AI-vs-AI games.

Run: ``python benchmarks/calibrate_analysis.py --games 8 --game-levels easy,normal,hard --every 4 --rollouts 8
--levels rollout,normal`` (then ``--report`` to print the tables from what was gathered). For each of
``--game-levels``, ``--games`` games of the computer against itself at that level are played (seeds 1000, 1001, …);
every ``--every`` game-turns the position at the start of the JP player-turn is played on ``--rollouts`` times at
each rollout level. Results are appended to ``--out`` (JSON lines) as they come in, rollout index by rollout index
across all positions, so a run stopped early still gives every position about the same number of rollouts; a
second run goes on. The report: per rollout level, a reliability table of the predicted JP win chance against how
often JP won, the Brier score (three outcomes), and how much the chances change with the rollouts' AI level.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from malaya.content.campaign import load_game_def  # noqa: E402
from malaya.engine import rules  # noqa: E402
from malaya.engine.gamedef import GameDef  # noqa: E402
from malaya.engine.sides import Side  # noqa: E402
from malaya.engine.state import GameState  # noqa: E402
from malaya.persistence.gamehash import game_def_hash  # noqa: E402
from malaya.persistence.rollout_jobs import RolloutJob, run_rollout_job  # noqa: E402
from malaya.persistence.snapshot import decode, encode  # noqa: E402
from malaya.resources import scenario_file  # noqa: E402
from malaya.runners.pool import iter_jobs  # noqa: E402
from malaya.session.analysis.estimate import Outcome  # noqa: E402
from malaya.session.analysis.rollout import outcome_of  # noqa: E402
from malaya.session.controllers import make_controller  # noqa: E402
from malaya.session.match import Match  # noqa: E402


def play(gd: GameDef, seed: int, level: str, every: int, first: int = 0) -> tuple[list[GameState], Outcome]:
    """One AI-vs-AI game: the states at the start of every ``every``-th JP player-turn from game-turn ``first``, and
    how it ended."""
    match = Match.new(gd, seed)
    bots = {side: make_controller(f"ai:{level}", side, seed * 2 + i) for i, side in enumerate(Side)}
    taken: dict[int, GameState] = {}
    while not rules.is_terminal(match.state):
        s = match.state
        if (s.side is Side.JP and s.pending is None and s.turn not in taken and s.turn % every == 0
                and s.turn >= first):
            taken[s.turn] = s
        match.submit(bots[s.side](gd, s))
    return list(taken.values()), outcome_of(gd, match.state).outcome


@dataclass(frozen=True, slots=True)
class GameJob:
    """One AI-vs-AI game to play in a worker: its seed, level and how often a position is taken."""

    seed: int
    level: str
    every: int
    first: int


def play_game(job: GameJob) -> tuple[list[str], str]:
    """A worker's game: its positions as canonical JSON and how it ended (a module-level function for the pool)."""
    states, outcome = play(load_game_def(scenario_file()), job.seed, job.level, job.every, job.first)
    return [encode(s) for s in states], outcome.value


def gather(args: argparse.Namespace) -> None:
    """Play the games and the rollouts not yet in ``args.out``."""
    gd = load_game_def(scenario_file())
    rows = read(args.out)
    done = {(r["digest"], r["level"], r["index"]) for r in rows if r.get("kind") != "position"}
    known = {(r["game"], r["game_level"], r["digest"]) for r in rows if r.get("kind") == "position"}
    specs = [GameJob(1000 + g, level, args.every, args.first_turn) for level in args.game_levels.split(",")
             for g in range(args.games)]
    games = []
    with args.out.open("a") as f:
        for spec, (texts, outcome) in zip(specs, iter_jobs(play_game, specs, args.workers, args.cluster), strict=True):
            states = [decode(t) for t in texts]
            games.append(states)
            print(f"game {spec.seed} at {spec.level}: {outcome}, {len(texts)} positions", file=sys.stderr)
            for st in states:  # every game's positions, also one another game reached too (two levels share many)
                if (spec.seed, spec.level, st.digest()) not in known:
                    f.write(json.dumps({"kind": "position", "game": spec.seed, "game_level": spec.level,
                                        "turn": st.turn, "digest": st.digest(), "actual": outcome}) + "\n")
    h = game_def_hash(gd)
    jobs = []
    for index in range(args.rollouts):
        for level in args.levels.split(","):
            for st in {st.digest(): st for states in games for st in states}.values():
                if (st.digest(), level, index) not in done:
                    jobs.append(RolloutJob(gd.scenario.id, h, encode(st), st.digest(), index, level))
    print(f"{len(jobs)} rollouts to play", file=sys.stderr)
    with args.out.open("a") as f:
        results = iter_jobs(run_rollout_job, jobs, args.workers, args.cluster)
        for n, (job, result) in enumerate(zip(jobs, results, strict=False)):
            f.write(json.dumps({"digest": job.digest, "level": job.level, "index": job.index,
                                "outcome": result.outcome.value}) + "\n")
            f.flush()
            if n % 20 == 0:
                print(f"  {n + 1}/{len(jobs)}", file=sys.stderr)


def read(path: Path) -> list[dict[str, object]]:
    """The gathered positions and rollouts."""
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()] if path.exists() else []


@dataclass(frozen=True, slots=True)
class Position:
    """A position of one game: where it came from and how that game ended."""

    game: int
    game_level: str
    turn: int
    digest: str
    actual: Outcome


def gathered(rows: list[dict[str, object]], recorded_only: bool = False,
             ) -> tuple[list[Position], dict[tuple[str, str], list[Outcome]]]:
    """The positions (one per game that reached it) and each digest's rollouts per level, rollout ``i`` once (an
    older file repeats a rollout for every game that reached its position, and names the game on it;
    ``recorded_only``: only the positions of position rows, the older rows giving their rollouts only)."""
    positions: dict[tuple[int, str, str], Position] = {}
    outcomes: dict[tuple[str, str], dict[int, Outcome]] = defaultdict(dict)
    for r in rows:
        if "game" in r and (r.get("kind") == "position" or not recorded_only):
            pos = Position(int(str(r["game"])), str(r["game_level"]), int(str(r["turn"])), str(r["digest"]),
                           Outcome(str(r["actual"])))
            positions.setdefault((pos.game, pos.game_level, pos.digest), pos)
        if r.get("kind") != "position":
            outcomes[(str(r["digest"]), str(r["level"]))].setdefault(int(str(r["index"])), Outcome(str(r["outcome"])))
    return list(positions.values()), {k: [v[i] for i in sorted(v)] for k, v in outcomes.items()}


def _shares(outcomes: list[Outcome]) -> dict[Outcome, float]:
    """Each outcome's share of ``outcomes``."""
    return {o: sum(1 for x in outcomes if x is o) / len(outcomes) for o in Outcome}


def _brier(p: dict[Outcome, float], actual: Outcome) -> float:
    """The Brier score of one prediction over the three outcomes."""
    return sum((p[o] - (1.0 if o is actual else 0.0)) ** 2 for o in Outcome)


def report(path: Path, recorded_only: bool = False) -> str:
    """The reliability table, the Brier score and the level comparison, as Markdown."""
    positions, outcomes = gathered(read(path), recorded_only)
    levels = sorted({lv for _, lv in outcomes})
    out = []
    for level in levels:
        preds = [(_shares(outcomes[(p.digest, level)]), p, len(outcomes[(p.digest, level)]))
                 for p in positions if (p.digest, level) in outcomes]
        brier = statistics.mean(_brier(sh, p.actual) for sh, p, _ in preds)
        base = {o: sum(1 for _, p, _ in preds if p.actual is o) / len(preds) for o in Outcome}
        climo = statistics.mean(_brier(base, p.actual) for _, p, _ in preds)
        counts = sorted(n for *_, n in preds)
        out.append(f"### Rollouts at {level}: {len(preds)} positions ({len({p.digest for _, p, _ in preds})} "
                   f"different), {counts[0]}–{counts[-1]} rollouts each (median {statistics.median(counts):.0f})\n")
        out.append(f"Brier score (three outcomes, 0 is perfect): **{brier:.3f}** — against {climo:.3f} for always "
                   f"predicting the overall shares\n")
        deep = [(sh, p, n) for sh, p, n in preds if n >= 2]
        if deep:  # an n-rollout share adds its own sampling variance, sum p(1 - p) / n, to the score
            raw = statistics.mean(_brier(sh, p.actual) for sh, p, _ in deep)
            noise = statistics.mean(sum(sh[o] * (1 - sh[o]) for o in Outcome) / (n - 1) for sh, _, n in deep)
            out.append(f"Over the {len(deep)} positions with 2 or more rollouts: {raw:.3f}; less the rollouts' own "
                       f"sampling noise (the unbiased estimate of sum p(1 − p) / n): about **{raw - noise:.3f}**, the "
                       f"score with many rollouts a position\n")
        by_game: dict[str, list[float]] = defaultdict(list)
        for sh, p, _ in preds:
            by_game[p.game_level].append(_brier(sh, p.actual))
        out.append("By the level the games were played at: " + "; ".join(
            f"{g} {statistics.mean(v):.3f} ({len(v)} positions)" for g, v in sorted(by_game.items())) + "\n")
        out.append("| predicted Japanese win | positions | mean predicted | Japanese won |\n|---|---|---|---|")
        for lo in range(0, 100, 20):
            hi = lo + 20
            inside = [(sh, p) for sh, p, _ in preds
                      if lo <= 100 * sh[Outcome.JP] < hi or (hi == 100 and sh[Outcome.JP] == 1.0)]
            if inside:
                mean = statistics.mean(sh[Outcome.JP] for sh, _ in inside)
                won = sum(1 for _, p in inside if p.actual is Outcome.JP) / len(inside)
                out.append(f"| {lo}–{hi} % | {len(inside)} | {100 * mean:.0f} % | {100 * won:.0f} % |")
            else:
                out.append(f"| {lo}–{hi} % | 0 | — | — |")
        out.append("")
    if len(levels) > 1:
        out.append(compare(outcomes, levels[0], levels[1]))
    return "\n".join(out)


def compare(outcomes: dict[tuple[str, str], list[Outcome]], a: str, b: str) -> str:
    """How the chances differ between rollouts at levels ``a`` and ``b`` on the same positions (each digest once)."""
    diffs: dict[Outcome, list[float]] = defaultdict(list)
    for (digest, lv), ra in outcomes.items():
        if lv == a and (digest, b) in outcomes:
            sa, sb = _shares(ra), _shares(outcomes[(digest, b)])
            for o in Outcome:
                diffs[o].append(sa[o] - sb[o])
    if not diffs:
        return ""
    rows = [f"Rollouts at {a} against {b} on the same {len(diffs[Outcome.JP])} positions (points, {a} minus {b}):\n",
            "| chance of | mean difference | mean absolute difference | largest |", "|---|---|---|---|"]
    for o in Outcome:
        d = diffs[o]
        rows.append(f"| {o.value} | {100 * statistics.mean(d):+.1f} | {100 * statistics.mean(map(abs, d)):.1f} | "
                    f"{100 * max(map(abs, d)):.0f} |")
    return "\n".join(rows)


def main() -> None:
    """Gather, or print the report."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=8, help="games per game level")
    p.add_argument("--game-levels", default="easy,normal,hard", help="the levels the games are played at")
    p.add_argument("--every", type=int, default=4)
    p.add_argument("--first-turn", type=int, default=0, help="no position before this game-turn")
    p.add_argument("--rollouts", type=int, default=8)
    p.add_argument("--levels", default="rollout,normal", help="the levels the rollouts are played at")
    p.add_argument("--workers", type=int, default=None)
    p.add_argument("--cluster", default=None, help="a Dask scheduler's address (tcp://HOST:8786)")
    p.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "calibration.jsonl")
    p.add_argument("--report", action="store_true")
    p.add_argument("--recorded-positions", action="store_true",
                   help="report only the positions of position rows (written since the second run); older rows "
                        "give their rollouts only")
    args = p.parse_args()
    if args.report:
        print(report(args.out, args.recorded_positions))
    else:
        gather(args)


if __name__ == "__main__":
    main()
