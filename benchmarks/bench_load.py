"""Load benchmark: campaign map (TMX) + scenario (TOML) → GameDef, and the opening state.

Run: ``python benchmarks/bench_load.py``. Target (issue 2): map + scenario load ≤ 100 ms.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from malaya.content.campaign import load_game_def  # noqa: E402
from malaya.engine.gamedef import new_game  # noqa: E402
from malaya.engine.rules import start  # noqa: E402
from malaya.resources import scenario_file  # noqa: E402

RUNS = 20


def main() -> dict[str, float]:
    """Time RUNS loads; print and return the median/max in ms."""
    path = scenario_file()
    load_ms, start_ms = [], []
    for _ in range(RUNS):
        t0 = time.perf_counter()
        gd = load_game_def(path)
        t1 = time.perf_counter()
        start(gd, new_game(gd, ()))
        t2 = time.perf_counter()
        load_ms.append((t1 - t0) * 1000)
        start_ms.append((t2 - t1) * 1000)
    figures = {
        "load_median_ms": statistics.median(load_ms),
        "load_max_ms": max(load_ms),
        "new_game_median_ms": statistics.median(start_ms),
    }
    print(f"map + scenario load ({RUNS} runs): median {figures['load_median_ms']:.1f} ms, "
          f"max {figures['load_max_ms']:.1f} ms   [target ≤ 100 ms]")
    print(f"new game + start:                 median {figures['new_game_median_ms']:.2f} ms")
    return figures


if __name__ == "__main__":
    main()
