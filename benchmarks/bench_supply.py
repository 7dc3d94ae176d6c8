"""Supply and intelligence benchmark on the campaign opening position (issue 3).

Times the automatic Supply phase (``supply.on_supply_phase``: tracing for both
sides plus attrition) and a side's limited-intelligence ``observation``. The
first Supply call also builds the cached static look-ups and is reported apart.
Run: ``python benchmarks/bench_supply.py``. Targets: Supply ≤ 5 ms, observation ≤ 1 ms.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from malaya.content.campaign import load_game_def  # noqa: E402
from malaya.engine import intel, supply, supply_lines  # noqa: E402
from malaya.engine.gamedef import new_game  # noqa: E402
from malaya.engine.rules import start  # noqa: E402
from malaya.engine.sides import Side  # noqa: E402
from malaya.resources import scenario_file  # noqa: E402

RUNS = 50


def _median_ms(fn) -> float:  # type: ignore[no-untyped-def]
    """Median wall time of ``fn()`` over RUNS calls, in ms."""
    times = []
    for _ in range(RUNS):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def main() -> dict[str, float]:
    """Time the Supply phase and the observation; print and return the figures."""
    gd = load_game_def(scenario_file())
    state = start(gd, new_game(gd, ())).state
    supply_lines.clear_caches()
    t0 = time.perf_counter()
    supply.on_supply_phase(gd, state)
    first = (time.perf_counter() - t0) * 1000
    figures = {
        "supply_first_ms": first,
        "supply_median_ms": _median_ms(lambda: supply.on_supply_phase(gd, state)),
        "observation_median_ms": _median_ms(lambda: intel.observation(gd, state, Side.CW)),
    }
    print(f"supply phase, first call (builds caches): {figures['supply_first_ms']:.1f} ms")
    print(f"supply phase ({RUNS} runs):   median {figures['supply_median_ms']:.2f} ms   [target ≤ 5 ms]")
    print(f"observation ({RUNS} runs):    median {figures['observation_median_ms']:.3f} ms   [target ≤ 1 ms]")
    return figures


if __name__ == "__main__":
    main()
