"""Drive the game client headless with synthetic pygame events (tests only)."""

from __future__ import annotations

from pathlib import Path

import pygame

from malaya.engine.actions import EndPhase
from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Hex
from malaya.engine.sides import Side
from malaya.engine.state import Phase
from malaya.render.geometry import hex_to_pixel
from malaya.ui.app.flow import SideChoice, start_game
from malaya.ui.app.loop import make_app, open_window, step
from malaya.ui.app.stack import App
from malaya.ui.battle.end_phase import REPEAT_S
from malaya.ui.battle.screen import BattleScreen
from malaya.ui.dialogs.confirm import ConfirmDialog
from malaya.ui.screens.end import HandoverScreen

SIZE = (1280, 800)


def fill_maps(app: App, max_frames: int = 600) -> None:
    """Run frames until every map on the screen stack is fully drawn (a first zoom visit is drawn over frames),
    so that a screenshot shows the whole map."""
    renderers = [r for screen in app.stack if (r := getattr(screen, "renderer", None)) is not None]
    for _ in range(max_frames):
        if not any(r.missing for r in renderers):
            return
        step(app, 1 / 60)


class Driver:
    """An app in a dummy window, with helpers to click, press keys and take screenshots."""

    def __init__(self, gd: GameDef, shots: Path | None = None, looked_at: bool = False) -> None:
        self.app: App = make_app(lambda: gd)
        self.now = 0.0
        """The app's wall clock (seconds): it moves with the frames run and the time waited, never by itself."""
        self.app.clock = lambda: self.now
        open_window(self.app, SIZE)
        pygame.event.clear()
        self.shots = shots
        self.looked_at = looked_at
        """Whether someone asked to look at the screenshots (PNG, compressed); else they are written uncompressed
        (BMP: the same picture, saved about ten times faster)."""

    def frames(self, n: int = 1) -> None:
        """Run ``n`` frames (a page listing its files on a thread is waited for first, as a player would)."""
        for _ in range(n):
            listing = getattr(self.app.top, "listing", None)
            if listing is not None:
                listing.join(30)
            self.now += 1 / 60
            step(self.app, 1 / 60)

    def click(self, pos: tuple[int, int], button: int = 1) -> None:
        """Press and release a mouse button at a window pixel, then run a frame."""
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
        self.frames(1)
        self.settle()

    def settle(self, timeout: float = 30.0) -> None:
        """Wait for a load the top screen runs in the background (slow machines), then run two frames.

        The first frame hands the loaded game over, the second is its first frame (as a quick load's is).
        Then wait for the full check of a loaded save, which the battle runs after its first frame.
        """
        loading = getattr(self.app.top, "loading", None)
        if loading is not None:
            loading.join(timeout)
            self.frames(2)
        check = getattr(self.app.top, "save_check", None)
        if check is not None and check.busy:  # a loaded save is checked in full after its first frame
            self.frames(1)
            check.join(timeout)
            self.frames(1)

    def hover(self, pos: tuple[int, int]) -> None:
        """Move the mouse to a window pixel, then run a frame."""
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        self.frames(1)

    def key(self, key: int, unicode: str = "") -> None:
        """Press a key, then run a frame."""
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=unicode))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0))
        if unicode.isprintable() and unicode:  # as SDL does: the character itself comes as text input
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=unicode))
        self.frames(1)

    def new_game(self, choice: SideChoice = "hotseat", seed: int = 1) -> BattleScreen:
        """Start a game and click past the hand-over screen; the battle screen."""
        self.app.apply(start_game(self.app, choice, seed))
        self.frames(1)
        if not isinstance(self.app.top, BattleScreen):
            self.click((640, 400))
        assert isinstance(self.app.top, BattleScreen)
        return self.app.top

    def skip_to(self, phase: Phase, side: Side = Side.JP) -> BattleScreen:
        """Setup only: end phases through the gate until ``side``'s ``phase``, click past any hand-over; the battle."""
        battle = self.battle()
        client = battle.client
        while not (client.state.phase is phase and client.state.side is side):
            assert client.submit(EndPhase(side=client.state.side)) is None
        self.frames(2)
        while isinstance(self.app.top, HandoverScreen):
            self.click((640, 400))
        return battle

    def battle(self) -> BattleScreen:
        """The battle screen (under any overlay)."""
        return next(s for s in self.app.stack if isinstance(s, BattleScreen))

    def hex_pos(self, h: Hex) -> tuple[int, int]:
        """Window pixel of a hex centre on the Tactical Map, scrolling it into view first."""
        screen = self.battle()
        screen.apply(screen.input.on_tactical())
        screen.tactical.center_on(*hex_to_pixel(h))
        self.frames(1)
        m = screen.areas(SIZE)["map"]
        x, y = screen.tactical.world_to_screen(*hex_to_pixel(h))
        return m.left + round(x), m.top + round(y)

    def end_phase_pos(self) -> tuple[int, int]:
        """Window pixel of the End Phase button."""
        return self.battle().end_phase.rect.center

    def wait(self, seconds: float) -> None:
        """Let ``seconds`` pass in one frame (on the app's wall clock and the clock the screens' ``update`` gets)."""
        self.now += seconds
        step(self.app, seconds)

    def rest(self, seconds: float) -> None:
        """Let ``seconds`` pass on the wall clock while the window idles: one frame, whose ``dt`` is 1/60 s
        (the idle loop does not count time asleep as animation time)."""
        self.now += seconds
        step(self.app, 1 / 60)

    def end_phase(self, confirm: bool = True) -> None:
        """Click End Phase as a player would (after the 0.4 s repeat guard); answer its question with Enter."""
        self.wait(REPEAT_S)
        self.click(self.end_phase_pos())
        if confirm and isinstance(self.app.top, ConfirmDialog):
            self.key(pygame.K_RETURN)

    def shot(self, name: str) -> Path | None:
        """Save the window as ``name``.png in the screenshots folder (if any; ``name``.bmp if no one looks)."""
        if self.shots is None:
            return None
        self.frames(1)
        fill_maps(self.app)
        out = self.shots / f"{name}.{'png' if self.looked_at else 'bmp'}"
        pygame.image.save(pygame.display.get_surface(), str(out))
        return out


def driving(gd, tmp_path):  # type: ignore[no-untyped-def]
    """A Driver for a fixture (screenshots to $MALAYA_TEST_SHOTS or ``tmp_path``); closes AI threads and the save
    reader's process after."""
    import os

    looked_at = "MALAYA_TEST_SHOTS" in os.environ
    shots = Path(os.environ["MALAYA_TEST_SHOTS"]) if looked_at else tmp_path
    shots.mkdir(parents=True, exist_ok=True)
    d = Driver(gd, shots, looked_at)
    yield d
    for screen in d.app.stack:
        if isinstance(screen, BattleScreen):
            screen.close()
    d.app.close_reader()
