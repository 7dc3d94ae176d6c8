"""Compare AI levels, or a level without some behaviours, on one side of one scenario against a reference level.

    python benchmarks/ai_compare.py SCENARIO SIDE REFERENCE GAMES LEVEL [LEVEL ...] [--without B1,B2]

Each LEVEL plays SIDE (JP or CW) against REFERENCE on seeds 100, 101, ... as the ladder plays (fog, the same
controllers); ``--without`` takes the named ``Behaviour`` members away from the ``hard`` level first (the quick
experiments behind docs/ai-knobs.md); ``--variant NAME=B1,B2:aspect=value`` adds a level NAME that is hard without
those behaviours and with those aspects (``--variant calm=:aggression=0.3``), to compare several in one run.
Prints each level's score (win 1, draw ½, by the scenario's result levels)
and its margins. The ladder (``malaya ladder``) is the judge; this is for trying one change fast.
"""

from __future__ import annotations

import argparse
import collections
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace

import malaya.ai.levels as ai_levels
from malaya.content.campaign import load_game_def
from malaya.engine.gamedef import GameDef
from malaya.engine.sides import Side
from malaya.resources import scenario_file
from malaya.runners.ladder_watch import play_ladder_game

_GD: dict[str, GameDef] = {}


def _one(job: tuple[str, str, str, str, int]) -> tuple[str, Side | None, int]:
    """One game: (level, winner, margin)."""
    scenario, side, reference, lv, seed = job
    if scenario not in _GD:
        _GD[scenario] = load_game_def(scenario_file(scenario))
    jp, cw = (lv, reference) if side == "JP" else (reference, lv)
    game = play_ladder_game(_GD[scenario], seed, jp, cw, scenario=scenario)
    return lv, game.winner, game.margin


def main() -> None:
    """Parse the command line, play the games on two worker processes, print the scores."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scenario")
    parser.add_argument("side", choices=("JP", "CW"))
    parser.add_argument("reference")
    parser.add_argument("games", type=int)
    parser.add_argument("levels", nargs="+")
    parser.add_argument("--without", default="", help="Behaviour names to take from hard, comma-separated")
    parser.add_argument("--variant", action="append", default=[],
                        help="NAME=B1,B2:aspect=value,...: hard without those behaviours,"
                        " with those aspects (repeatable)")
    parser.add_argument("--first-seed", type=int, default=100)
    args = parser.parse_args()
    if args.without:
        drop = (ai_levels.Behaviour[name] for name in args.without.split(","))
        ai_levels.LEVELS["hard"] = ai_levels.LEVELS["hard"].without(*drop)  # forked workers inherit it
    for variant in args.variant:
        name, _, spec = variant.partition("=")
        names, _, aspects = spec.partition(":")
        drop = [ai_levels.Behaviour[b] for b in names.split(",") if b]
        changed = {k: float(v) for k, v in (a.split("=") for a in aspects.split(",") if a)}
        ai_levels.LEVELS[name] = replace(ai_levels.LEVELS["hard"].without(*drop), name=name, **changed)
    jobs = [(args.scenario, args.side, args.reference, lv, seed)
            for lv in args.levels for seed in range(args.first_seed, args.first_seed + args.games)]
    results: dict[str, list[tuple[Side | None, int]]] = collections.defaultdict(list)
    with ProcessPoolExecutor(2) as pool:
        for lv, winner, margin in pool.map(_one, jobs):
            results[lv].append((winner, margin))
    for lv in args.levels:
        games = results[lv]
        score = sum(1.0 if w is Side(args.side) else 0.5 if w is None else 0.0 for w, _ in games) / len(games)
        print(f"{args.scenario} {args.side} {lv}: score {score:.2f}  margins {[m for _, m in games]}")


if __name__ == "__main__":
    main()
