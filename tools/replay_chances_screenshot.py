"""Render the replay viewer with its win-chance strip into docs/screenshots/replay-win-chances.png (issue 29):
``python tools/replay_chances_screenshot.py SAVE [WxH]``.

The save is opened in the viewer as a player opens it, the strip is turned on (G) and the chances are worked out in
the background as the viewer does (rollouts a position: ``win_chances.VIEWER_ROLLOUTS``; what ``malaya analyze``
already played for the same positions is reused from the cache), then the cursor is put at the start of game-turn 6
and the window is saved. Long: the whole game's positions are rolled out first (progress is printed).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "docs" / "screenshots" / "replay-win-chances.png"
AT_TURN = 6
"""The game-turn whose start the cursor shows."""


def main(save: Path, size: tuple[int, int]) -> None:
    """Write the picture at ``size``."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from malaya.content.campaign import load_game_def
    from malaya.resources import scenario_file
    from malaya.ui.app.flow import open_replay
    from malaya.ui.app.loop import make_app, open_window, step
    from malaya.ui.screens.replay import ReplayScreen

    gd = load_game_def(scenario_file())
    app = make_app(lambda: gd)
    open_window(app, size)
    shown = open_replay(app, save)
    app.apply(shown)  # type: ignore[arg-type]
    step(app, 1 / 60)
    viewer = app.top
    assert isinstance(viewer, ReplayScreen), viewer
    viewer.toggle_win()
    last = -1.0
    while viewer.win is not None and viewer.win.busy:
        step(app, 1 / 60)
        done = viewer.win.progress
        if done - last >= 0.05:
            print(f"{100 * done:.0f} % of the rollouts played", flush=True)
            last = done
        pygame.time.wait(200)
    cursor = viewer.cursor
    while cursor.state.turn < AT_TURN and cursor.index < len(cursor.log):
        cursor.step(1)
    for _ in range(3):
        step(app, 1 / 60)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(pygame.display.get_surface(), str(OUT))
    print("wrote", OUT)
    viewer.close()
    app.close_reader()


if __name__ == "__main__":
    w, h = (int(v) for v in (sys.argv[2] if len(sys.argv) > 2 else "1280x800").split("x"))
    main(Path(sys.argv[1]), (w, h))
