"""Full-campaign benchmark: random-vs-random 28-turn campaigns on the bundled map.

Run: ``python benchmarks/bench_campaign.py``. Target (issue 3): ≤ 10 s per campaign.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from malaya.ai.random_bot import RandomBot  # noqa: E402
from malaya.content.campaign import load_game_def  # noqa: E402
from malaya.engine import rules  # noqa: E402
from malaya.engine.sides import Side  # noqa: E402
from malaya.resources import scenario_file  # noqa: E402
from malaya.session.match import Match  # noqa: E402

GAMES = 3


def main() -> dict[str, float]:
    """Play GAMES campaigns; print seconds per campaign, actions and combats."""
    gd = load_game_def(scenario_file())
    times, actions, combats = [], [], []
    for seed in range(GAMES):
        t0 = time.perf_counter()
        match = Match.new(gd, seed=seed)
        match.play({Side.JP: RandomBot(2 * seed + 1), Side.CW: RandomBot(2 * seed + 2)})
        times.append(time.perf_counter() - t0)
        actions.append(len(match.log))
        combats.append(Counter(type(e).__name__ for e in match.events)["DiceRolled"])
        result = rules.result(gd, match.state)
        print(f"  seed {seed}: {times[-1]:.2f} s, {actions[-1]} actions, {combats[-1]} combats, "
              f"{result.level if result else '?'}")
    figures = {"campaign_median_s": statistics.median(times), "campaign_max_s": max(times)}
    print(f"random-vs-random campaign ({GAMES} games): median {figures['campaign_median_s']:.2f} s, "
          f"max {figures['campaign_max_s']:.2f} s   [target ≤ 10 s]")
    return figures


if __name__ == "__main__":
    main()
