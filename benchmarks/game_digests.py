"""Game digests to compare two versions of the code: speed-ups must not change a single game (issue 29).

Run: ``python benchmarks/game_digests.py --levels normal,easy,hard --games 2`` on both versions and compare the
lines. Each line is one rollout from the campaign's opening (seeded as the analysis seeds rollout ``i``): the level,
``i``, the first 16 hex digits of the final state's digest, the number of actions, and the CPU seconds it took.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from malaya.content.campaign import load_game_def  # noqa: E402
from malaya.engine.sides import Side  # noqa: E402
from malaya.resources import scenario_file  # noqa: E402
from malaya.session.analysis.rollout import rollout_seed  # noqa: E402
from malaya.session.controllers import make_controller  # noqa: E402
from malaya.session.match import Match  # noqa: E402


def main() -> None:
    """Play the games and print a line for each."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--levels", default="normal,easy,hard")
    p.add_argument("--games", type=int, default=2)
    args = p.parse_args()
    gd = load_game_def(scenario_file())
    opening = Match.new(gd, 0).state
    key = opening.digest()
    for lvl in args.levels.split(","):
        for i in range(args.games):
            t0 = time.process_time()
            match = Match(gd, rollout_seed(key, i), opening)
            match.resolve_chance()
            match.play({s: make_controller(f"ai:{lvl}", s, rollout_seed(key, i, s.value)) for s in Side})
            print(lvl, i, match.state.digest()[:16], len(match.log), f"{time.process_time() - t0:.2f}", flush=True)


if __name__ == "__main__":
    main()
