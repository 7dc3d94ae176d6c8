"""How far to trust the win chances (issue 29): predicted chances against the actual results of AI-vs-AI games.

Run: ``python benchmarks/calibrate_analysis.py --games 8 --game-levels easy,normal,hard,rca --every 4 --rollouts 8
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
    done = {(r["digest"], r["level"], r["index"]) for r in read(args.out)}
    specs = [GameJob(1000 + g, level, args.every, args.first_turn) for level in args.game_levels.split(",")
             for g in range(args.games)]
    games = []
    for spec, (texts, outcome) in zip(specs, iter_jobs(play_game, specs, args.workers, args.cluster), strict=True):
        games.append((spec, [decode(t) for t in texts], outcome))
        print(f"game {spec.seed} at {spec.level}: {outcome}, {len(texts)} positions", file=sys.stderr)
    h = game_def_hash(gd)
    jobs, meta = [], {}
    for index in range(args.rollouts):
        for level in args.levels.split(","):
            for spec, states, outcome in games:
                for s in states:
                    digest = s.digest()
                    meta[digest] = (spec, s.turn, outcome)
                    if (digest, level, index) not in done:
                        jobs.append(RolloutJob(gd.scenario.id, h, encode(s), digest, index, level))
    print(f"{len(jobs)} rollouts to play", file=sys.stderr)
    with args.out.open("a") as f:
        results = iter_jobs(run_rollout_job, jobs, args.workers, args.cluster)
        for n, (job, result) in enumerate(zip(jobs, results, strict=False)):
            spec, turn, actual = meta[job.digest]
            f.write(json.dumps({"game": spec.seed, "game_level": spec.level, "turn": turn, "digest": job.digest,
                                "level": job.level, "index": job.index, "outcome": result.outcome.value,
                                "actual": actual}) + "\n")
            f.flush()
            if n % 20 == 0:
                print(f"  {n + 1}/{len(jobs)}", file=sys.stderr)


def read(path: Path) -> list[dict[str, object]]:
    """The gathered rollouts."""
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()] if path.exists() else []


def report(path: Path) -> str:
    """The reliability table, the Brier score and the level comparison, as Markdown."""
    rows = read(path)
    by: dict[tuple[str, str], list[dict[str, object]]] = defaultdict(list)
    for r in rows:
        by[(str(r["digest"]), str(r["level"]))].append(r)
    out = []
    for level in sorted({lv for _, lv in by}):
        preds = []
        for (_digest, lv), rs in by.items():
            if lv != level:
                continue
            n = len(rs)
            p = {o: sum(1 for r in rs if r["outcome"] == o.value) / n for o in Outcome}
            preds.append((p, Outcome(str(rs[0]["actual"])), n, int(str(rs[0]["turn"]))))
        brier = statistics.mean(sum((p[o] - (1.0 if o is a else 0.0)) ** 2 for o in Outcome) for p, a, _, _ in preds)
        base = {o: sum(1 for _, a, _, _ in preds if a is o) / len(preds) for o in Outcome}
        climo = statistics.mean(sum((base[o] - (1.0 if o is a else 0.0)) ** 2 for o in Outcome) for _, a, _, _ in preds)
        out.append(f"### Rollouts at {level}: {len(preds)} positions, "
                   f"{statistics.median(n for *_, n, _ in preds):.0f} rollouts each (median)\n")
        out.append(f"Brier score (three outcomes, 0 is perfect): **{brier:.3f}** — against {climo:.3f} for always "
                   f"predicting the overall shares\n")
        out.append(_by_game_level(by, level) + "\n")
        out.append("| predicted Japanese win | positions | mean predicted | Japanese won |\n|---|---|---|---|")
        for lo in range(0, 100, 20):
            hi = lo + 20
            inside = [(p, a) for p, a, _, _ in preds if lo <= 100 * p[Outcome.JP] < hi or (hi == 100 and
                                                                                           p[Outcome.JP] == 1.0)]
            if inside:
                mean = statistics.mean(p[Outcome.JP] for p, _ in inside)
                won = sum(1 for _, a in inside if a is Outcome.JP) / len(inside)
                out.append(f"| {lo}–{hi} % | {len(inside)} | {100 * mean:.0f} % | {100 * won:.0f} % |")
            else:
                out.append(f"| {lo}–{hi} % | 0 | — | — |")
        out.append("")
    levels = sorted({lv for _, lv in by})
    if len(levels) > 1:
        out.append(compare(by, levels[0], levels[1]))
    return "\n".join(out)


def _by_game_level(by: dict[tuple[str, str], list[dict[str, object]]], level: str) -> str:
    """The Brier score of the rollouts at ``level`` for the positions of each game level."""
    scores: dict[str, list[float]] = defaultdict(list)
    for (_digest, lv), rs in by.items():
        if lv == level:
            actual = Outcome(str(rs[0]["actual"]))
            p = {o: sum(1 for r in rs if r["outcome"] == o.value) / len(rs) for o in Outcome}
            scores[str(rs[0]["game_level"])].append(sum((p[o] - (o is actual)) ** 2 for o in Outcome))
    return "By the level the games were played at: " + "; ".join(
        f"{g} {statistics.mean(v):.3f} ({len(v)} positions)" for g, v in sorted(scores.items()))


def compare(by: dict[tuple[str, str], list[dict[str, object]]], a: str, b: str) -> str:
    """How the chances differ between rollouts at levels ``a`` and ``b`` on the same positions."""
    diffs: dict[Outcome, list[float]] = defaultdict(list)
    for (digest, lv), rs in by.items():
        if lv == a and (digest, b) in by:
            rb = by[(digest, b)]
            for o in Outcome:
                pa = sum(1 for r in rs if r["outcome"] == o.value) / len(rs)
                pb = sum(1 for r in rb if r["outcome"] == o.value) / len(rb)
                diffs[o].append(pa - pb)
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
    p.add_argument("--game-levels", default="easy,normal,hard,rca", help="the levels the games are played at")
    p.add_argument("--every", type=int, default=4)
    p.add_argument("--first-turn", type=int, default=0, help="no position before this game-turn")
    p.add_argument("--rollouts", type=int, default=8)
    p.add_argument("--levels", default="rollout,normal", help="the levels the rollouts are played at")
    p.add_argument("--workers", type=int, default=None)
    p.add_argument("--cluster", default=None, help="a Dask scheduler's address (tcp://HOST:8786)")
    p.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "calibration.jsonl")
    p.add_argument("--report", action="store_true")
    args = p.parse_args()
    if args.report:
        print(report(args.out))
    else:
        gather(args)


if __name__ == "__main__":
    main()
