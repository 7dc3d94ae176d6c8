"""Every screen of the client, built headless at a window size: for layout tests and screenshots.

``python -m tests.ui.screen_tour OUT_DIR [WxH ...]`` writes ``screen-<name>-<WxH>.png`` for each.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from malaya.content.scenario_loader import load_scenario  # noqa: E402
from malaya.engine.actions import Action, AddAttacker, ChanceResult, DeclareCombat, EndPhase  # noqa: E402
from malaya.engine.gamedef import GameDef  # noqa: E402
from malaya.engine.sides import Side  # noqa: E402
from malaya.engine.state import Phase  # noqa: E402
from malaya.persistence import GameRecord, save_record, saves_dir  # noqa: E402
from malaya.persistence.last_played import note_played  # noqa: E402
from malaya.persistence.reader_process import SaveReader  # noqa: E402
from malaya.persistence.sample import RANDOM_CONTROLLERS, play_random  # noqa: E402
from malaya.resources import scenario_file  # noqa: E402
from malaya.session.game_client import GameClient  # noqa: E402
from malaya.session.lessons import all_lessons  # noqa: E402
from malaya.ui.app.flow import open_replay, start_recorded_game  # noqa: E402
from malaya.ui.app.intents import (  # noqa: E402
    LoadPurpose,
    Push,
    Reset,
    ToBriefing,
    ToHelp,
    ToKeys,
    ToLessons,
    ToLoad,
    ToMenu,
    ToNewGame,
    ToRules,
    ToSettings,
)
from malaya.ui.app.lessons import start_lesson  # noqa: E402
from malaya.ui.app.loop import make_app, step  # noqa: E402
from malaya.ui.app.stack import App  # noqa: E402
from malaya.ui.battle.screen import BattleScreen  # noqa: E402
from malaya.ui.screens.end import EndScreen, HandoverScreen  # noqa: E402
from tests.bundled import bundled_game  # noqa: E402
from tests.ui.client_driver import fill_maps  # noqa: E402

SIZES = ((1280, 720), (1366, 768), (1920, 1080), (2560, 1440), (3840, 2160))
SEED = 5
BRIEFED = ("malaya1941", "jitra", "kampar", "muar", "singapore")
COMBAT_WITHIN = 8
"""Player-turns of the sample game searched for its first declarable combat (the campaign offers one in its fifth)."""
BATTLE_PHASES = (Phase.REINFORCEMENT, Phase.AIR, Phase.NAVAL, Phase.MOVEMENT, Phase.RAIL, Phase.COMBAT)


@cache
def _log(gd: GameDef, turns: int | None) -> tuple[Action, ...]:
    """The player actions of a random game of ``turns`` player-turns (None: to its end), played once."""
    return tuple(a for a in play_random(gd, seed=SEED, player_turns=turns).match.log
                 if not isinstance(a, ChanceResult))  # the match rolls its own dice from the same seed


def replayed(gd: GameDef, actions: tuple[Action, ...]) -> GameRecord:
    """A fresh record of the sample game after ``actions`` (screens may play on without touching others)."""
    record = GameRecord.new(gd, SEED, (), RANDOM_CONTROLLERS)
    for action in actions:
        assert record.submit(action) is None
    return record


def played(gd: GameDef, turns: int | None) -> GameRecord:
    """A fresh record of the sample random game after ``turns`` player-turns (None: finished)."""
    return replayed(gd, _log(gd, turns))


@cache
def _to_combat(gd: GameDef) -> tuple[Action, ...]:
    """The sample game's actions up to its first Combat phase (turn 2 on) where a combat may be declared."""
    record = GameRecord.new(gd, SEED, (), RANDOM_CONTROLLERS)
    client = GameClient(record.match, frozenset(Side))
    actions = _log(gd, COMBAT_WITHIN)  # the start of the whole game (the same seed plays the same first turns)
    for i, action in enumerate(actions):
        state = record.match.state
        if state.turn >= 2 and state.phase is Phase.COMBAT and state.combat is None and client.declarable_hexes():
            return actions[:i]
        assert record.submit(action) is None
    raise AssertionError(f"the sample game offers no combat in its first {COMBAT_WITHIN} player-turns")


def at_combat(gd: GameDef) -> GameRecord:
    """A fresh record of the sample game standing where a combat may be declared."""
    return replayed(gd, _to_combat(gd))


@cache
def _reader(gd: GameDef) -> SaveReader:
    """The save reader (its worker process) every client of the tour in this test process shares, as one client
    shares one across the pages it opens."""
    return SaveReader(gd)


def open_app(gd: GameDef, size: tuple[int, int], scale: float = 1.0) -> App:
    """A client at the menu in a dummy window of ``size`` with the chosen UI scale."""
    app = make_app(lambda: gd)
    app._reader = _reader(gd)  # each client would spawn a reader process of its own and leave it running
    app.settings = app.settings.with_(ui_scale=scale)
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode(size)
    frames(app)
    return app


def frames(app: App, n: int = 2) -> None:
    """Run ``n`` frames (events, update, drawing); a page listing its files on a thread is waited for first."""
    for _ in range(n):
        listing = getattr(app.top, "listing", None)
        if listing is not None:
            listing.join(30)
        step(app, 1 / 60)


def battle_at(app: App, record: GameRecord, phase: Phase, combat: bool = False) -> BattleScreen:
    """The battle of ``record`` (hotseat) advanced to ``phase`` of the player-turn under way (with a combat)."""
    app.apply(start_recorded_game(record))
    while isinstance(app.top, HandoverScreen):
        app.stack.pop()
    battle = app.top
    assert isinstance(battle, BattleScreen)
    client = battle.client
    for _ in range(40):
        if client.state.phase is phase and (not combat or client.declarable_hexes()):
            break
        if client.submit(EndPhase(side=client.state.side)) is not None:
            break
    declare = [a for a in client.legal() if isinstance(a, DeclareCombat)] if combat else []
    if declare:
        rejection = client.submit(declare[0])
        assert rejection is None, rejection
    return battle


def _pages() -> dict[str, Callable[[App], None]]:
    """The pages outside the battle, by name, each as what brings it up on a client at the menu."""
    return {
        "menu": lambda app: None,
        "menu-continue": lambda app: (_some_saves(app), app.apply(Reset(ToMenu()))),
        "new-game": lambda app: app.apply(Push(ToNewGame())),
        "settings": lambda app: app.apply(Push(ToSettings())),
        "keys": lambda app: app.apply(Push(ToKeys())),
        "help": lambda app: app.apply(Push(ToHelp())),
        "rules": lambda app: app.apply(Push(ToRules(app.gd, "R12.6"))),
        "load": lambda app: (_some_saves(app), app.apply(Push(ToLoad()))),
        "replay-list": lambda app: (_some_saves(app), app.apply(Push(ToLoad(LoadPurpose.REPLAY)))),
        "replay": _replay,
        "end": _end,
        "learn-to-play": lambda app: app.apply(Push(ToLessons())),
        "lesson": lambda app: app.apply(start_lesson(app, all_lessons()[0])),
        **{f"briefing-{name}": _briefing(name) for name in BRIEFED},
    }


def _battles() -> dict[str, Callable[[App], None]]:
    """The battle screen's states, by name, each as what brings it up on a client at the menu."""
    def at_phase(phase: Phase) -> Callable[[App], None]:
        return lambda app: (battle_at(app, played(app.gd, 4), phase), frames(app))

    def strategic(app: App) -> None:
        battle = battle_at(app, played(app.gd, 4), Phase.MOVEMENT)
        battle.apply(battle.input.on_strategic())
        frames(app)

    def combat_panel(app: App) -> None:
        battle = battle_at(app, at_combat(app.gd), Phase.COMBAT, combat=True)
        assert battle.client.state.combat is not None, "no combat could be declared in the sample game"
        frames(app)

    return {**{f"battle-{phase.value}": at_phase(phase) for phase in BATTLE_PHASES},
            "battle-strategic-map": strategic,
            "battle-combat-panel": combat_panel,
            "battle-combat-panel-air-key": lambda app: _point_at_plus(
                battle_at(app, at_combat(app.gd), Phase.COMBAT, combat=True), app)}


@contextmanager
def showing(gd: GameDef, name: str, size: tuple[int, int], scale: float = 1.0) -> Iterator[App]:
    """A fresh client in a window of ``size`` at UI ``scale`` showing the screen ``name``; its threads stopped
    after."""
    app = open_app(gd, size, scale)
    try:
        pages = _pages()
        if name in pages:
            pages[name](app)
            frames(app)
        else:
            _battles()[name](app)
        yield app
    finally:
        _close(app)


def tour(gd: GameDef, size: tuple[int, int], scale: float = 1.0) -> Iterator[tuple[str, App]]:
    """Each screen in turn (name, the app showing it), in a fresh client each time."""
    for name in SCREENS:
        with showing(gd, name, size, scale) as app:
            yield name, app


def _point_at_plus(battle: BattleScreen, app: App) -> None:
    """Every unit that may join the declared combat added, and the mouse on the Combat Panel's + (its tooltip names
    its key)."""
    client = battle.client
    for _ in range(8):
        joining = next((a for a in client.legal() if isinstance(a, AddAttacker)), None)
        if joining is None:
            break
        assert client.submit(joining) is None
    frames(app)
    plus = next(b for b, _ in battle.hits.buttons if b.label == "+")
    pygame.mouse.set_pos(plus.rect.center)
    pygame.event.pump()
    frames(app)


def _briefing(name: str) -> Callable[[App], None]:
    """Show the briefing of the bundled scenario ``name`` (as New Game and the B key do)."""
    return lambda app: app.apply(Push(ToBriefing(load_scenario(scenario_file(name)))))


def _some_saves(app: App) -> None:
    """Three saved games that differ in mode, turn and name."""
    for name, jp, cw, turns in (("Kampar stand", "ai:normal", "human", 4), ("Friday hotseat", "human", "human", 2),
                                ("Drive on Singapore", "human", "ai:hard", 6)):
        record = played(app.gd, turns)
        record.controllers.update({Side.JP: jp, Side.CW: cw})
        last = save_record(record, name)
    note_played(last, finished=False)  # the game the player last played: Continue offers it
    (saves_dir() / "half-written.json").write_bytes(b'{"format_version": 3, "kind": "malaya-save", "na')


def _replay(app: App) -> None:
    """The replay viewer on a short saved game."""
    path = save_record(played(app.gd, 4), "tour sample")
    opened = open_replay(app, path)
    assert not isinstance(opened, str)
    app.apply(opened)  # type: ignore[arg-type]


def _end(app: App) -> None:
    """The game-end page of a finished game of a short scenario (Jitra: its own name and victory terms)."""
    from malaya.cli import _offer_reports

    _offer_reports(app)  # as `malaya` starts the window: the end page may write the report
    app.apply(start_recorded_game(played(bundled_game("jitra"), None)))
    for _ in range(4):  # the battle's first frames: it shows its end page (hotseat: past the hand-over page)
        frames(app, 1)
        if isinstance(app.top, HandoverScreen):
            app.stack.pop()
    assert isinstance(app.top, EndScreen)


def _close(app: App) -> None:
    """Stop the screens' threads."""
    for screen in app.stack:
        screen.close()


SCREENS: tuple[str, ...] = (*_pages(), *_battles())
"""Every screen of the tour, in its order."""


def main(argv: list[str]) -> int:
    """Write a screenshot of every screen at each size given (default 1366x768 and 1920x1080), default UI scale."""
    from malaya.ui.app.window import scale_for

    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    sizes = [tuple(int(v) for v in s.split("x")) for s in argv[1:]] or [(1366, 768), (1920, 1080)]
    gd = bundled_game()
    for w, h in sizes:
        for name, app in tour(gd, (w, h), scale_for((w, h))):
            fill_maps(app)
            path = out / f"screen-{name}-{w}x{h}.png"
            pygame.image.save(pygame.display.get_surface(), str(path))
            print(path)
    return 0


if __name__ == "__main__":
    import tempfile

    os.environ.setdefault("MALAYA_CONFIG_DIR", tempfile.mkdtemp())
    os.environ.setdefault("MALAYA_DATA_DIR", tempfile.mkdtemp())
    sys.exit(main(sys.argv[1:]))
