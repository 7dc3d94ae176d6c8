"""Where the main menu's New Game button and the New Game page's Start button lie, for the Xvfb test.

Run as ``python -m tests.e2e.layout_probe WxH`` with the same settings folder (a copy) as the game
under test: it draws the two pages headless (dummy video driver) and prints their centres as JSON.
"""

from __future__ import annotations

import json
import os
import sys

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402

from malaya.ui.app.loop import make_app, open_window, step  # noqa: E402
from malaya.ui.screens.menu import MenuScreen  # noqa: E402
from malaya.ui.screens.new_game.screen import NewGameScreen  # noqa: E402
from tests.bundled import bundled_game


def main(size: tuple[int, int]) -> dict[str, tuple[int, int]]:
    """The window pixels of New Game (menu) and Start (New Game page) at ``size``."""
    gd = bundled_game()
    app = make_app(lambda: gd)
    open_window(app, size)
    step(app, 1 / 60)
    menu = app.top
    assert isinstance(menu, MenuScreen)
    new = menu.buttons["new"].rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=new, button=1))
    step(app, 1 / 60)
    step(app, 1 / 60)
    page = app.top
    assert isinstance(page, NewGameScreen)
    return {"new": new, "start": page.start.rect.center}


if __name__ == "__main__":
    w, h = (int(v) for v in sys.argv[1].split("x"))
    print(json.dumps(main((w, h))))
