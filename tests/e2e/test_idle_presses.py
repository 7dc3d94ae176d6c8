"""A turn on a real X display played at a person's pace (issue 26, "Also"): pauses of seconds between presses, the
pointer resting on End Phase, keys for the map cursor. Every press must count, however long the window idled first
(issue 26 §1); the test waits on the state the game writes (``$MALAYA_STATE_FILE``), never on the clock, so a loaded
machine only makes it slower. The pauses model the player; they synchronise nothing.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from malaya.ui.screens.battle.end_phase import ABSORBED
from tests.e2e.xdisplay import start_xvfb, wait_for

ROOT = Path(__file__).resolve().parents[2]
SIZE = (1366, 768)
PATIENCE_S = 120
"""How long a press may take to show on a loaded machine before the test calls it dropped."""
State = dict[str, Any]

pytestmark = pytest.mark.slow


class PacedPlayer:
    """The game on an Xvfb display, pressed by xdotool with a person's pauses; sees what the game writes."""

    def __init__(self, display: str, game: subprocess.Popen[bytes], state_file: Path) -> None:
        self.display, self.game, self.state_file = display, game, state_file

    def xdotool(self, *args: str) -> str:
        """Run one xdotool command on the display; its output."""
        done = subprocess.run(["xdotool", *args], env={**os.environ, "DISPLAY": self.display}, check=True,
                              timeout=30, capture_output=True, text=True)
        return done.stdout.strip()

    def state(self) -> State:
        """What the game wrote last (screens, turn, phase, combat, selection, toasts, presses handled)."""
        try:
            return dict(json.loads(self.state_file.read_text()))
        except (FileNotFoundError, json.JSONDecodeError):
            return {}

    def until(self, what: str, ok: Callable[[State], bool]) -> State:
        """Wait until the game's state satisfies ``ok`` (or fail naming ``what`` and the last state seen)."""
        try:
            wait_for(lambda: self.game.poll() is None and ok(self.state()), PATIENCE_S, what)
        except AssertionError as timeout:
            raise AssertionError(f"{timeout}; the game showed {self.state()}") from None
        assert self.game.poll() is None, "the game exited"
        return self.state()

    def top(self) -> str:
        """The screen on top of the stack."""
        screens = self.state().get("screens") or [""]
        assert isinstance(screens, list)
        return str(screens[-1])

    def press(self, *xdotool_args: str) -> State:
        """A real key press or click; returns once the game has handled it (its press count went up)."""
        before = int(str(self.state().get("presses", 0)))
        self.xdotool(*xdotool_args)
        after = self.until(f"the game to handle {' '.join(xdotool_args)}",
                           lambda s: int(str(s.get("presses", 0))) > before)
        assert int(str(after.get("presses"))) == before + 1, f"{xdotool_args} reached the game more than once"
        return after

    def key(self, name: str) -> State:
        """A real key press (X key name)."""
        return self.press("key", name)

    def click_here(self) -> State:
        """A real left click where the pointer rests."""
        return self.press("click", "1")

    @staticmethod
    def think(seconds: float) -> None:
        """The player pauses (reads, looks at the map), the pointer at rest: time passes, nothing is synchronised."""
        time.sleep(seconds)


def _settings(folder: Path) -> Path:
    """Settings of a returning player: the window SIZE at UI scale 1, no sound, questions on."""
    folder.mkdir(parents=True)
    (folder / "settings.json").write_text(json.dumps({"ui_scale": 1.0, "window_size": list(SIZE), "sound": False}))
    return folder


@pytest.fixture
def player(tmp_path: Path) -> Iterator[PacedPlayer]:
    """Xvfb at SIZE and a hotseat game (seed 5) started straight into its hand-over screen."""
    missing = [tool for tool in ("Xvfb", "xdotool") if shutil.which(tool) is None]
    if missing:
        pytest.skip(f"needs {' and '.join(missing)} for a real X display and real input")
    size = f"{SIZE[0]}x{SIZE[1]}"
    display, xvfb = start_xvfb(size, 340, 440)
    game = None
    try:
        state_file = tmp_path / "state.json"
        env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
        env.update(DISPLAY=display, MALAYA_CONFIG_DIR=str(_settings(tmp_path / "config")),
                   MALAYA_DATA_DIR=str(tmp_path / "data"), MALAYA_STATE_FILE=str(state_file),
                   SDL_AUDIODRIVER="dummy")
        game = subprocess.Popen([sys.executable, "-m", "malaya", "play", "--new", "--side", "hotseat", "--seed",
                                 "5", "--size", size], cwd=ROOT, env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        paced = PacedPlayer(display, game, state_file)
        paced.until("the hand-over screen", lambda s: "HandoverScreen" in (s.get("screens") or []))
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


def _phase(state: State) -> tuple[object, object, object]:
    """Where the game is: turn, side, phase."""
    return state.get("turn"), state.get("side"), state.get("phase")


def _ends_phase(player: PacedPlayer, press: Callable[[], object]) -> State:
    """An End Phase press (click or key) that must end the phase, or ask first: then Enter, after a pause, ends it."""
    before = _phase(player.state())
    press()
    after = player.until("End Phase to end the phase or ask first",
                         lambda s: _phase(s) != before or (s.get("screens") or [""])[-1] == "ConfirmDialog")
    if (after.get("screens") or [""])[-1] == "ConfirmDialog":
        player.think(1.5)
        player.key("Return")
        after = player.until("Enter to end the phase", lambda s: _phase(s) != before)
    return after


def test_a_paced_player_ends_phases_after_long_rests_and_moves_by_keys(player: PacedPlayer) -> None:
    """Given a hotseat game's first Japanese phase in a real window, when the pointer rests on End Phase and clicks
    after 3 to 5 seconds each time, then every click ends a phase (none is dropped after the window idled); in the
    Movement phase N, C and Enter move a unit by the map cursor; E, pressed every few seconds, ends Movement (after
    its question), Rail and Combat, and the Commonwealth's hand-over shows."""
    # given the battle behind the hand-over screen
    player.think(2.0)
    player.click_here()
    state = player.until("the battle screen", lambda s: (s.get("screens") or [""])[-1] == "BattleScreen")
    end_x, end_y = state["end_phase"]
    player.xdotool("mousemove", str(end_x), str(end_y))
    # when End Phase is clicked, the pointer left resting on it, every few seconds until the Movement phase
    for rest in (3.0, 5.0, 4.0, 3.5):
        if state.get("phase") == "movement":
            break
        player.think(rest)  # the pointer rests on End Phase; the window idles
        state = _ends_phase(player, player.click_here)
    # then each click counted: the Japanese Movement phase came
    assert _phase(state) == (1, "JP", "movement"), state
    # when N selects a unit, C puts the cursor on its nearest destination and Enter moves it (keys only)
    player.xdotool("mousemove", str(end_x), str(end_y + 60))  # the pointer rests on the bar, off the map
    player.think(2.0)
    moved_from = int(str(player.state().get("actions")))
    player.key("n")
    chosen = player.until("N to select a unit and show the cursor on it", lambda s: bool(s.get("selected"))
                          and s.get("cursor") is not None)
    player.think(2.5)
    player.key("c")
    aimed = player.until("C to move the cursor to a destination", lambda s: s.get("cursor") != chosen.get("cursor"))
    player.think(2.0)
    player.key("Return")
    player.until("Enter to move the unit", lambda s: int(str(s.get("actions"))) > moved_from)
    assert aimed.get("cursor") is not None
    # when E is pressed every 2.5 s: Movement asks first (units left), Enter ends it; Rail; Combat ends the turn
    for _ in range(4):
        if player.state().get("side") != "JP":
            break
        player.think(2.5)
        _ends_phase(player, lambda: player.key("e"))
    # then the Japanese player-turn is over: the Commonwealth's hand-over screen shows
    final = player.until("the Commonwealth's turn", lambda s: s.get("side") == "CW")
    assert ABSORBED not in (final.get("toasts") or []), "a deliberate press was taken for a double press"
