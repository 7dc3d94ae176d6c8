"""Run every benchmark, each in its own process, and print its figures: ``python benchmarks/run_all.py``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
BENCHMARKS = [
    "bench_load.py", "bench_first_frame.py", "bench_render.py", "bench_movement.py", "bench_supply.py",
    "bench_combat.py", "bench_campaign.py", "bench_persistence.py", "bench_bad_saves.py", "bench_ai.py", "bench_ui.py",
    "bench_cpu.py", "bench_ai_scale.py",
    "bench_idle.py", "bench_pbem_open.py", "bench_pbem_watch_idle.py",
]


def main() -> int:
    """Run each benchmark script in turn; the exit status is non-zero if any failed."""
    failed = []
    for name in BENCHMARKS:
        print(f"== {name}", flush=True)
        if subprocess.run([sys.executable, str(HERE / name)], cwd=HERE.parent).returncode != 0:
            failed.append(name)
    if failed:
        print(f"FAILED: {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
