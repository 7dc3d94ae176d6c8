"""End to end on a real X display (issue 13, "Done when"): the game from its main menu, real clicks and keys.

Xvfb gives a display, xdotool clicks and types into the game's window as a player would: New Game,
Start, End Phase by its key, the Help by its key and back. Each step is checked on a screenshot the
game itself saves (F12): the window is alive and what it shows changed. Skipped without Xvfb/xdotool.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from tests.e2e.xdisplay import start_xvfb, wait_for

ROOT = Path(__file__).resolve().parents[2]
SIZE = (1366, 768)
STARTUP_S = 120
PATIENCE_S = 120
"""How long the game may take to show a press on a loaded machine (the tests wait on its state, not a clock)."""


def _need_tools() -> None:
    """Skip (saying why) unless Xvfb and xdotool are installed."""
    missing = [tool for tool in ("Xvfb", "xdotool") if shutil.which(tool) is None]
    if missing:
        pytest.skip(f"needs {' and '.join(missing)} for a real X display and real input")


class RealWindow:
    """The game on an Xvfb display, driven with xdotool; screenshots by F12."""

    def __init__(self, display: str, game: subprocess.Popen[bytes], base: Path, state_file: Path) -> None:
        self.display, self.game, self.base, self.state_file = display, game, base, state_file
        self.window = ""

    def state(self) -> dict[str, object]:
        """What the game wrote last in ``$MALAYA_STATE_FILE`` (screens, phase, presses handled)."""
        try:
            return dict(json.loads(self.state_file.read_text()))
        except (FileNotFoundError, json.JSONDecodeError):
            return {}

    def until(self, what: str, ok: Callable[[dict[str, object]], bool]) -> None:
        """Wait until the game's state satisfies ``ok`` (a loaded machine is only slower)."""
        wait_for(lambda: ok(self.state()), PATIENCE_S, what)

    def pressed(self, action: Callable[[], object], what: str) -> None:
        """Do a real press and wait until the game has handled it (its count of presses went up)."""
        before = int(str(self.state().get("presses", 0)))
        action()
        self.until(what, lambda s: int(str(s.get("presses", 0))) > before)

    def xdotool(self, *args: str) -> str:
        """Run one xdotool command on the display; its output."""
        done = subprocess.run(["xdotool", *args], env={**os.environ, "DISPLAY": self.display}, check=True,
                              timeout=15, capture_output=True, text=True)
        return done.stdout.strip()

    def find_window(self) -> None:
        """The game's window id (the only window on this display)."""
        self.window = self.xdotool("search", "--sync", "--onlyvisible", "--class", ".").splitlines()[0]
        self.xdotool("mousemove", "--window", self.window, "10", "10")  # no window manager: keys go under the mouse
        self.xdotool("windowfocus", "--sync", self.window)

    def click(self, pos: tuple[int, int]) -> None:
        """A real left click at a pixel of the game's window; returns once the game has handled it."""
        self.pressed(lambda: self.xdotool("mousemove", "--window", self.window, str(pos[0]), str(pos[1]), "click",
                                          "1"), f"the click at {pos}")

    def key(self, name: str) -> None:
        """A real key press (X key name: e, h, Escape, Return), typed into the focused window as a keyboard would;
        returns once the game has handled it."""
        self.pressed(lambda: self.xdotool("key", name), f"the key {name}")

    def shot(self) -> bytes:
        """F12: the game saves its window (numbered files); the RGB bytes of the newest picture."""
        before = set(self.base.parent.glob(f"{self.base.stem}-*.png"))
        self.xdotool("key", "F12")
        wait_for(lambda: bool(set(self.base.parent.glob(f"{self.base.stem}-*.png")) - before), PATIENCE_S,
                 "a screenshot")
        out = max(set(self.base.parent.glob(f"{self.base.stem}-*.png")) - before,
                  key=lambda p: int(p.stem.rsplit("-", 1)[1]))
        images: list[pygame.Surface] = []
        wait_for(lambda: _loaded(out, images), PATIENCE_S, f"{out.name} written in full")  # the game writes it
        image = images[-1]
        assert image.get_size() == SIZE
        return pygame.image.tobytes(image, "RGB")

    def alive(self) -> bool:
        """True while the game's process runs."""
        return self.game.poll() is None


def _loaded(path: Path, into: list[pygame.Surface]) -> bool:
    """Load the PNG into ``into``; False while the game is still writing it."""
    try:
        into.append(pygame.image.load(str(path)))
    except pygame.error:
        return False
    return True


def _settings(folder: Path) -> Path:
    """A settings folder that is not a first launch: the window SIZE at UI scale 1."""
    folder.mkdir(parents=True)
    (folder / "settings.json").write_text(json.dumps({"ui_scale": 1.0, "window_size": list(SIZE),
                                                      "sound": False}))
    return folder


@pytest.fixture
def real_window(tmp_path: Path) -> Iterator[tuple[RealWindow, dict[str, tuple[int, int]]]]:
    """Xvfb at SIZE, the game started at its main menu in a window of that size, and where its buttons are."""
    _need_tools()
    size = f"{SIZE[0]}x{SIZE[1]}"
    probe_env = {**os.environ, "MALAYA_CONFIG_DIR": str(_settings(tmp_path / "probe-config")),
                 "MALAYA_DATA_DIR": str(tmp_path / "probe-data")}
    probe = subprocess.run([sys.executable, "-m", "tests.e2e.layout_probe", size], cwd=ROOT, env=probe_env,
                           capture_output=True, text=True, timeout=60, check=True)
    where = {k: tuple(v) for k, v in json.loads(probe.stdout.strip().splitlines()[-1]).items()}
    display, xvfb = start_xvfb(size, 240, 340)
    game = None
    try:
        base = tmp_path / "shots" / "e2e.png"
        state_file = tmp_path / "state.json"
        env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
        env.update(DISPLAY=display, MALAYA_CONFIG_DIR=str(_settings(tmp_path / "config")),
                   MALAYA_DATA_DIR=str(tmp_path / "data"), MALAYA_SCREENSHOT=str(base),
                   MALAYA_SCREENSHOT_FRAME="15", SDL_AUDIODRIVER="dummy", MALAYA_STATE_FILE=str(state_file))
        game = subprocess.Popen([sys.executable, "-m", "malaya", "play", "--size", size], cwd=ROOT, env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        wait_for(lambda: base.exists() or game.poll() is not None, STARTUP_S, "the main menu's first frames")
        assert game.poll() is None, game.stderr.read().decode(errors="replace") if game.stderr else "exited"
        window = RealWindow(display, game, base, state_file)
        window.find_window()
        yield window, where  # type: ignore[misc]
    finally:
        if game is not None and game.poll() is None:
            game.kill()
            game.wait(timeout=10)
        xvfb.terminate()
        xvfb.wait(timeout=10)


@pytest.mark.slow  # the game started in a process of its own on a real X display
def test_a_player_starts_a_game_by_clicks_and_plays_it_by_keys(real_window) -> None:  # type: ignore[no-untyped-def]
    window, where = real_window
    bar = slice(0, SIZE[0] * 3 * 40)  # the top bar's rows of pixels (turn, phase)
    # given the main menu in a real window
    menu = window.shot()
    # when the player clicks New Game, then the New Game page shows
    window.click(where["new"])
    new_game = window.shot()
    assert new_game != menu, "clicking New Game changed nothing"
    # when the player clicks Start, then the battle screen shows (after the scenario loads)
    window.click(where["start"])
    window.until("the battle screen", lambda s: (s.get("screens") or [""])[-1] == "BattleScreen")  # type: ignore[index]
    battle = window.shot()
    assert battle != new_game, "clicking Start changed nothing"
    # when the player presses E (End Phase) and Enter (answering a question, if the game asks one)
    window.key("e")
    window.key("Return")
    ended = window.shot()
    # then the phase in the top bar changed
    assert ended[bar] != battle[bar], "End Phase by its key did not change the phase shown"
    # when the player presses H, then the Help opens over the battle; Esc closes it again
    window.key("h")
    helped = window.shot()
    assert helped != ended, "H did not open the Help"
    window.key("Escape")
    closed = window.shot()
    assert closed != helped, "Esc did not close the Help"
    # and the window is still alive, and closes cleanly when asked (SIGTERM becomes SDL's quit event)
    assert window.alive()
    window.game.send_signal(signal.SIGTERM)
    code = window.game.wait(timeout=STARTUP_S)
    assert code == 0, window.game.stderr.read().decode(errors="replace") if window.game.stderr else code
