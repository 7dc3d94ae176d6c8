"""Render the battle screen with the win chances shown during play (issue 29 item 4) into docs/screenshots:
``python tools/live_chances_screenshot.py [WxH]``.

A game as Japan against the computer, the setting on; both sides are played by the easy computer up to the
start of Japan's game-turn 3, then the 8 games are played on for real (in the worker process the game uses)
and the screen is saved twice: the box under the VP box, and the box with its hover words.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "docs" / "screenshots"
UP_TO = (3, "JP")
"""The player-turn whose start is shown."""


def main(size: tuple[int, int]) -> None:
    """Write the two pictures at ``size``."""
    root = Path(tempfile.mkdtemp(prefix="malaya-live-chances-"))
    os.environ["MALAYA_DATA_DIR"], os.environ["MALAYA_CONFIG_DIR"] = str(root / "data"), str(root / "config")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from malaya.content.campaign import load_game_def
    from malaya.engine.sides import Side
    from malaya.resources import scenario_file
    from malaya.session.controllers import make_controller
    from malaya.ui.app.flow import start_game
    from malaya.ui.app.loop import make_app, open_window, step
    from malaya.ui.battle.screen import BattleScreen

    gd = load_game_def(scenario_file())
    app = make_app(lambda: gd)
    open_window(app, size)
    app.set_settings(app.settings.with_(live_win_chances=True, animation_speed="instant"))
    app.apply(start_game(app, "JP", 11))
    step(app, 1 / 60)
    while not isinstance(app.top, BattleScreen):  # past the briefing or hand-over
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, pos=(size[0] // 2, size[1] // 2), button=1))
        step(app, 1 / 60)
    battle = app.top
    client, bots = battle.client, {side: make_controller("ai:easy", side, 7) for side in Side}
    while (client.state.turn, client.state.side.value) != UP_TO:
        assert client.submit(bots[client.state.side](gd, client.state)) is None
    step(app, 1 / 60)
    assert battle.chances is not None
    while battle.chances.estimate is None and battle.chances.error is None:  # an older position's work first
        battle.chances.join(600)
        step(app, 1 / 60)
    step(app, 1 / 60)
    OUT.mkdir(parents=True, exist_ok=True)
    name = f"battle-live-chances-{size[0]}x{size[1]}"
    pygame.image.save(pygame.display.get_surface(), str(OUT / f"{name}.png"))
    corner = battle.areas(size)["map"].topright
    pointer = (corner[0] - 60, corner[1] + 25)  # on the box in the map's top right corner
    pygame.mouse.get_pos = lambda: pointer  # the dummy video driver has no pointer to move
    step(app, 1 / 60)
    pygame.image.save(pygame.display.get_surface(), str(OUT / f"{name}-hover.png"))
    print(battle.chances.estimate, battle.chances.error, OUT / f"{name}.png")
    battle.close()
    app.close_reader()


if __name__ == "__main__":
    w, h = (int(v) for v in (sys.argv[1] if len(sys.argv) > 1 else "1366x768").split("x"))
    main((w, h))
