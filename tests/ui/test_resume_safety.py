"""Leaving a game never loses it, and Resume opens the game it names (issue 13 §1, the reported bug).

Continue a game from the replay viewer, Ctrl+L, load a finished game, Main Menu: the first game is in its
own autosave slot on the Load page, and after a crash Resume names and opens it, never the finished game.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from malaya.persistence import list_slots, load_record, mark_session_started, save_record
from malaya.persistence.autosave import autosave_dir
from malaya.persistence.sample import play_random
from malaya.ui.app.flow import open_replay
from malaya.ui.app.intents import Reset, ToMenu
from malaya.ui.battle.screen import BattleScreen
from malaya.ui.dialogs.branch import BranchDialog
from malaya.ui.screens.end import HandoverScreen
from malaya.ui.screens.load import LoadScreen, gather
from malaya.ui.screens.menu import MenuScreen
from malaya.ui.screens.replay import ReplayScreen
from tests.ui.client_driver import Driver
from tests.ui.test_saving import ctrl, row_of

FINISHED = "Finished game"


def _into_battle(driver: Driver) -> BattleScreen:
    """Click past a hand-over page, if any; the battle on top."""
    driver.frames(1)
    while isinstance(driver.app.top, HandoverScreen):
        driver.click((640, 400))
    top = driver.app.top
    assert isinstance(top, BattleScreen)
    return top


@pytest.mark.slow
def test_a_game_continued_from_a_replay_survives_loading_a_finished_game(campaign, jitra,  # type: ignore[no-untyped-def]
                                                                         tmp_path: Path) -> None:
    # given a finished game (of the short Jitra scenario) in a save slot
    finished = play_random(jitra, seed=3)
    assert finished.match.state.finished
    path = save_record(finished, FINISHED)
    driver = Driver(campaign, tmp_path)
    # when it is opened in the replay viewer, stepped on a few phases and continued from there as hotseat
    driver.app.apply(open_replay(driver.app, path))
    assert isinstance(driver.app.top, ReplayScreen)
    for _ in range(3):
        driver.key(pygame.K_DOWN)
    driver.key(pygame.K_c)
    dialog = driver.app.top
    assert isinstance(dialog, BranchDialog)
    driver.frames(1)
    driver.click(dialog.choices["hotseat"].rect.center)
    first = _into_battle(driver)
    first.end_phase_now()
    first_log = tuple(first.client.match.log)
    # and Ctrl+L loads the finished game
    ctrl(driver, pygame.K_l)
    page = driver.app.top
    assert isinstance(page, LoadScreen)
    driver.frames(1)
    driver.click(row_of(page, FINISHED))
    second = next(s for s in driver.app.stack if isinstance(s, BattleScreen))
    assert second is not first and second.client.state.finished
    # and the player goes back to the Main Menu
    driver.app.apply(Reset(ToMenu()))
    driver.frames(1)
    # then the first game is in an autosave slot of its own, listed on the Load page
    rows, problems = gather()
    assert not problems
    autosaves = [slot for section, slot in rows if section == "Autosaves"]
    logs = {slot.path: tuple(load_record(slot.path, jitra)[0].match.log) for slot in autosaves
            if slot.path.name.startswith("quit-")}
    assert first_log in logs.values()
    assert any(slot.finished for slot in autosaves)  # the finished game kept its own slot too
    # when the next session finds the last one crashed, then Resume names the first game and opens it
    mark_session_started()
    menu = MenuScreen(driver.app)
    driver.app.stack[:] = [menu]
    driver.frames(1)
    offer = menu.resume
    assert offer is not None and not offer.finished
    state_named = (offer.turn, offer.side)
    driver.click(menu.buttons["resume"].rect.center)
    resumed = _into_battle(driver)
    assert tuple(resumed.client.match.log) == first_log
    assert (resumed.client.state.turn, resumed.client.state.side) == state_named
    assert len(list_slots(autosave_dir()).slots) >= 2
    resumed.close()
