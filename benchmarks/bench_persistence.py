"""Persistence benchmark: save, load and replay --verify of a whole random 28-turn campaign.

Run: ``python benchmarks/bench_persistence.py``. Targets (issue 6): save ≤ 20 ms, load of a
full game ≤ 500 ms, ``replay --verify`` of a full game ≤ 2 s. The engine's own replay of the
log (``session.match.replay``) is timed too, since it bounds what load and verify can reach.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from malaya.content.campaign import load_game_def  # noqa: E402
from malaya.persistence import load_match, save_match, save_record, verify_replay  # noqa: E402
from malaya.persistence.sample import play_random  # noqa: E402
from malaya.resources import scenario_file  # noqa: E402
from malaya.session.match import replay  # noqa: E402

SEED = 42


def _median_ms(run: Callable[[], object], times: int) -> float:
    """Median CPU time of ``run`` in ms (process time: steadier than wall time on a busy machine)."""
    samples = []
    for _ in range(times):
        t0 = time.process_time()
        run()
        samples.append((time.process_time() - t0) * 1000)
    return statistics.median(samples)


def _wall_ms(run: Callable[[], object]) -> float:
    """Wall time of one run of ``run`` in ms (includes fsync waits)."""
    t0 = time.perf_counter()
    run()
    return (time.perf_counter() - t0) * 1000


def main() -> dict[str, float]:
    """Time each operation on one full random campaign; print and return the figures in ms."""
    gd = load_game_def(scenario_file())
    record = play_random(gd, SEED)
    folder = Path(tempfile.mkdtemp(prefix="malaya-bench-"))
    path = save_record(record, "bench", folder)
    figures = {
        "save_ms": _median_ms(lambda: save_record(record, "bench", folder), 20),
        "save_cold_ms": _median_ms(lambda: save_match(record.match, "cold", folder=folder), 3),
        "load_ms": _median_ms(lambda: load_match(path, gd), 3),
        "verify_ms": _median_ms(lambda: verify_replay(path, gd), 3),
        "verify_cold_ms": _median_ms(lambda: verify_replay(path), 3),
        "save_wall_ms": statistics.median(_wall_ms(lambda: save_record(record, "bench", folder)) for _ in range(20)),
        "engine_replay_ms": _median_ms(lambda: replay(gd, record.match.log), 3),
    }
    n, size = len(record.match.log), path.stat().st_size // 1024
    print(f"full random campaign: {n} actions, {len(record.tracker.checkpoints)} checkpoints, {size} KiB")
    print("(median CPU time; wall time is higher when the machine is busy)")
    print(f"save (live record):          median {figures['save_ms']:7.1f} ms   [target ≤ 20 ms]")
    print(f"save, wall time with fsyncs: median {figures['save_wall_ms']:7.1f} ms")
    print(f"save_match (replays once):   median {figures['save_cold_ms']:7.1f} ms")
    print(f"load (replay + checkpoints): median {figures['load_ms']:7.1f} ms   [target ≤ 500 ms]")
    print(f"replay --verify:             median {figures['verify_ms']:7.1f} ms   [target ≤ 2000 ms]")
    print(f"replay --verify, as the CLI: median {figures['verify_cold_ms']:7.1f} ms (scenario loaded too)")
    print(f"  of which the engine alone: median {figures['engine_replay_ms']:7.1f} ms (session.match.replay)")
    return figures


if __name__ == "__main__":
    main()
