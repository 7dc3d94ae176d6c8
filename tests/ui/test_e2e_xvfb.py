"""End to end on a real X display: the game under Xvfb, real clicks via xdotool, a clean close."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.xdisplay import start_xvfb, wait_for

pytestmark = [pytest.mark.skipif(not (shutil.which("Xvfb") and shutil.which("xdotool")),
                                 reason="needs Xvfb and xdotool"),
              pytest.mark.slow]  # the game started in a process of its own on a real X display
ROOT = Path(__file__).resolve().parents[2]
DEADLINE_S = 120
PATIENCE_S = 120
"""How long a press may take to show on a loaded machine."""


def _xdotool(display: str, *args: str) -> None:
    """Run one xdotool command on the display."""
    subprocess.run(["xdotool", *args], env={**os.environ, "DISPLAY": display}, check=True, timeout=10,
                   capture_output=True)


def _state(path: Path) -> dict[str, Any]:
    """What the game wrote last in ``$MALAYA_STATE_FILE``."""
    try:
        return dict(json.loads(path.read_text()))
    except (FileNotFoundError, json.JSONDecodeError):
        return {}


def _click(display: str, state_file: Path, x: str, y: str) -> None:
    """A real click; returns once the game has handled it (waits on its state, never on the clock)."""
    before = int(_state(state_file).get("presses", 0))
    _xdotool(display, "mousemove", x, y, "click", "1")
    wait_for(lambda: int(_state(state_file).get("presses", 0)) > before, PATIENCE_S, f"the click at {x},{y}")


def _shot(display: str, base: Path, n: int) -> Path:
    """Press F12 (the client saves ``base-n.png``) and wait for the file."""
    _xdotool(display, "key", "F12")
    out = base.with_name(f"{base.stem}-{n}.png")
    wait_for(out.exists, PATIENCE_S, f"screenshot {out.name}")
    wait_for(lambda: _readable(out), PATIENCE_S, f"screenshot {out.name} written in full")
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
    display, xvfb = start_xvfb("1280x800", 140, 240)
    game = None
    try:
        base = tmp_path / "e2e.png"
        state_file = tmp_path / "state.json"
        env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
        env.update(
            DISPLAY=display,
            MALAYA_CONFIG_DIR=str(tmp_path / "config"),
            MALAYA_DATA_DIR=str(tmp_path / "data"),
            MALAYA_SCREENSHOT=str(base),
            MALAYA_SCREENSHOT_FRAME="20",
            MALAYA_STATE_FILE=str(state_file),
            SDL_AUDIODRIVER="dummy",
        )
        game = subprocess.Popen([sys.executable, "-m", "malaya", "play", "--new", "--side", "hotseat",
                                 "--seed", "3", "--size", "1280x800"], cwd=ROOT, env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        wait_for(base.exists, DEADLINE_S, "the first frames (the client saves a screenshot after 20)")
        # when the player clicks past the hand-over screen
        _click(display, state_file, "640", "400")
        wait_for(lambda: _state(state_file).get("screens", [""])[-1] == "BattleScreen", PATIENCE_S, "the battle")
        before = _shot(display, base, 1)
        # and clicks End Phase (top right of the bar); the screenshot waits until the game has ended the phase (the
        # press count alone can be the screenshot key's: X may hand SDL the key before the click)
        shown_before = _state(state_file).get("phase")
        _click(display, state_file, "1210", "20")
        wait_for(lambda: _state(state_file).get("phase") not in (None, shown_before), PATIENCE_S,
                 f"the phase to change from {shown_before} after clicking End Phase")
        after = _shot(display, base, 2)
        # then the game is alive and the phase shown in the bar changed
        assert game.poll() is None
        import pygame

        a, b = pygame.image.load(str(before)), pygame.image.load(str(after))
        assert a.get_size() == (1280, 800)
        bar_a = pygame.image.tobytes(a.subsurface((0, 0, 700, 40)), "RGB")
        bar_b = pygame.image.tobytes(b.subsurface((0, 0, 700, 40)), "RGB")
        shown = _state(state_file)  # its screens and toasts say what it was doing (a drawing error is a toast)
        assert bar_a != bar_b, f"the phase bar did not change after clicking End Phase; the game showed {shown}"
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
