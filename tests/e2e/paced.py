"""A person at a real window (Xvfb + xdotool), pausing between presses: the helper of the paced real-window tests
(issue 26, "Also"). Every wait is on the state the game writes (``$MALAYA_STATE_FILE``), never on the clock, so a
loaded machine only makes a test slower; the pauses model the player and synchronise nothing."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from malaya.engine.hexgrid import Hex
from malaya.render.geometry import hex_to_pixel
from tests.e2e.xdisplay import start_xvfb, wait_for

ROOT = Path(__file__).resolve().parents[2]
SIZE = (1366, 768)
PATIENCE_S = 180
"""How long a press may take to show on a loaded machine before the test calls it dropped."""
State = dict[str, Any]


class PacedPlayer:
    """The game on an Xvfb display, pressed by xdotool with a person's pauses; sees what the game writes."""

    def __init__(self, display: str, game: subprocess.Popen[bytes], state_file: Path) -> None:
        self.display, self.game, self.state_file = display, game, state_file

    def xdotool(self, *args: str) -> str:
        """Run one xdotool command on the display; its output."""
        done = subprocess.run(["xdotool", *args], env={**os.environ, "DISPLAY": self.display}, check=True,
                              timeout=60, capture_output=True, text=True)
        return done.stdout.strip()

    def state(self) -> State:
        """What the game wrote last (screens, turn, phase, combat, selection, toasts, presses handled)."""
        try:
            return dict(json.loads(self.state_file.read_text()))
        except (FileNotFoundError, json.JSONDecodeError):
            return {}

    def until(self, what: str, ok: Callable[[State], bool], patience: float = PATIENCE_S) -> State:
        """Wait until the game's state satisfies ``ok`` (or fail naming ``what`` and the last state seen)."""
        try:
            wait_for(lambda: self.game.poll() is None and ok(self.state()), patience, what)
        except AssertionError as timeout:
            raise AssertionError(f"{timeout}; the game showed {self.state()}") from None
        assert self.game.poll() is None, "the game exited"
        return self.state()

    def top(self) -> str:
        """The screen on top of the stack."""
        return top(self.state())

    def press(self, *xdotool_args: str, may_repeat: bool = False) -> State:
        """A real key press or click; returns once the game has handled it (its press count went up) and, unless
        ``may_repeat``, checks it was handled once."""
        before = int(str(self.state().get("presses", 0)))
        self.xdotool(*xdotool_args)
        after = self.until(f"the game to handle {' '.join(xdotool_args)}",
                           lambda s: int(str(s.get("presses", 0))) > before)
        if not may_repeat:
            assert int(str(after.get("presses"))) == before + 1, f"{xdotool_args} reached the game more than once"
        return after

    def key(self, name: str) -> State:
        """A real key press (X key name) that must act once."""
        return self.press("key", name)

    def arrow(self, name: str) -> State:
        """A real press of an arrow key, which repeats while held by design (``ui.input.held_keys``): when a loaded
        machine delays xdotool's release past the repeat delay (250 ms) the game rightly sees a held key and steps
        again, so the caller reads where the cursor went instead of counting presses."""
        return self.press("key", name, may_repeat=True)

    def click_here(self) -> State:
        """A real left click where the pointer rests."""
        return self.press("click", "1")

    def point(self, pos: tuple[int, int] | list[int]) -> None:
        """Move the pointer to a window pixel (the window fills the display) and leave it there."""
        self.xdotool("mousemove", str(pos[0]), str(pos[1]))

    def click_at(self, pos: tuple[int, int] | list[int], rest: float = 1.5) -> State:
        """Point at a pixel, look a moment (``rest`` seconds, the pointer still), then click."""
        self.point(pos)
        self.think(rest)
        return self.click_here()

    @staticmethod
    def think(seconds: float) -> None:
        """The player pauses (reads, looks at the map), the pointer at rest: time passes, nothing is synchronised."""
        time.sleep(seconds)


def top(state: State) -> str:
    """The screen on top of the stack a state shows."""
    screens = state.get("screens") or [""]
    assert isinstance(screens, list)
    return str(screens[-1])


def hex_pixel(state: State, h: Hex) -> tuple[int, int] | None:
    """Where a hex's centre is in the window, by the Tactical Map's view the state shows (None: not in view)."""
    view = state.get("view")
    if not view or view.get("strategic"):
        return None
    left, top_, width, height = view["map"]
    wx, wy = hex_to_pixel(h)
    x, y = left + (wx - view["x"]) * view["zoom"], top_ + (wy - view["y"]) * view["zoom"]
    margin = 12
    inside = left + margin <= x <= left + width - margin and top_ + margin <= y <= top_ + height - margin
    return (round(x), round(y)) if inside else None


def _settings(folder: Path) -> Path:
    """Settings of a returning player: the window SIZE at UI scale 1, no sound, questions on."""
    folder.mkdir(parents=True)
    (folder / "settings.json").write_text(json.dumps({"ui_scale": 1.0, "window_size": list(SIZE), "sound": False}))
    return folder


@contextmanager
def paced_game(tmp_path: Path, args: list[str], first: int, last: int) -> Iterator[PacedPlayer]:
    """Xvfb at SIZE (display number in ``first..last-1``) and ``python -m malaya ARGS`` on it, writing its state;
    the pointer in the middle of the window, the keyboard focus on it. Skips without Xvfb or xdotool."""
    missing = [tool for tool in ("Xvfb", "xdotool") if shutil.which(tool) is None]
    if missing:
        pytest.skip(f"needs {' and '.join(missing)} for a real X display and real input")
    size = f"{SIZE[0]}x{SIZE[1]}"
    display, xvfb = start_xvfb(size, first, last)
    game = None
    try:
        state_file = tmp_path / "state.json"
        env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
        env.update(DISPLAY=display, MALAYA_CONFIG_DIR=str(_settings(tmp_path / "config")),
                   MALAYA_DATA_DIR=str(tmp_path / "data"), MALAYA_STATE_FILE=str(state_file),
                   SDL_AUDIODRIVER="dummy")
        game = subprocess.Popen([sys.executable, "-m", "malaya", *args, "--size", size], cwd=ROOT, env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        paced = PacedPlayer(display, game, state_file)
        paced.until("the first screen", lambda s: bool(s.get("screens")))
        window = paced.xdotool("search", "--sync", "--onlyvisible", "--class", ".").splitlines()[0]
        paced.xdotool("mousemove", "--window", window, str(SIZE[0] // 2), str(SIZE[1] // 2))
        paced.xdotool("windowfocus", "--sync", window)  # no window manager: keys go where the focus is
        yield paced
    finally:
        if game is not None and game.poll() is None:
            game.send_signal(signal.SIGTERM)
            try:
                game.wait(timeout=60)
            except subprocess.TimeoutExpired:
                game.kill()
                game.wait(timeout=10)
        xvfb.terminate()
        xvfb.wait(timeout=10)
