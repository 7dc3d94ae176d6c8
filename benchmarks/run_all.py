"""Run every benchmark and print its figures: ``python benchmarks/run_all.py``."""

from __future__ import annotations

import runpy
from pathlib import Path

HERE = Path(__file__).resolve().parent
BENCHMARKS = [
    "bench_load.py", "bench_first_frame.py", "bench_render.py", "bench_movement.py", "bench_supply.py",
    "bench_combat.py", "bench_campaign.py", "bench_persistence.py",
]


def main() -> None:
    """Run each benchmark script in turn."""
    for name in BENCHMARKS:
        print(f"== {name}")
        runpy.run_path(str(HERE / name), run_name="__main__")


if __name__ == "__main__":
    main()
