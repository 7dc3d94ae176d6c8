"""By e-mail the Combat Panel asks, attacker by attacker, who advances if the hex is vacated (R12.9, issue 30)."""

from __future__ import annotations

import pygame
import pytest

from malaya.ui.battle.panels.combat_panel import AdvanceToggle
from malaya.ui.battle.screen import BattleScreen
from tests.ui.client_driver import Driver
from tests.ui.test_play_by_clicks import MOVES, jitra_attack_declared


def _toggles(battle: BattleScreen) -> list[tuple[str, str]]:
    return [(c.unit, b.label) for b, c in battle.hits.commands if isinstance(c, AdvanceToggle)]


def _press(battle: BattleScreen, key: int, mod: int = 0) -> None:
    battle.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""), battle.app)


@pytest.mark.slow
def test_each_attacker_of_an_order_has_a_button_saying_whether_it_advances_and_a_key_reaches_it(
        driver: Driver) -> None:
    # given the JP attack on Jitra declared by clicks, in a game whose combats are given as orders
    battle = jitra_attack_declared(driver)
    battle.client.combat_by_orders = True
    driver.frames(1)
    # then the Combat Panel's Roll Dice reads Give Order, and below it (the side panel scrolled down, PgDn)
    # is one button per attacker, each advancing until told otherwise (R12.9)
    assert any(b.label == "Give Order" for b, _ in battle.hits.buttons)
    _press(battle, pygame.K_PAGEDOWN)
    driver.frames(1)
    attackers = [unit for unit, _ in MOVES]
    assert [unit for unit, _ in _toggles(battle)] == attackers
    assert all(label.endswith(" advances") for _, label in _toggles(battle))
    # when the keyboard focus is stepped (Ctrl+Tab) to the second attacker's button and Enter is pressed
    for _ in range(40):
        focused = battle.keys.panel.focused(battle.keys.panel_buttons())
        if focused is not None and focused.label.startswith(battle.client.gd.unit_def(attackers[1]).name):
            break
        _press(battle, pygame.K_TAB, pygame.KMOD_CTRL)
        driver.frames(1)
    _press(battle, pygame.K_RETURN)
    driver.frames(1)
    # then that attacker stays put and the others still advance; the panel says so
    assert battle.client.advance_choice.advancing(attackers) == tuple(u for u in attackers if u != attackers[1])
    labels = dict(_toggles(battle))
    assert labels[attackers[1]].endswith(" stays put") and labels[attackers[0]].endswith(" advances")
    driver.shot("pbem-advance-1280x800")
