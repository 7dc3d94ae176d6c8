"""Does the rollout level play the campaign sensibly? Games from the campaign's opening at several AI levels (issue 29).

Run: ``python benchmarks/rollout_levels.py --games 40 --levels rollout,normal [--workers 2]``.

Each level plays ``--games`` rollouts from the opening (rollout ``i`` seeded as the analysis seeds it, so every level
meets the same dice seeds), both sides the computer at that level. Printed per level: the Japanese / draw /
Commonwealth shares with their 95 % intervals, the VP margin (JP minus CW) min/median/max, and the CPU seconds of
one rollout min/median/max (measured in the worker that played it).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from malaya.content.campaign import load_game_def  # noqa: E402
from malaya.persistence.gamehash import game_def_hash  # noqa: E402
from malaya.persistence.rollout_jobs import RolloutJob, run_rollout_job  # noqa: E402
from malaya.persistence.snapshot import encode  # noqa: E402
from malaya.resources import scenario_file  # noqa: E402
from malaya.runners.pool import run_jobs  # noqa: E402
from malaya.session.analysis.estimate import Outcome, WinEstimate  # noqa: E402
from malaya.session.analysis.rollout import RolloutResult  # noqa: E402
from malaya.session.match import Match  # noqa: E402


def timed_job(job: RolloutJob) -> tuple[RolloutResult, float]:
    """One rollout and the CPU seconds it took."""
    t0 = time.process_time()
    result = run_rollout_job(job)
    return result, time.process_time() - t0


def main() -> None:
    """Play the games and print the table."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--levels", default="rollout,normal")
    p.add_argument("--workers", type=int, default=None)
    args = p.parse_args()
    gd = load_game_def(scenario_file())
    opening = Match.new(gd, 0).state
    text, digest, h = encode(opening), opening.digest(), game_def_hash(gd)
    levels = args.levels.split(",")
    jobs = [RolloutJob(gd.scenario.id, h, text, digest, i, lv) for lv in levels for i in range(args.games)]
    results = run_jobs(timed_job, jobs, args.workers)
    print("| level | games | Japanese win | draw | Commonwealth win | VP margin min/median/max "
          "| CPU s min/median/max |")
    print("|---|---|---|---|---|---|---|")
    for lv in levels:
        mine = [r for j, r in zip(jobs, results, strict=True) if j.level == lv]
        outcomes = [r.outcome for r, _ in mine]
        est = WinEstimate.of(outcomes)
        shares = " | ".join(f"{100 * c.share:.0f} % ({100 * c.low:.0f}–{100 * c.high:.0f})"
                            for c in (est.chance(o) for o in (Outcome.JP, Outcome.DRAW, Outcome.CW)))
        margins = [r.margin for r, _ in mine]
        cpu = [t for _, t in mine]
        print(f"| {lv} | {len(mine)} | {shares} | {min(margins)} / {statistics.median(margins):.0f} / {max(margins)} "
              f"| {min(cpu):.2f} / {statistics.median(cpu):.2f} / {max(cpu):.2f} |")


if __name__ == "__main__":
    main()
