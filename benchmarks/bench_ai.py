"""AI benchmark: thinking time per AI player-turn and a full normal-vs-normal campaign.

Run: ``python benchmarks/bench_ai.py``. Targets (issue 5): one AI player-turn ≤ 0.5 s median,
≤ 2 s max; a full normal-vs-normal campaign ≤ 30 s.
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from malaya.content.campaign import load_game_def  # noqa: E402
from malaya.resources import scenario_file  # noqa: E402
from malaya.runners.simulate import play_game  # noqa: E402

GAMES = 2


def main() -> dict[str, float]:
    """Play GAMES normal-vs-normal campaigns; print per-turn and per-campaign times."""
    gd = load_game_def(scenario_file())
    records = [play_game(gd, seed, "normal", "normal") for seed in range(1, GAMES + 1)]
    for r in records:
        print(f"  seed {r.seed}: {r.seconds:.2f} s, {r.actions} actions, AI player-turn median "
              f"{r.turn_median_s * 1000:.0f} ms, max {r.turn_max_s * 1000:.0f} ms, {r.level}")
    figures = {
        "ai_turn_median_s": statistics.median(r.turn_median_s for r in records),
        "ai_turn_max_s": max(r.turn_max_s for r in records),
        "campaign_max_s": max(r.seconds for r in records),
    }
    print(f"AI player-turn: median {figures['ai_turn_median_s']:.3f} s [target ≤ 0.5 s], "
          f"max {figures['ai_turn_max_s']:.3f} s [target ≤ 2 s]; normal-vs-normal campaign: "
          f"max {figures['campaign_max_s']:.1f} s [target ≤ 30 s]")
    return figures


if __name__ == "__main__":
    main()
