"""Idle benchmark: CPU time the client uses while the battle screen sits untouched (issue 13 item 9).

Each run is a fresh process (dummy video driver) that starts a hotseat game, clicks past the
hand-over page, lets the first frames settle, then runs the real window loop for 10 s with no
input and reports its process CPU time as a percentage of one core.
Run: ``python benchmarks/bench_idle.py``. Target: ≤ 3 % of one core.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUNS = 3
IDLE_S = 10.0
SETTLE_FRAMES = 90
SIZE = (1920, 1080)


def child() -> None:
    """In the measured process: open the battle screen, settle, then idle for IDLE_S; print the CPU %."""
    sys.path.insert(0, str(ROOT))
    import pygame

    from malaya.content.campaign import load_game_def
    from malaya.resources import scenario_file
    from malaya.ui.app.flow import start_game
    from malaya.ui.app.loop import make_app, open_window, run_loop

    gd = load_game_def(scenario_file())
    app = make_app(lambda: gd)
    open_window(app, SIZE)
    app.apply(start_game(app, "hotseat", 1))
    center = (SIZE[0] // 2, SIZE[1] // 2)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=center, button=1))
    run_loop(app, SETTLE_FRAMES)
    pygame.time.set_timer(pygame.QUIT, round(IDLE_S * 1000), loops=1)
    cpu0, wall0 = time.process_time(), time.perf_counter()
    frames = len(run_loop(app))
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    print(f"{100 * cpu / wall:.3f} {frames} {type(app.top).__name__}")


def main() -> dict[str, float]:
    """Run the idle measurement RUNS times; print and return min/median/max CPU percent."""
    percents = []
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
               "PYGAME_HIDE_SUPPORT_PROMPT": "1", "MALAYA_CONFIG_DIR": str(Path(tmp) / "config"),
               "MALAYA_DATA_DIR": str(Path(tmp) / "data")}
        for _ in range(RUNS):
            out = subprocess.run([sys.executable, __file__, "--child"], cwd=ROOT, env=env, check=True,
                                 capture_output=True, text=True).stdout.splitlines()[-1].split()
            percents.append(float(out[0]))
            print(f"  run: {float(out[0]):.2f} % of one core, {out[1]} frames in {IDLE_S:.0f} s on {out[2]}")
    figures = {"idle_cpu_min_pct": min(percents), "idle_cpu_median_pct": statistics.median(percents),
               "idle_cpu_max_pct": max(percents)}
    print(f"idle battle screen CPU ({RUNS} runs of {IDLE_S:.0f} s): min {figures['idle_cpu_min_pct']:.2f} %, "
          f"median {figures['idle_cpu_median_pct']:.2f} %, max {figures['idle_cpu_max_pct']:.2f} %"
          f"   [target ≤ 3 % of one core]")
    return figures


if __name__ == "__main__":
    if "--child" in sys.argv:
        child()
    else:
        main()
