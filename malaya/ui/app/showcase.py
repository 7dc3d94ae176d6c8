"""Named pictures of the game, drawn by the real client in a hidden window (``malaya screenshot --view``).

Each :class:`Shot` sets up a new game (fixed seed, default settings, private temporary folders
so no save or setting of the player is touched), plays through the gate to the position it
shows, runs a few frames and keeps the window's pixels. ``render_all`` writes every shot into a
folder, so the README's pictures and ``docs/screenshots/`` are remade by one command.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import pygame

from malaya.engine import AddAttacker, DeclareCombat, EndPhase, GameDef, Hex, MoveUnit, Phase, Side
from malaya.render.camera import ZOOM_LEVELS, Camera
from malaya.render.frame import save_png
from malaya.render.geometry import hex_to_pixel
from malaya.render.map_painter import MapRenderer
from malaya.session.game_client import GameClient
from malaya.ui.app.flow import start_game
from malaya.ui.app.loop import make_app, step
from malaya.ui.app.settings import Settings
from malaya.ui.app.stack import App

SEED = 5
SHOT_SIZES = ((1366, 768), (1920, 1080))
"""The sizes ``malaya screenshot --all`` draws every view at."""
SETTLE_FRAMES = 40
MAX_FILL_FRAMES = 600
JITRA = Hex(10, 7)
JITRA_ATTACK = (("jp_11_inf", Hex(10, 6)), ("jp_21_inf", Hex(9, 7)), ("jp_41_inf", Hex(11, 6)),
                ("jp_1_tank", Hex(10, 6)))
"""The opening JP moves that bring four units next to the Jitra line (two stack on one hex)."""


class _MapInput(Protocol):
    """The battle map's input state, as a shot changes it (the map shown)."""

    def on_strategic(self) -> object:
        """The same input with the Strategic Map shown."""
        ...


class _Battle(Protocol):
    """What a shot needs of the battle screen (the class itself is the router's to import)."""

    client: GameClient
    tactical: Camera
    renderer: MapRenderer

    @property
    def input(self) -> _MapInput:
        """The map's input state."""
        ...

    def apply(self, result: Any) -> None:
        """Take an input answer (the only way the map shown changes)."""
        ...


@dataclass(frozen=True, slots=True)
class Shot:
    """A named picture: how to reach its position from the opening of a JP-against-computer game."""

    name: str
    describe: str
    prepare: Callable[[_Battle], None]


def _opening(battle: _Battle) -> None:
    """The opening view, as a new game shows it."""


def _strategic(battle: _Battle) -> None:
    """The whole peninsula on the Strategic Map."""
    battle.apply(battle.input.on_strategic())


def _combat(battle: _Battle) -> None:
    """Four JP units attack Jitra: the Combat Panel shows the odds before the dice."""
    client = battle.client
    _end_phases_until(client, Phase.MOVEMENT)
    for unit, to in JITRA_ATTACK:
        _submit(client, MoveUnit(side=Side.JP, unit=unit, to=to))
    _end_phases_until(client, Phase.COMBAT)
    _submit(client, DeclareCombat(side=Side.JP, defender=JITRA))
    for unit, _ in JITRA_ATTACK:
        _submit(client, AddAttacker(side=Side.JP, unit=unit))
    battle.tactical.center_on(*hex_to_pixel(JITRA))


def _zoom(level: int) -> Callable[[_Battle], None]:
    """The opening view at zoom level ``level`` (1 = farthest)."""

    def prepare(battle: _Battle) -> None:
        battle.tactical.set_zoom(ZOOM_LEVELS[level - 1])

    return prepare


SHOTS: dict[str, Shot] = {
    shot.name: shot for shot in (
        Shot("opening", "the opening of a new game", _opening),
        Shot("combat", "an attack on Jitra with its Combat Panel", _combat),
        Shot("strategic", "the whole peninsula on the Strategic Map", _strategic),
        *(Shot(f"zoom-{i}", f"the opening at zoom {ZOOM_LEVELS[i - 1]:g}", _zoom(i))
          for i in range(1, len(ZOOM_LEVELS) + 1)),
    )
}


def _submit(client: GameClient, action: object) -> None:
    """Submit a setup action; a refusal means the shot's script no longer fits the scenario."""
    refusal = client.submit(action)  # type: ignore[arg-type]
    if refusal is not None:
        raise RuntimeError(f"the screenshot script was refused: {refusal}")


def _end_phases_until(client: GameClient, phase: Phase) -> None:
    """End JP phases through the gate until ``phase`` of the JP player-turn."""
    while not (client.state.phase is phase and client.state.side is Side.JP):
        _submit(client, EndPhase(side=client.state.side))


@contextmanager
def _private_folders() -> Iterator[None]:
    """Settings and saves in a throw-away folder for the duration (never the player's)."""
    keys = ("MALAYA_CONFIG_DIR", "MALAYA_DATA_DIR")
    old = {k: os.environ.get(k) for k in keys}
    with tempfile.TemporaryDirectory(prefix="malaya-shots-") as tmp:
        for k in keys:
            os.environ[k] = tmp
        try:
            yield
        finally:
            for k, v in old.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v


def _battle(app: App) -> _Battle:
    """The battle screen on the app's stack."""
    screen = app.top
    if screen is None or not hasattr(screen, "client"):
        raise RuntimeError("the new game did not open its battle screen")
    return screen  # type: ignore[return-value]


def render_shot(load_gd: Callable[[], GameDef], name: str, size: tuple[int, int]) -> pygame.Surface:
    """The window's pixels of shot ``name`` at ``size`` (a copy; the window is closed after)."""
    shot = SHOTS[name]
    with _private_folders():
        pygame.display.init()
        pygame.font.init()
        window = pygame.display.set_mode(size, pygame.HIDDEN)
        app = make_app(load_gd)
        app.settings = Settings()
        app.apply(start_game(app, "JP", SEED))
        step(app, 1 / 60)
        battle = _battle(app)
        shot.prepare(battle)
        for _ in range(SETTLE_FRAMES):
            step(app, 1 / 60)
        for _ in range(MAX_FILL_FRAMES):  # a first zoom visit is drawn over frames: wait for the whole map
            if not battle.renderer.missing:
                break
            step(app, 1 / 60)
        picture = window.copy()
        for screen in app.stack:
            screen.close()
    return picture


def render_all(load_gd: Callable[[], GameDef], folder: Path, sizes: tuple[tuple[int, int], ...]) -> list[Path]:
    """Every shot at every size into ``folder`` as ``game-NAME-WxH.png``; the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name in SHOTS:
        for w, h in sizes:
            out = folder / f"game-{name}-{w}x{h}.png"
            save_png(render_shot(load_gd, name, (w, h)), out)
            written.append(out)
    return written
