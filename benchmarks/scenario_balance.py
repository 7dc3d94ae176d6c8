"""Balance of the bundled scenarios: N seeds of AI vs AI each, wins per side by result level.

``python benchmarks/scenario_balance.py [--games 40] [--jp normal] [--cw normal] [NAME ...]``
A win is a result level won by that side (its name starts with "JP" or "CW"); the rest are draws.
"""

from __future__ import annotations

import argparse
import statistics

from malaya.ai.simulate import simulate
from malaya.resources import scenario_file

SCENARIOS = ("jitra", "kampar", "muar", "singapore")


def balance_row(name: str, games: int, jp: str, cw: str, show_margins: bool = False) -> str:
    """One table row: games, JP wins, draws, CW wins, median margin, the largest side share."""
    records = simulate(games, 0, jp, cw, scenario=scenario_file(name), progress=False)
    jp_wins = sum(1 for r in records if r.level.startswith("JP"))
    cw_wins = sum(1 for r in records if r.level.startswith("CW"))
    draws = len(records) - jp_wins - cw_wins
    margin = statistics.median(r.margin for r in records)
    top = max(jp_wins, cw_wins) * 100 // len(records)
    row = f"{name:<10} {len(records):>5} {jp_wins:>7} {draws:>6} {cw_wins:>7} {margin:>14} {top:>8}%"
    return row + (f"  margins {sorted(r.margin for r in records)}" if show_margins else "")


def main() -> None:
    """Print the balance table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("names", nargs="*", default=list(SCENARIOS))
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--jp", default="normal")
    parser.add_argument("--cw", default="normal")
    parser.add_argument("--margins", action="store_true", help="also list every game's margin (JP VP - CW VP)")
    args = parser.parse_args()
    print(f"{'scenario':<10} {'games':>5} {'JP wins':>7} {'draws':>6} {'CW wins':>7} {'median margin':>14} {'max side':>9}")
    for name in args.names:
        print(balance_row(name, args.games, args.jp, args.cw, args.margins), flush=True)


if __name__ == "__main__":
    main()
