"""The end-phase question and the Force Z question at 1366×768 and 1920×1080: on screen whole, buttons inside.

Screenshots go to ``$MALAYA_TEST_SHOTS`` when set (docs/screenshots/ holds the ones looked at), else to a
temporary folder: ``safety-end-phase-question-<W>x<H>.png``, ``safety-force-z-question-<W>x<H>.png``,
``safety-landing-preview-<W>x<H>.png`` (the tooltip over a held port).
"""

from __future__ import annotations

import pygame
import pytest

from malaya.engine.actions import EndPhase
from malaya.engine.hexgrid import Hex
from malaya.engine.state import Phase
from malaya.render.geometry import hex_to_pixel
from malaya.ui.battle.end_phase import REPEAT_S
from malaya.ui.battle.screen import BattleScreen
from malaya.ui.dialogs.confirm import ConfirmDialog
from malaya.ui.screens.end import HandoverScreen
from malaya.ui.widgets.layout import layout_problems
from tests.ui.client_driver import Driver

SIZES = ((1366, 768), (1920, 1080))


def _at(driver: Driver, size: tuple[int, int], phase: Phase) -> BattleScreen:
    """A hotseat game (seed 5) at the JP ``phase`` of turn 1 in a window of ``size``."""
    pygame.display.set_mode(size)
    battle = driver.new_game("hotseat", 5)
    client = battle.client
    while client.state.phase is not phase:
        assert client.submit(EndPhase(side=client.state.side)) is None
    driver.frames(2)
    while isinstance(driver.app.top, HandoverScreen):
        driver.click((size[0] // 2, size[1] // 2))
    return battle


def _fits(dialog: ConfirmDialog, size: tuple[int, int]) -> None:
    """The dialog box lies inside the window and both buttons inside the box, side by side."""
    box, _ = dialog.place(size)
    assert layout_problems(dialog.layout(), size) == []
    window = pygame.Rect((0, 0), size)
    assert window.contains(box)
    assert box.contains(dialog.yes.rect) and box.contains(dialog.no.rect)
    assert not dialog.yes.rect.colliderect(dialog.no.rect)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.slow
def test_the_end_phase_question_fits_the_screen(driver: Driver, size: tuple[int, int]) -> None:
    battle = _at(driver, size, Phase.MOVEMENT)
    driver.wait(REPEAT_S)
    driver.click(driver.end_phase_pos())
    dialog = driver.app.top
    assert isinstance(dialog, ConfirmDialog) and battle.client.state.phase is Phase.MOVEMENT
    driver.frames(1)
    _fits(dialog, size)
    driver.shot(f"safety-end-phase-question-{size[0]}x{size[1]}")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.slow
def test_the_force_z_question_fits_the_screen(driver: Driver, size: tuple[int, int]) -> None:
    battle = _at(driver, size, Phase.NAVAL)
    driver.frames(1)
    button = next(b for b, _ in battle.hits.buttons if b.label.startswith("Attack Force Z with 2 air points"))
    driver.hover(button.rect.center)
    driver.click(button.rect.center)
    dialog = driver.app.top
    assert isinstance(dialog, ConfirmDialog) and dialog.title == "Attack Force Z?"
    driver.frames(1)
    _fits(dialog, size)
    driver.shot(f"safety-force-z-question-{size[0]}x{size[1]}")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.slow
def test_the_landing_preview_shows_over_the_port(driver: Driver, size: tuple[int, int]) -> None:
    battle = _at(driver, size, Phase.NAVAL)
    driver.frames(1)
    row = next(r for r, u in battle.hits.units if u == "jp_56_inf")
    driver.click(row.center)
    port = Hex(33, -3)  # Kota Bharu, its fixed first landing (R17)
    battle.tactical.center_on(*hex_to_pixel(port))
    driver.frames(1)
    m = battle.areas(size)["map"]
    x, y = battle.tactical.world_to_screen(*hex_to_pixel(port))
    driver.hover((m.left + round(x), m.top + round(y)))
    assert battle.hover == port and battle.tips.landing(battle.client, "jp_56_inf", port) is not None
    driver.shot(f"safety-landing-preview-{size[0]}x{size[1]}")
