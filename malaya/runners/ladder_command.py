"""``malaya ladder``: check the command's words, run the ladder with a progress bar, print the report."""

from __future__ import annotations

import argparse
import time

from malaya.runners.ladder import bundled_scenarios, ladder_jobs, load_bundled, make_plan, run_ladder
from malaya.runners.ladder_report import ladder_report
from malaya.runners.simulate import Progress
from malaya.session.words.catalog import say


def ladder_problem(args: argparse.Namespace) -> str:
    """What is wrong with the command's words, in plain words, or "" when they can run."""
    names = bundled_scenarios()
    if args.ladder_scenario != "all" and args.ladder_scenario not in names:
        return say("ladder_cli.no_scenario", name=args.ladder_scenario, names=", ".join(names))
    if args.pairs < 1:
        return say("ladder_cli.pairs_too_few")
    if args.pace is not None and args.pace < 0:
        return say("ladder_cli.pace_negative")
    if args.hard_games is not None and args.hard_games < 0:
        return say("ladder_cli.hard_games_negative")
    if args.against not in args.levels:
        return say("ladder_cli.reference_not_measured", level=args.against)
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
    print(say("ladder_cli.done", seconds=f"{time.perf_counter() - started:.0f}", games=len(games)))
    return ""

