"""Render the shared-folder screens headless into docs/screenshots: ``python tools/pbem_watch_screenshots.py [WxH]``.

The Play by e-mail page watching a shared folder that holds the opponent's invitation (offered with Open),
a file still being copied and a file of another game (each with why it is not opened), and the main
menu offering the same invitation.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "docs" / "screenshots"


def main(size: tuple[int, int]) -> None:
    """Write the two pictures at ``size``."""
    root = Path(tempfile.mkdtemp(prefix="malaya-pbem-watch-shots-"))
    os.environ["MALAYA_DATA_DIR"], os.environ["MALAYA_CONFIG_DIR"] = str(root / "jp"), str(root / "config")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from malaya.content.campaign import load_game_def
    from malaya.engine.sides import Side
    from malaya.persistence.pbem.games import new_game
    from malaya.resources import scenario_file
    from malaya.ui.app.intents import Push, Reset, ToMenu, ToPbem
    from malaya.ui.app.loop import make_app, step
    from malaya.ui.app.pbem_watch import choose_folder, shared_watch
    from malaya.ui.app.settings import Settings

    shared = root / "shared"
    shared.mkdir()
    new_game(root / "cw", "jitra", Side.CW, outbox=shared)
    partial = new_game(root / "other", "jitra", Side.CW, outbox=root / "elsewhere")[1].path
    (shared / partial.name).write_bytes(partial.read_bytes()[:200])
    (shared / "notes.pbem.json").write_bytes(b"{}")
    assert choose_folder(root / "jp", str(shared)) is None
    pygame.display.init()
    pygame.font.init()
    window = pygame.display.set_mode(size, pygame.HIDDEN)
    app = make_app(lambda: load_game_def(scenario_file("jitra")))
    app.settings = Settings()
    watch = shared_watch(root / "jp")
    assert watch is not None

    def shot(name: str) -> None:
        watch.scanned.clear()
        watch.found()
        watch.scanned.wait(30)
        for _ in range(5):
            step(app, 1 / 60)
        pygame.image.save(window, str(OUT / f"pbem-{name}-{size[0]}x{size[1]}.png"))

    app.apply(Push(ToPbem()))
    shot("watch")
    app.apply(Reset(ToMenu()))
    shot("menu-arrived")


if __name__ == "__main__":
    width, height = (int(x) for x in (sys.argv[1] if len(sys.argv) > 1 else "1366x768").split("x"))
    main((width, height))
