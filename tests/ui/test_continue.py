"""Issue 27 §8, issue 26 §9: the menu's Continue is the game the player last played, and never a finished one."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from malaya.engine.actions import EndPhase
from malaya.engine.sides import Side
from malaya.persistence import save_record
from malaya.persistence.sample import play_random
from malaya.ui.app.intents import Reset, ToMenu
from malaya.ui.screens.load import LoadScreen
from malaya.ui.screens.menu import MenuScreen
from tests.ui.client_driver import Driver
from tests.ui.test_saving import ctrl, row_of


def _menu(driver: Driver) -> MenuScreen:
    """Back to the main menu (as the Menu button does), drawn once."""
    driver.app.apply(Reset(ToMenu()))
    driver.frames(1)
    menu = driver.app.top
    assert isinstance(menu, MenuScreen)
    return menu


def test_a_save_dated_in_the_future_does_not_take_continue_over(campaign, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    # given a save on disk dated in the year 2999
    path = save_record(play_random(campaign, seed=31, player_turns=1), "from the future")
    raw = json.loads(path.read_bytes())
    raw["saved_at"] = "2999-01-01T00:00:00+00:00"
    path.write_text(json.dumps(raw), encoding="utf-8")
    driver = Driver(campaign, tmp_path)
    # when the player plays a game as Japan and goes back to the menu
    battle = driver.new_game("JP", seed=12)
    battle.client.submit(EndPhase(side=Side.JP))
    turn = battle.client.state.turn
    driver.frames(1)
    menu = _menu(driver)
    # then Continue names the game just played, not the future-dated save
    cont = menu.buttons["continue"]
    assert cont.enabled and menu.latest is not None and menu.latest.name != "from the future"
    assert cont.label == f"Continue (turn {turn}, Japanese)" and menu.latest.controller(Side.JP) == "human"


@pytest.mark.slow
def test_after_a_finished_game_continue_offers_nothing(campaign, jitra, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    # given a game played a little (Continue offers it), then a finished game (of the short Jitra scenario) loaded
    # from the Load page
    finished = play_random(jitra, seed=3)
    assert finished.match.state.finished
    save_record(finished, "Finished game")
    driver = Driver(campaign, tmp_path)
    battle = driver.new_game("hotseat", seed=13)
    battle.client.submit(EndPhase(side=Side.JP))
    assert _menu(driver).buttons["continue"].enabled
    driver.new_game("hotseat", seed=14)
    ctrl(driver, pygame.K_l)
    page = driver.app.top
    assert isinstance(page, LoadScreen)
    driver.frames(1)
    driver.click(row_of(page, "Finished game"))
    # when the player goes back to the menu
    menu = _menu(driver)
    # then Continue offers nothing: the game last played is over and cannot be played differently
    assert not menu.buttons["continue"].enabled and menu.latest is None


def test_continue_opens_its_game_off_the_window_thread(campaign, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                       monkeypatch) -> None:
    # given a game played and left, so Continue names it, and opening it that takes as long as the test wants
    import threading

    import malaya.ui.screens.menu as menu_module

    driver = Driver(campaign, tmp_path)
    battle = driver.new_game("JP", seed=15)
    battle.client.submit(EndPhase(side=Side.JP))
    menu = _menu(driver)
    release, threads = threading.Event(), []
    real = menu_module.open_saved_game

    def slow_open(app, path):  # type: ignore[no-untyped-def]
        threads.append(threading.current_thread())
        release.wait(30)
        return real(app, path)
    monkeypatch.setattr(menu_module, "open_saved_game", slow_open)
    # when Continue is clicked and the window draws on
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=menu.buttons["continue"].rect.center, button=1))
    driver.frames(2)
    # then the game is opened on another thread while the menu keeps drawing
    assert threads and threads[0] is not threading.main_thread()
    assert driver.app.top is menu and menu.loading is not None and menu.busy(driver.app)
    # and when it is ready, the battle opens
    release.set()
    menu.loading.join(30)
    driver.frames(2)
    from malaya.ui.battle.screen import BattleScreen

    assert isinstance(driver.app.top, BattleScreen)
    driver.app.top.close()


def test_a_loaded_game_opens_where_the_player_was_looking(campaign, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    # given a game whose map the player moved south, to Kuala Lumpur at the closest zoom, then saved
    from malaya.render.camera import ZOOM_LEVELS
    from malaya.render.geometry import hex_to_pixel, pixel_to_hex
    from malaya.ui.battle.screen import BattleScreen

    driver = Driver(campaign, tmp_path)
    battle = driver.new_game("JP", seed=16)
    driver.frames(1)
    kl = campaign.board.place("Kuala Lumpur").hex
    battle.tactical.zoom = ZOOM_LEVELS[-1]
    battle.tactical.center_on(*hex_to_pixel(kl))
    assert battle.saves.save_as("looking at KL") is None
    # when the player goes back to the menu and loads it from the Load page
    _menu(driver)
    ctrl(driver, pygame.K_l)
    page = driver.app.top
    assert isinstance(page, LoadScreen)
    driver.frames(1)
    driver.click(row_of(page, "looking at KL"))
    # then the map opens centred on Kuala Lumpur at that zoom, not on the northern front
    loaded = driver.app.top
    assert isinstance(loaded, BattleScreen) and loaded is not battle
    assert pixel_to_hex(*loaded.tactical.center()) == kl and loaded.tactical.zoom == ZOOM_LEVELS[-1]
    loaded.close()


def test_a_damaged_views_file_opens_the_game_at_the_opening_view(campaign) -> None:  # type: ignore[no-untyped-def]
    # given a damaged views file beside the saves
    from malaya.persistence.autosave import autosave_dir
    from malaya.persistence.views import FILE, View, recall_view, remember_view

    short_game_path = save_record(play_random(campaign, seed=33, player_turns=1), "viewed")
    autosave_dir().mkdir(parents=True, exist_ok=True)
    for text in ("[1]", "{" * 40_000, '{"x.json": [1, 2, "inf"]}', '{"x.json": [1e9, 2, 1.0]}'):
        (autosave_dir() / FILE).write_text(text, encoding="utf-8")
        # then no view is recalled (the game opens at its usual view), and noting a new one works
        assert recall_view(short_game_path) is None
    from malaya.engine.hexgrid import Hex

    remember_view(short_game_path, View(Hex(3, 4), 1.5))
    assert recall_view(short_game_path) == View(Hex(3, 4), 1.5)
    # and the views file is never taken for a save by the lists (no unreadable "save" appears)
    from malaya.persistence import list_slots

    assert list_slots(autosave_dir()).unreadable == []
