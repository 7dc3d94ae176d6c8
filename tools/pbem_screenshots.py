"""Render the play-by-e-mail screens headless into docs/screenshots: ``python tools/pbem_screenshots.py [WxH]``.

The Play by e-mail page after a received invitation, the same page refusing a damaged file, the battle
screen in the Combat phase declaring a combat (Give Order) and after the order, the page again once
the turn file is written, and the other player's replay of that turn (its combat fought on opening).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "docs" / "screenshots"


def main(size: tuple[int, int]) -> None:
    """Write the four pictures at ``size``."""
    root = Path(tempfile.mkdtemp(prefix="malaya-pbem-shots-"))
    os.environ["MALAYA_DATA_DIR"], os.environ["MALAYA_CONFIG_DIR"] = str(root / "jp"), str(root / "config")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from malaya.content.campaign import load_game_def
    from malaya.engine.actions import Action, AddAttacker, DeclareCombat, EndPhase, MoveUnit, RollDice
    from malaya.engine.sides import Side
    from malaya.engine.state import Phase
    from malaya.persistence.pbem.games import new_game
    from malaya.render.geometry import hex_to_pixel
    from malaya.resources import scenario_file
    from malaya.ui.app.intents import Push, ToPbem, ToPbemTurn
    from malaya.ui.app.loop import make_app, step
    from malaya.ui.app.settings import Settings
    from malaya.ui.app.showcase import JITRA, JITRA_ATTACK

    _, invitation = new_game(root / "cw", "jitra", Side.CW)
    pygame.display.init()
    pygame.font.init()
    window = pygame.display.set_mode(size, pygame.HIDDEN)
    app = make_app(lambda: load_game_def(scenario_file("jitra")))
    app.settings = Settings()

    def shot(name: str, frames: int = 5) -> None:
        for _ in range(frames):
            step(app, 1 / 60)
        pygame.image.save(window, str(OUT / f"pbem-{name}-{size[0]}x{size[1]}.png"))

    app.apply(Push(ToPbem(invitation.path)))
    shot("list")
    damaged = root / invitation.path.name
    damaged.write_bytes(invitation.path.read_bytes().replace(b'"turn":1', b'"turn":2'))
    page = app.top
    page.open_file(damaged)  # type: ignore[union-attr]
    shot("refused")
    app.apply(Push(ToPbemTurn(page.rows[0][1])))  # type: ignore[union-attr]
    step(app, 1 / 60)
    battle = app.top
    client = battle.client  # type: ignore[union-attr]

    def submit(action: Action) -> None:
        refusal = client.submit(action)
        if refusal is not None:
            raise RuntimeError(f"the screenshot script was refused: {refusal}")

    while client.state.phase is not Phase.MOVEMENT:
        submit(EndPhase(side=Side.JP))
    for unit, to in JITRA_ATTACK:
        submit(MoveUnit(side=Side.JP, unit=unit, to=to))
    while client.state.phase is not Phase.COMBAT:
        submit(EndPhase(side=Side.JP))
    submit(DeclareCombat(side=Side.JP, defender=JITRA))
    for unit, _ in JITRA_ATTACK[:2]:
        submit(AddAttacker(side=Side.JP, unit=unit))
    battle.tactical.center_on(*hex_to_pixel(JITRA))  # type: ignore[union-attr]
    shot("declaring", 240)
    submit(RollDice(side=Side.JP))  # the Give Order button
    shot("orders", 30)
    submit(EndPhase(side=Side.JP))
    shot("sent")
    [sent] = (root / "jp").glob("pbem/*/outbox/*-001-*.pbem.json")
    os.environ["MALAYA_DATA_DIR"] = str(root / "cw")  # now the Commonwealth player's computer
    app.apply(Push(ToPbem(sent)))
    step(app, 1 / 60)
    app.apply(Push(ToPbemTurn(app.top.rows[0][1])))  # type: ignore[union-attr]
    step(app, 1 / 60)
    shot("replay", 240)


if __name__ == "__main__":
    width, height = (int(x) for x in (sys.argv[1] if len(sys.argv) > 1 else "1366x768").split("x"))
    main((width, height))
