"""How much work the AI does per player-turn, to size ``malaya.ai.effort.TURN_WORK_BUDGET``.

``python tools/ai_effort.py [--games 4] [--seed 1]`` plays full AI-vs-AI campaigns for every
pairing of levels (JP and CW each easy, normal, hard) with an unlimited budget and prints, per
pairing, the most candidates scored in one player-turn (and the median player-turn).
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import sys
from multiprocessing import get_context
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from malaya.ai.controller import AIController  # noqa: E402
from malaya.ai.levels import LEVELS  # noqa: E402
from malaya.content.campaign import load_game_def  # noqa: E402
from malaya.engine import rules  # noqa: E402
from malaya.engine.sides import Side  # noqa: E402
from malaya.resources import scenario_file  # noqa: E402
from malaya.session.match import Match  # noqa: E402

UNLIMITED = sys.maxsize


def turn_work(job: tuple[int, str, str]) -> list[int]:
    """Candidates scored in each AI player-turn of one campaign (seeds as ``malaya simulate``)."""
    seed, jp, cw = job
    gd = load_game_def(scenario_file())
    match = Match.new(gd, seed=seed)
    ais = {Side.JP: AIController(jp, Side.JP, seed * 2 + 1, budget=UNLIMITED),
           Side.CW: AIController(cw, Side.CW, seed * 2 + 2, budget=UNLIMITED)}
    work: dict[tuple[int, Side], int] = {}
    while not rules.is_terminal(match.state):
        ai = ais[match.state.side]
        rejection = match.submit(ai(gd, match.state))
        assert rejection is None, rejection
        if ai.effort.turn is not None:
            work[ai.effort.turn] = ai.effort.spent
    return list(work.values())


def main() -> int:
    """Measure every pairing of levels and print one line per pairing."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    pairings = list(itertools.product(LEVELS, LEVELS))
    jobs = [(args.seed + i, jp, cw) for jp, cw in pairings for i in range(args.games)]
    with get_context("spawn").Pool(2) as pool:
        results = pool.map(turn_work, jobs)
    overall = 0
    for n, (jp, cw) in enumerate(pairings):
        turns = [w for r in results[n * args.games:(n + 1) * args.games] for w in r]
        overall = max(overall, max(turns))
        print(f"JP {jp:<6} CW {cw:<6}  player-turns {len(turns):>4}  median {statistics.median(turns):>6.0f}"
              f"  max {max(turns):>6}", flush=True)
    print(f"most candidates in one player-turn: {overall}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
