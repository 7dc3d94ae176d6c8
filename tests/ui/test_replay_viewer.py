"""The replay viewer in the client: stepping, jumps, whose view, the dice ledger, and "Continue from here"."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from malaya.engine.sides import Side
from malaya.persistence import load_record, save_record
from malaya.persistence.sample import play_random
from malaya.session.match import replay
from malaya.ui.app.intents import LoadPurpose
from malaya.ui.battle.screen import BattleScreen
from malaya.ui.dialogs.branch import BranchDialog
from malaya.ui.screens.load import LoadScreen
from malaya.ui.screens.replay import ReplayScreen
from tests.ui.client_driver import Driver, driving


@pytest.fixture
def driver(campaign, tmp_path: Path) -> Driver:  # type: ignore[no-untyped-def]
    """A client with one saved short random game ("short") in its saves folder."""
    save_record(play_random(campaign, seed=6, player_turns=3), "short")
    yield from driving(campaign, tmp_path)


def open_viewer(driver: Driver) -> ReplayScreen:
    """Menu → Replay → click the "short" row; the viewer."""
    driver.frames(1)
    driver.click(driver.app.top.buttons["replay"].rect.center)
    page = driver.app.top
    assert isinstance(page, LoadScreen) and page.purpose is LoadPurpose.REPLAY
    driver.frames(1)
    driver.click(next(rect.center for rect, slot in page.rows if slot.name == "short"))
    viewer = driver.app.top
    assert isinstance(viewer, ReplayScreen)
    driver.frames(1)
    return viewer


def engine_digest(viewer: ReplayScreen, index: int) -> str:
    """The engine's own replay of the first ``index`` actions."""
    save = viewer.cursor.log.save
    return replay(viewer.cursor.gd, save.actions[:index], save.options).digest()


def test_stepping_forwards_and_backwards_shows_the_engines_states(driver: Driver) -> None:
    # given the viewer on a saved game
    viewer = open_viewer(driver)
    assert viewer.cursor.index == 0
    # when Step > is clicked five times and ← pressed twice
    for _ in range(5):
        driver.click(viewer.controls.buttons["step"].rect.center)
    assert viewer.cursor.index == 5
    assert viewer.cursor.state.digest() == engine_digest(viewer, 5)
    driver.key(pygame.K_LEFT)
    driver.key(pygame.K_LEFT)
    # then every position is the engine's replay of that many actions
    assert viewer.cursor.index == 3
    assert viewer.cursor.state.digest() == engine_digest(viewer, 3)
    assert viewer.cursor.now_lines()[0].startswith("Action 3:")


@pytest.mark.slow
def test_jumps_play_and_the_view_toggle(driver: Driver) -> None:
    # given the viewer; when Turn >> is clicked twice
    viewer = open_viewer(driver)
    driver.click(viewer.controls.buttons["turn"].rect.center)
    driver.click(viewer.controls.buttons["turn"].rect.center)
    # then it stands at the start of the second player-turn after the opening (turn 2 JP)
    state = viewer.cursor.state
    assert (state.turn, state.side) == (2, Side.JP)
    assert state.digest() == engine_digest(viewer, viewer.cursor.index)
    # when the timeline is clicked at its end, then the final position is shown
    bar = viewer.controls.timeline
    driver.click((bar.right - 1, bar.centery))
    assert viewer.cursor.index >= len(viewer.cursor.log) - 2
    # when the JP view is chosen, CW stacks out of sight are Unknown; "All" shows every unit
    driver.click(viewer.controls.buttons["view:JP"].rect.center)
    jp_view = viewer.views()
    driver.shot("replay_jp_view")
    assert any(v.hidden for stack in jp_view.values() for v in stack)
    driver.click(viewer.controls.buttons["view:all"].rect.center)
    assert not any(v.hidden for stack in viewer.views().values() for v in stack)
    # when play is pressed at 20 actions per second from the opening, it advances by itself
    driver.key(pygame.K_HOME)
    driver.click(viewer.controls.buttons["speed:20"].rect.center)
    driver.key(pygame.K_SPACE)
    driver.frames(30)
    assert viewer.cursor.playing and 5 <= viewer.cursor.index <= 15
    driver.shot("replay_playing")


@pytest.mark.slow
def test_continue_from_here_starts_a_playable_game_whose_save_replays(driver: Driver) -> None:
    # given the viewer at the start of turn 2 JP
    viewer = open_viewer(driver)
    viewer.cursor.jump_to_turn(2)
    index = viewer.cursor.index
    prefix = list(viewer.cursor.log.actions[:index])
    # when "Continue from here" is clicked and Commonwealth against the computer chosen
    driver.click(viewer.branch.rect.center)
    dialog = driver.app.top
    assert isinstance(dialog, BranchDialog)
    driver.shot("branch_dialog")
    driver.click(dialog.choices["CW"].rect.center)
    # then a new game stands at that position with the JP side played by the computer
    battle = driver.app.top
    assert isinstance(battle, BattleScreen)
    assert battle.client.match.log == prefix and battle.client.humans == frozenset({Side.CW})
    # when the computer plays until the CW player-turn (skipping), and the game is saved
    battle.ai.skip = True
    for _ in range(3000):
        if battle.client.is_human_turn():
            break
        driver.frames(1)
    assert battle.client.state.side is Side.CW
    record = battle.saves.record
    assert record is not None
    path = save_record(record, "branched")
    # then the branch's save replays from the opening, and begins with the original's actions
    loaded, save = load_record(path)
    assert list(save.actions[:index]) == prefix
    assert loaded.match.state.digest() == battle.client.state.digest()


@pytest.mark.slow
def test_the_viewer_draws_the_map_progressively_like_the_battle_screen(driver: Driver) -> None:
    # given the viewer on a saved game (issue 15 §1: no hitch on a first visit or a zoom change)
    viewer = open_viewer(driver)
    # then a frame renders missing map chunks only within its time budget
    assert viewer.renderer.frame_budget_s is not None
    # and within a few seconds of frames the whole view is drawn
    for _ in range(300):
        if not viewer.renderer.missing:
            break
        driver.frames(1)
    assert viewer.renderer.missing == 0


def test_the_replay_dice_ledger_shows_whole_entries_and_says_how_many_are_hidden() -> None:
    # given five dice-ledger entries of two lines each, and a panel with room for six lines (newest at the bottom)
    from malaya.ui.panels.replay_panel import _whole_entries

    entries = [[(f"roll {i} begins", (0, 0, 0), []), (f"roll {i} ends.", (0, 0, 0), [])] for i in range(5)]
    # when the panel picks what to show
    shown = [text for text, _, _ in _whole_entries(entries, 6, from_bottom=True)]
    # then the first line is the cue naming the hidden rolls, then only whole entries (never a sentence's end alone)
    assert shown == ["… 3 earlier not shown", "roll 3 begins", "roll 3 ends.", "roll 4 begins", "roll 4 ends."]
    # and when everything fits, there is no cue
    assert [t for t, _, _ in _whole_entries(entries[:2], 6, from_bottom=True)] == [
        "roll 0 begins", "roll 0 ends.", "roll 1 begins", "roll 1 ends."]
