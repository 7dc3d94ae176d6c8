"""The Combat Panel is as tall as what it says, so Messages follow it closely (issue 13 §4)."""

from __future__ import annotations

import pygame
import pytest

from malaya.render.fonts import font
from malaya.ui.battle.panels import combat_panel
from malaya.ui.battle.panels.combat_panel import combat_panel_height, draw_combat_panel
from malaya.ui.widgets.kit import px
from tests.ui.client_driver import Driver
from tests.ui.test_play_by_clicks import JITRA, MOVES, jitra_attack_declared, jitra_combat_phase

OLD_FIXED_H = 400
"""The height the panel kept whatever it said, before."""


def test_the_declared_jitra_attack_gets_a_panel_just_tall_enough_for_its_lines_bars_and_buttons(
        driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    """Given the JP attack on Jitra declared (R12.10), when the panel is drawn at the height it asks for, then
    every line shows and the result bars end above the buttons; before any attacker it is much shorter."""
    battle = jitra_combat_phase(driver)
    client = battle.client
    driver.click(driver.hex_pos(JITRA))
    assert combat_panel_height(client, px(300)) < OLD_FIXED_H - 150  # no attackers yet: a short panel, no gap
    for _, to in MOVES:
        driver.click(driver.hex_pos(to))
    drawn: dict[str, object] = {}
    monkeypatch.setattr(combat_panel, "draw_lines", lambda s, rect, lines, size: drawn.update(text=(rect, lines)))
    real_bars = combat_panel.draw_result_bars
    monkeypatch.setattr(combat_panel, "draw_result_bars",
                        lambda s, rect, bars, mouse: (drawn.update(bars=rect), real_bars(s, rect, bars, mouse))[1])
    # when the panel is drawn as tall as it asks
    height = combat_panel_height(client, px(300))
    box = pygame.Rect(0, 0, px(300), height)
    hits = draw_combat_panel(pygame.display.get_surface(), box, client, (0, 0))
    # then all its lines fit, the bars end above every button, and the buttons lie in the box
    text_rect, lines = drawn["text"]  # type: ignore[misc]
    assert text_rect.height // font(px(12)).get_linesize() >= len(lines) > 3
    bars: pygame.Rect = drawn["bars"]  # type: ignore[assignment]
    assert bars.height > 0 and all(bars.bottom <= b.rect.top and box.contains(b.rect) for b, _ in hits)


@pytest.mark.slow
def test_adding_air_points_moves_no_button_of_the_combat_panel(driver: Driver) -> None:
    """Given the JP attack on Jitra declared (R12.10), when `+` is clicked for each air point the JP may give, then
    `+`, `-` and Roll Dice stay where they were (the air line's room is kept from the start, R11.3), so the next
    click lands on the same button."""
    battle = jitra_attack_declared(driver)
    driver.frames(1)
    where = {b.label: pygame.Rect(b.rect) for b, _ in battle.hits.buttons}
    for given in range(1, 4):
        plus = next(b for b, _ in battle.hits.buttons if b.label == "+")
        driver.click(plus.rect.center)
        combat = battle.client.state.combat
        assert combat is not None and combat.air_points == given
        assert {b.label: b.rect for b, _ in battle.hits.buttons} == where
