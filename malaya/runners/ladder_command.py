"""``malaya ladder``: check the command's words, run the ladder with a progress bar, print the report."""

from __future__ import annotations

import argparse
import time

from malaya.runners.ladder import bundled_scenarios, ladder_jobs, load_bundled, make_plan, run_ladder
from malaya.runners.ladder_report import ladder_report
from malaya.runners.simulate import Progress


def ladder_problem(args: argparse.Namespace) -> str:
    """What is wrong with the command's words, in plain words, or "" when they can run."""
    names = bundled_scenarios()
    if args.ladder_scenario != "all" and args.ladder_scenario not in names:
        return f"no scenario named {args.ladder_scenario!r}; use 'all' or one of {', '.join(names)}"
    if args.pairs < 1:
        return "--pairs must be at least 1"
    if args.pace is not None and args.pace < 0:
        return "--pace cannot be negative"
    if args.hard_games is not None and args.hard_games < 0:
        return "--hard-games cannot be negative"
    if args.against not in args.levels:
        return f"the reference level {args.against} must be one of --levels"
    return ""


def run_ladder_command(args: argparse.Namespace) -> str:
    """Run the ladder the command describes and print its report; a problem with the words instead, if any."""
    problem = ladder_problem(args)
    if problem:
        return problem
    pace = args.pairs if args.pace is None else args.pace
    hard = args.pairs if args.hard_games is None else args.hard_games
    save = str(args.save) if args.save is not None else ""
    plan = make_plan(args.run, args.ladder_scenario, args.levels, args.against, args.pairs, pace, hard, save)
    started = time.perf_counter()
    bar = Progress(len(ladder_jobs(plan)))
    games = run_ladder(plan, max(1, args.jobs), lambda done, total: bar.step())
    print(ladder_report(plan, games, load_bundled))
    print(f"({time.perf_counter() - started:.0f} s wall, {len(games)} games)")
    return ""

