"""New Game lists every scenario with its facts and briefing, and starts the one chosen (issue 14 §2, §4)."""

from __future__ import annotations

import pygame
import pytest

from malaya.engine.sides import Side
from malaya.ui.app.flow import start_game
from malaya.ui.battle.screen import BattleScreen
from malaya.ui.screens.end import HandoverScreen
from malaya.ui.screens.new_game.screen import NewGameScreen
from tests.bundled import bundled_game
from tests.ui.client_driver import Driver


def _open_new_game(driver: Driver) -> NewGameScreen:
    """Click New Game on the main menu; the page, drawn once."""
    driver.frames(1)
    driver.click(driver.app.top.buttons["new"].rect.center)
    page = driver.app.top
    assert isinstance(page, NewGameScreen)
    driver.frames(1)
    return page


def test_new_game_lists_the_five_scenarios_campaign_first_and_chosen(driver: Driver) -> None:
    """Given the menu, when New Game opens, then it lists the campaign and the four short scenarios."""
    page = _open_new_game(driver)
    assert [e.id for e in page.entries] == ["malaya1941", "jitra", "kampar", "muar", "singapore"]
    assert page.entries[page.chosen].id == "malaya1941"
    assert all(e.briefing is not None and e.turns >= 1 for e in page.entries)
    assert len(page.rows) == 5 and all(driver.app.top is page and r.width > 0 for r in page.rows)


@pytest.mark.slow
def test_choosing_kampar_starts_a_game_of_kampar_on_turn_8(driver: Driver) -> None:
    """Given New Game, when the Kampar row is clicked, CW chosen and Start clicked, then kampar starts on turn 8."""
    page = _open_new_game(driver)
    kampar = next(i for i, e in enumerate(page.entries) if e.id == "kampar")
    driver.click(page.rows[kampar].center)
    driver.click(page.side_buttons["CW"].rect.center)
    assert page.scenario.id == "kampar" and not page.options  # Kampar has no options (R16)
    driver.click(page.start.rect.center)
    battle = driver.app.top
    assert isinstance(battle, BattleScreen)
    assert battle.client.gd.scenario.id == "kampar"
    assert battle.client.state.turn == 8
    assert battle.client.humans == frozenset({Side.CW}) and Side.JP in battle.ai.controllers


@pytest.mark.slow
def test_hotseat_jitra_starts_behind_a_handover(driver: Driver) -> None:
    """Given New Game, when Jitra is chosen by the keyboard (Down) and hotseat started, a hand-over comes first."""
    page = _open_new_game(driver)
    driver.key(pygame.K_DOWN)
    assert page.scenario.id == "jitra"
    driver.click(page.side_buttons["hotseat"].rect.center)
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.app.top, HandoverScreen)
    battle = driver.battle()
    assert battle.client.gd.scenario.id == "jitra" and battle.client.humans == frozenset(Side)


def test_the_briefing_of_the_chosen_scenario_scrolls_with_the_wheel(driver: Driver) -> None:
    """Given New Game on Singapore, when the wheel turns down, the briefing scrolls; a new pick resets it."""
    page = _open_new_game(driver)
    singapore = next(i for i, e in enumerate(page.entries) if e.id == "singapore")
    driver.click(page.rows[singapore].center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
    driver.frames(1)
    assert page.briefing_top == 3
    driver.click(page.rows[0].center)
    assert page.briefing_top == 0 and page.scenario.id == "malaya1941"


@pytest.mark.slow
def test_a_saved_kampar_game_loads_while_the_client_runs_the_campaign(driver: Driver, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Given a Kampar game saved from a client whose own scenario is the campaign, when it is opened, it plays on."""
    from malaya.persistence.store import save_record
    from malaya.ui.app.flow import open_saved_game
    from malaya.ui.app.intents import Reset

    driver.app.apply(start_game(driver.app, "JP", 3, (), bundled_game("kampar")))
    battle = driver.app.top
    assert isinstance(battle, BattleScreen)
    assert battle.saves.record is not None
    path = save_record(battle.saves.record, "kampar test", tmp_path)
    opened = open_saved_game(driver.app, path)
    assert isinstance(opened, Reset)
    driver.app.apply(opened)
    again = driver.app.top
    assert isinstance(again, BattleScreen) and again.client.gd.scenario.id == "kampar"
    assert again.client.state.turn == 8 and driver.app.gd.scenario.id == "malaya1941"
