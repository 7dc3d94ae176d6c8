"""Saving and loading in the client: Ctrl+S / Ctrl+L, the Load page, autosaves, the crash-resume offer."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from malaya.engine.sides import Side
from malaya.persistence import (
    Autosaver,
    list_slots,
    load_record,
    resume_candidate,
    saves_dir,
    write_save,
)
from malaya.persistence.autosave import MARKER, QUIT_PREFIX, autosave_dir, crashed_last_session
from malaya.persistence.sample import play_random
from malaya.ui.app.stack import leave_screens
from malaya.ui.battle.screen import BattleScreen
from malaya.ui.dialogs.save_as import SaveDialog
from malaya.ui.screens.end import HandoverScreen
from malaya.ui.screens.load import LoadScreen
from malaya.ui.screens.menu import MenuScreen
from tests.ui.client_driver import Driver


def ctrl(driver: Driver, key: int) -> None:
    """Press Ctrl + ``key``, then run a frame."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=pygame.KMOD_LCTRL, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=pygame.KMOD_LCTRL))
    driver.frames(1)


def type_text(driver: Driver, text: str) -> None:
    """Clear the focused field and type ``text``."""
    for _ in range(80):
        driver.key(pygame.K_BACKSPACE)
    for ch in text:
        driver.key(pygame.K_SPACE if ch == " " else ord(ch), ch)


def row_of(page: LoadScreen, name: str) -> tuple[int, int]:
    """The centre of the Load page's row for the slot ``name``."""
    return next(rect.center for rect, slot in page.rows if slot.name == name)


@pytest.mark.slow
def test_ctrl_s_saves_under_a_typed_name_and_ctrl_l_loads_it_back_as_solo_against_the_computer(
        driver: Driver) -> None:
    # given a game of Japan against the computer
    battle = driver.new_game("JP", seed=3)
    driver.frames(1)
    # when Ctrl+S is pressed
    ctrl(driver, pygame.K_s)
    dialog = driver.app.top
    # then the Save dialog suggests "<scenario name>, turn N, side", the side written out
    assert isinstance(dialog, SaveDialog) and dialog.field.text == "1942: Campaign for Malaya, turn 1, Japanese"
    # when a name is typed and Enter pressed
    type_text(driver, "my first game")
    driver.shot("save_dialog")
    driver.key(pygame.K_RETURN)
    # then the game is saved in the slot list with its turn and side, and a toast says so
    assert driver.app.top is battle and any("Saved" in t.text for t in driver.app.toasts)
    slot = next(s for s in list_slots().slots if s.name == "my first game")
    assert (slot.scenario, slot.turn, slot.side) == ("malaya1941", 1, Side.JP)
    saved_digest = battle.client.state.digest()
    # when the game moves on and Ctrl+L opens the Load page, where the slot is clicked
    driver.end_phase()
    assert battle.client.state.digest() != saved_digest
    ctrl(driver, pygame.K_l)
    page = driver.app.top
    assert isinstance(page, LoadScreen)
    driver.frames(1)
    driver.shot("load_page")
    driver.click(row_of(page, "my first game"))
    # then the saved position is back, still Japan against the computer
    loaded = driver.app.top
    assert isinstance(loaded, BattleScreen) and loaded is not battle
    assert loaded.client.state.digest() == saved_digest
    assert loaded.client.humans == frozenset({Side.JP}) and Side.CW in loaded.ai.controllers
    assert loaded.saves.record is not None and loaded.saves.record.controllers[Side.CW].startswith("ai:")


@pytest.mark.slow
def test_bad_files_are_listed_with_their_reason_and_a_failed_load_is_a_message(driver: Driver, campaign) -> None:  # type: ignore[no-untyped-def]
    # given a garbage file and a save whose log was tampered with in the saves folder
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "garbage.json").write_text("{ not json")
    tampered = play_random(campaign, seed=4, player_turns=1).to_save("tampered")
    write_save(tampered.model_copy(update={"final_digest": "f" * 64}), folder / "tampered.json", backup=False)
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    # when the Load page opens
    driver.frames(1)
    driver.click(driver.app.top.buttons["load"].rect.center)
    page = driver.app.top
    assert isinstance(page, LoadScreen)
    driver.frames(1)
    # then the garbage file is listed as unreadable with a one-line reason
    assert any("garbage.json" in p and "not a malaya save" in p for p in page.problems)
    # when the tampered save is clicked
    driver.click(row_of(page, "tampered"))
    driver.shot("load_problem")
    # then the page stays, with the reason as its message; nothing on disk changed
    assert driver.app.top is page and page.message and "tampered.json" in page.message
    assert "\n" not in page.message
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before


@pytest.mark.slow
def test_autosaves_at_each_player_turn_and_on_quit(driver: Driver) -> None:
    # given a new hotseat game (its first frame starts the session)
    battle = driver.new_game("hotseat", seed=7)
    driver.frames(1)
    folder = autosave_dir()
    assert crashed_last_session() and len(list(folder.glob("auto-*.json"))) == 1
    # when End Phase is clicked until the CW player-turn begins
    for _ in range(20):
        if battle.client.state.side is Side.CW:
            break
        if isinstance(driver.app.top, HandoverScreen):
            driver.click((640, 400))
        else:
            driver.end_phase()
    # then a second autosave holds the start of CW's player-turn
    autos = sorted(folder.glob("auto-*.json"))
    assert len(autos) == 2
    record, save = load_record(autos[-1])
    assert (save.turn, save.side) == (1, Side.CW)
    # when the client quits cleanly
    leave_screens(driver.app)
    # then the quit autosave is written and the session marked ended
    assert len(list(folder.glob(f"{QUIT_PREFIX}*.json"))) == 1 and not (folder / MARKER).exists()


@pytest.mark.slow
def test_after_a_crash_the_menu_offers_to_resume_the_last_autosave(campaign, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    # given a session that autosaved a game of CW against the computer and then died (marker left behind)
    first = Driver(campaign, tmp_path)
    first.new_game("CW", seed=9)
    first.frames(3)
    crashed = first.battle()
    crashed.close()  # the process "dies": no leave, no quit autosave
    assert crashed_last_session()
    # when the client starts again
    second = Driver(campaign, tmp_path)
    menu = second.app.top
    assert isinstance(menu, MenuScreen)
    second.frames(1)
    second.shot("menu_resume")
    # then the menu offers to resume the autosave, naming its turn and side
    resume = menu.buttons["resume"]
    assert resume.label == "Resume last game (autosave of turn 1, Japanese)"
    # when it is clicked, the game resumes as CW against the computer
    second.click(resume.rect.center)
    battle = second.app.top
    assert isinstance(battle, BattleScreen) and battle.client.humans == frozenset({Side.CW})
    # and once that session ends cleanly, the next start offers nothing
    second.click(battle.buttons["menu"].rect.center)
    assert not crashed_last_session()
    assert "resume" not in MenuScreen(second.app).buttons
    battle.close()


@pytest.mark.slow
def test_after_a_failed_autosave_on_quit_the_next_start_still_offers_resume(
        driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 17: the session marker is removed only once the quit autosave is on disk."""
    # given a running hotseat game whose quit autosave will fail (a full disk)
    driver.new_game("hotseat", seed=7)
    driver.frames(1)

    def disk_full(self: Autosaver, record: object) -> Path:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Autosaver, "on_quit", disk_full)
    # when the client quits
    leave_screens(driver.app)
    # then the marker stays and the next start offers the last autosave
    assert (autosave_dir() / MARKER).exists()
    assert resume_candidate() is not None
