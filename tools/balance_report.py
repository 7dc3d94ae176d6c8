"""Balance report (issue 5): every measured target of the AI and the campaign balance in one command.

Run: ``python tools/balance_report.py [--games 40] [--seed 1] [--jobs 2] [--scenario PATH] [--only NAMES]``.

Match-ups (each ``--games`` games on seeds ``seed, seed+1, …``, played on ``--jobs`` cores):

- ``jp_vs_random``: normal JP vs the random-legal CW; target JP ahead (JP − CW > 0) in ≥ 95 %.
- ``cw_vs_random``: the random-legal JP vs normal CW; target CW ahead (JP − CW < 0) in ≥ 95 %.
- ``normal``: normal vs normal; targets Kuala Lumpur falls on game-turn 13 ± 3 (median),
  Singapore falls in most games with median turn 24 ± 3, median JP − CW within −8…+8.
- ``hard_jp`` / ``hard_cw``: hard JP vs normal CW and normal JP vs hard CW; target: the hard side
  beats normal in ≥ 60 % of the games. "Beats" (docs/rules-notes.md, Balance): the game's JP − CW
  margin is better for the hard side than the median margin of normal vs normal on the same
  seeds (the balance point); a margin equal to that median counts half.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from malaya.runners.simulate import GameRecord, simulate  # noqa: E402

MATCHUPS: dict[str, tuple[str, str]] = {
    "jp_vs_random": ("normal", "random"),
    "cw_vs_random": ("random", "normal"),
    "normal": ("normal", "normal"),
    "hard_jp": ("hard", "normal"),
    "hard_cw": ("normal", "hard"),
}


def _median(values: list[int]) -> float | None:
    return statistics.median(values) if values else None


def beats_share(records: list[GameRecord], baseline: float, jp_is_hard: bool) -> float:
    """Share of games whose margin is better for the hard side than ``baseline`` (ties count half)."""
    score = 0.0
    for r in records:
        better = r.margin > baseline if jp_is_hard else r.margin < baseline
        score += 1.0 if better else 0.5 if r.margin == baseline else 0.0
    return score / max(1, len(records))


def _fmt(x: float | None, spec: str = "") -> str:
    return "-" if x is None else format(x, spec)


def report(results: dict[str, list[GameRecord]]) -> str:
    """The summary table of whichever match-ups were played."""
    lines = [f"{'match-up':<14} {'games':>5}  {'measure':<44} {'value':>12}  target",
             "-" * 96]

    def row(name: str, n: int, measure: str, value: str, target: str) -> None:
        lines.append(f"{name:<14} {n:>5}  {measure:<44} {value:>12}  {target}")

    if "jp_vs_random" in results:
        rs = results["jp_vs_random"]
        wins = sum(1 for r in rs if r.margin > 0)
        row("jp_vs_random", len(rs), "normal JP ahead of random CW", f"{wins}/{len(rs)} {100 * wins / len(rs):.0f}%",
            ">= 95%")
    if "cw_vs_random" in results:
        rs = results["cw_vs_random"]
        wins = sum(1 for r in rs if r.margin < 0)
        row("cw_vs_random", len(rs), "normal CW ahead of random JP", f"{wins}/{len(rs)} {100 * wins / len(rs):.0f}%",
            ">= 95%")
    nn_median: float | None = None
    if "normal" in results:
        rs = results["normal"]
        n = len(rs)
        kl = [r.kl_fell for r in rs if r.kl_fell is not None]
        sing = [r.singapore_fell for r in rs if r.singapore_fell is not None]
        sing_or_never = sorted(r.singapore_fell if r.singapore_fell is not None else 99 for r in rs)
        nn_median = statistics.median(r.margin for r in rs)
        row("normal", n, "Kuala Lumpur falls, median game-turn", f"{_fmt(_median(kl))} ({len(kl)}/{n})", "13 +- 3")
        row("normal", n, "Singapore falls (games)", f"{len(sing)}/{n}", "most")
        median_all = statistics.median(sing_or_never)
        row("normal", n, "Singapore falls, median turn (never = 99)", f"{_fmt(median_all)}", "24 +- 3")
        row("normal", n, "Singapore falls, median turn of falls", f"{_fmt(_median(sing))}", "")
        row("normal", n, "median VP difference JP - CW", f"{nn_median:+g}", "-8 ... +8")
        jb = [r.jb_fell for r in rs if r.jb_fell is not None]
        row("normal", n, "Johore Bahru falls, median game-turn", f"{_fmt(_median(jb))} ({len(jb)}/{n})", "")
        row("normal", n, "median steps lost JP / CW",
            f"{_median([r.jp_steps_lost for r in rs])}/{_median([r.cw_steps_lost for r in rs])}", "")
        row("normal", n, "campaign seconds, median / max",
            f"{statistics.median(r.seconds for r in rs):.1f}/{max(r.seconds for r in rs):.1f}", "max <= 30")
        row("normal", n, "AI player-turn s, median / max",
            f"{statistics.median(r.turn_median_s for r in rs):.2f}/{max(r.turn_max_s for r in rs):.2f}",
            "<= 0.5 / <= 2")
    for name, jp_is_hard in (("hard_jp", True), ("hard_cw", False)):
        if name not in results:
            continue
        rs = results[name]
        base = nn_median if nn_median is not None else 0.0
        share = beats_share(rs, base, jp_is_hard)
        med = statistics.median(r.margin for r in rs)
        who = "hard JP beats normal CW" if jp_is_hard else "hard CW beats normal JP"
        row(name, len(rs), f"{who} (vs n-n median {base:+g})", f"{100 * share:.0f}%", ">= 60%")
        row(name, len(rs), "median VP difference JP - CW", f"{med:+g}", "")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Play the match-ups and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--scenario", type=Path, default=None, help="a scenario.toml (default: the campaign)")
    parser.add_argument("--only", default=",".join(MATCHUPS), help="comma-separated match-ups")
    parser.add_argument("--games-table", action="store_true", help="also print every game")
    args = parser.parse_args(argv)
    names = [n for n in args.only.split(",") if n]
    unknown = [n for n in names if n not in MATCHUPS]
    if unknown:
        parser.error(f"unknown match-up(s) {', '.join(unknown)}; choose from {', '.join(MATCHUPS)}")
    started = time.perf_counter()
    results: dict[str, list[GameRecord]] = {}
    for name in names:
        jp, cw = MATCHUPS[name]
        t0 = time.perf_counter()
        results[name] = simulate(args.games, args.seed, jp=jp, cw=cw, scenario=args.scenario,
                                 processes=args.jobs, progress=False)
        print(f"  {name}: {args.games} games in {time.perf_counter() - t0:.0f} s", file=sys.stderr)
        print(report(results), file=sys.stderr, flush=True)
        if args.games_table:
            from malaya.runners.simulate import table

            print(table(results[name]))
    print(report(results))
    print(f"total {time.perf_counter() - started:.0f} s on {args.jobs} process(es)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
