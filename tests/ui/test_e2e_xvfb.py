"""End to end on a real X display: the game under Xvfb, real clicks via xdotool, a clean close."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.e2e.xdisplay import free_display, wait_for

pytestmark = pytest.mark.skipif(not (shutil.which("Xvfb") and shutil.which("xdotool")),
                                reason="needs Xvfb and xdotool")
ROOT = Path(__file__).resolve().parents[2]
DEADLINE_S = 30


def _xdotool(display: str, *args: str) -> None:
    """Run one xdotool command on the display."""
    subprocess.run(["xdotool", *args], env={**os.environ, "DISPLAY": display}, check=True, timeout=10,
                   capture_output=True)


def _shot(display: str, base: Path, n: int) -> Path:
    """Press F12 (the client saves ``base-n.png``) and wait for the file."""
    _xdotool(display, "key", "F12")
    out = base.with_name(f"{base.stem}-{n}.png")
    wait_for(out.exists, 10, f"screenshot {out.name}")
    wait_for(lambda: _readable(out), 10, f"screenshot {out.name} written in full")
    return out


def _readable(path: Path) -> bool:
    """True once the game has finished writing the PNG (a busy machine writes slowly)."""
    import pygame

    try:
        pygame.image.load(str(path))
    except pygame.error:
        return False
    return True


def test_a_real_window_takes_real_clicks_and_closes_cleanly(tmp_path: Path) -> None:
    # given a fresh Xvfb display and the game started straight into a hotseat game
    n = free_display(140, 240)
    display = f":{n}"
    xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    game = None
    try:
        wait_for(lambda: Path(f"/tmp/.X11-unix/X{n}").exists(), 10, "Xvfb")
        base = tmp_path / "e2e.png"
        env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
        env.update(
            DISPLAY=display,
            MALAYA_CONFIG_DIR=str(tmp_path / "config"),
            MALAYA_DATA_DIR=str(tmp_path / "data"),
            MALAYA_SCREENSHOT=str(base),
            MALAYA_SCREENSHOT_FRAME="20",
            SDL_AUDIODRIVER="dummy",
        )
        game = subprocess.Popen([sys.executable, "-m", "malaya", "play", "--new", "--side", "hotseat",
                                 "--seed", "3", "--size", "1280x800"], cwd=ROOT, env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        wait_for(base.exists, DEADLINE_S, "the first frames (the client saves a screenshot after 20)")
        time.sleep(0.3)
        # when the player clicks past the hand-over screen
        _xdotool(display, "mousemove", "640", "400", "click", "1")
        time.sleep(0.5)
        before = _shot(display, base, 1)
        # and clicks End Phase (top right of the bar)
        _xdotool(display, "mousemove", "1210", "20", "click", "1")
        time.sleep(0.5)
        after = _shot(display, base, 2)
        # then the game is alive and the phase shown in the bar changed
        assert game.poll() is None
        import pygame

        a, b = pygame.image.load(str(before)), pygame.image.load(str(after))
        assert a.get_size() == (1280, 800)
        bar_a = pygame.image.tobytes(a.subsurface((0, 0, 700, 40)), "RGB")
        bar_b = pygame.image.tobytes(b.subsurface((0, 0, 700, 40)), "RGB")
        assert bar_a != bar_b, "the phase bar did not change after clicking End Phase"
        # when the window is asked to close (SIGTERM becomes SDL's quit event)
        game.send_signal(signal.SIGTERM)
        code = game.wait(timeout=DEADLINE_S)
        # then it exits cleanly
        assert code == 0, game.stderr.read().decode(errors="replace") if game.stderr else code
    finally:
        if game is not None and game.poll() is None:
            game.kill()
        xvfb.terminate()
        xvfb.wait(timeout=10)
