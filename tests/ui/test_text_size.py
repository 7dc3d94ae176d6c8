"""Body text is at least 15 px at 1920×1080 with the default UI scale (issue 13 item 5)."""

from __future__ import annotations

import pygame
import pytest

from malaya.render import fonts
from malaya.ui.app.intents import Push, ToKeys, ToNewGame, ToSettings
from malaya.ui.app.loop import step
from malaya.ui.widgets import kit
from tests.ui.client_driver import Driver

SCALE_AT_1080 = 1.25
"""The default UI scale on a 1080-line screen (one step of 0.25 per 900 lines, issue 13 item 4)."""
BODY_MIN_PX = 15


@pytest.fixture
def sizes(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every pixel size the widget kit asks fonts for while the test runs."""
    asked: list[int] = []

    def recording(size: int, bold: bool = False) -> pygame.font.Font:
        asked.append(size)
        return fonts.font(size, bold)

    monkeypatch.setattr(kit, "font", recording)
    return asked


def test_given_1920x1080_at_the_default_scale_then_no_ui_text_is_below_15_px(driver: Driver, sizes: list[int]) -> None:
    """Given the 1080-line scale, when menu, new game, battle, settings, keys draw, then no text is under 15 px."""
    kit.set_ui_scale(SCALE_AT_1080)
    driver.app.set_settings(driver.app.settings.with_(ui_scale=SCALE_AT_1080))  # the loop re-applies the setting
    try:
        pygame.display.set_mode((1920, 1080))
        step(driver.app, 1 / 60)
        driver.app.apply(Push(ToNewGame()))  # its option sentences and briefing hint too
        driver.frames(1)
        driver.new_game()
        driver.frames(2)
        driver.app.apply(Push(ToSettings()))
        driver.frames(1)
        driver.app.apply(Push(ToKeys()))
        driver.frames(1)
    finally:
        kit.set_ui_scale(1.0)
    assert sizes and min(sizes) >= BODY_MIN_PX
