"""Balance of the bundled scenarios: N seeds of AI vs AI each, wins per side by result level.

``python benchmarks/scenario_balance.py [--games 40] [--jp normal] [--cw normal] [NAME ...]``
A win is a game whose result level is that side's (the level's ``side`` in the scenario); the rest are draws.
"""

from __future__ import annotations

import argparse
import statistics

from malaya.engine.sides import Side
from malaya.resources import scenario_file
from malaya.runners.simulate import simulate

SCENARIOS = ("jitra", "kampar", "muar", "singapore")


def balance_row(name: str, games: int, jp: str, cw: str, show_margins: bool = False) -> str:
    """One table row: games, JP wins, draws, CW wins, median margin, the largest side share."""
    records = simulate(games, 0, jp, cw, scenario=scenario_file(name), progress=False)
    jp_wins = sum(1 for r in records if r.winner is Side.JP)
    cw_wins = sum(1 for r in records if r.winner is Side.CW)
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
    header = ("scenario", "games", "JP wins", "draws", "CW wins", "median margin", "max side")
    widths = (-10, 5, 7, 6, 7, 14, 9)
    print(" ".join(f"{h:<{-w}}" if w < 0 else f"{h:>{w}}" for h, w in zip(header, widths, strict=True)))
    for name in args.names:
        print(balance_row(name, args.games, args.jp, args.cw, args.margins), flush=True)


if __name__ == "__main__":
    main()
