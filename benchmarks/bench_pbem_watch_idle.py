"""Idle benchmark of the Play by e-mail page watching a shared folder (issue 30): CPU while nothing arrives.

Each run is a fresh process (dummy video driver) whose data folder watches a shared folder holding the 13 turn
files of a whole Jitra game played through files by two computer players (every one already played here or
ignored, so nothing is offered); it opens the Play by e-mail page, lets it settle, then runs the real window
loop for 10 s with no input and reports its process CPU time as a percentage of one core. The folder is looked
into every 2 s on the watch's own thread. Run: ``python benchmarks/bench_pbem_watch_idle.py``.
Target: ≤ 3 % of one core (as the idle battle screen, ``bench_idle.py``).
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
SETTLE_FRAMES = 60
SIZE = (1920, 1080)


def prepare(root: Path) -> None:
    """Two data folders that played Jitra through files in ``root/shared``; the CW one watches it."""
    sys.path.insert(0, str(ROOT))
    from malaya.engine.sides import Side
    from malaya.persistence.pbem.autoplay import play_by_files
    from malaya.persistence.pbem.shared_folder import set_watched_folder
    from malaya.session.controllers import make_controller

    shared = root / "shared"
    shared.mkdir()
    data = {Side.CW: root / "cw", Side.JP: root / "jp"}
    for folder in data.values():
        set_watched_folder(folder, shared)
    controllers = {side: make_controller("ai:easy", side, 7 + i) for i, side in enumerate(Side)}
    play_by_files(data, controllers, "jitra", creator=Side.CW)


def child() -> None:
    """In the measured process: open the Play by e-mail page, settle, idle for IDLE_S; print the CPU %."""
    sys.path.insert(0, str(ROOT))
    import pygame

    from malaya.content.campaign import load_game_def
    from malaya.resources import scenario_file
    from malaya.ui.app.intents import Push, ToPbem
    from malaya.ui.app.loop import make_app, open_window, run_loop

    gd = load_game_def(scenario_file("jitra"))
    app = make_app(lambda: gd)
    open_window(app, SIZE)
    app.apply(Push(ToPbem()))
    run_loop(app, SETTLE_FRAMES)
    pygame.time.set_timer(pygame.QUIT, round(IDLE_S * 1000), loops=1)
    cpu0, wall0 = time.process_time(), time.perf_counter()
    frames = len(run_loop(app))
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    offers = len(getattr(app.top, "offers", []))
    print(f"{100 * cpu / wall:.3f} {frames} {type(app.top).__name__} {offers}")


def main() -> None:
    """Run the idle measurement RUNS times; print min/median/max CPU percent."""
    percents = []
    with tempfile.TemporaryDirectory() as tmp:
        prepare(Path(tmp))
        env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
               "PYGAME_HIDE_SUPPORT_PROMPT": "1", "MALAYA_CONFIG_DIR": str(Path(tmp) / "config"),
               "MALAYA_DATA_DIR": str(Path(tmp) / "cw")}
        for _ in range(RUNS):
            out = subprocess.run([sys.executable, __file__, "--child"], cwd=ROOT, env=env, check=True,
                                 capture_output=True, text=True).stdout.splitlines()[-1].split()
            percents.append(float(out[0]))
            print(f"  run: {float(out[0]):.2f} % of one core, {out[1]} frames in {IDLE_S:.0f} s on {out[2]} "
                  f"({out[3]} files offered)")
    print(f"idle Play by e-mail page watching a folder ({RUNS} runs of {IDLE_S:.0f} s): min {min(percents):.2f} %, "
          f"median {statistics.median(percents):.2f} %, max {max(percents):.2f} %   [target ≤ 3 % of one core]")


if __name__ == "__main__":
    if "--child" in sys.argv:
        child()
    else:
        main()
