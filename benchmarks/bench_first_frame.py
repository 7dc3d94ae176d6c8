"""First-frame benchmark: wall time from process start to the first frame on screen.

Runs ``python -m malaya play --frames 1`` (dummy video driver) several times and
reports the median. Target (issue 2): ≤ 1.0 s.
Run: ``python benchmarks/bench_first_frame.py``.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUNS = 5


def main() -> dict[str, float]:
    """Launch the game RUNS times, closing after one frame; print and return the figures."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    times = []
    for _ in range(RUNS):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-m", "malaya", "play", "--frames", "1"], cwd=ROOT, env=env,
                       check=True, capture_output=True)
        times.append(time.perf_counter() - t0)
    figures = {"first_frame_median_s": statistics.median(times), "first_frame_max_s": max(times)}
    print(f"first frame from process start ({RUNS} runs): median {figures['first_frame_median_s']:.3f} s, "
          f"max {figures['first_frame_max_s']:.3f} s   [target ≤ 1.0 s]")
    return figures


if __name__ == "__main__":
    main()
