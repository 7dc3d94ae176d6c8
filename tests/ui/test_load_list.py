"""Issue 13 §10: Load and Replay lists tell games apart, slots are deleted when confirmed, slow loads show progress."""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest

from malaya.engine.sides import Side
from malaya.persistence import list_slots, save_record
from malaya.persistence.sample import play_random
from malaya.ui.app.intents import Problem, ToLoad
from malaya.ui.panels.slot_table import cells, mode_text
from malaya.ui.screens.load import LoadScreen
from tests.ui.client_driver import Driver


def open_load(driver: Driver) -> LoadScreen:
    """The Load page, drawn once."""
    from malaya.ui.app.intents import Push

    driver.app.apply(Push(ToLoad()))
    driver.frames(1)
    page = driver.app.top
    assert isinstance(page, LoadScreen)
    return page


def test_each_row_shows_scenario_mode_turn_and_date_seed_and_last_played(driver: Driver, campaign) -> None:  # type: ignore[no-untyped-def]
    # given a saved game of JP against the computer and a hotseat one, on different seeds
    vs_ai = play_random(campaign, seed=21, player_turns=1)
    vs_ai.controllers.update({Side.JP: "human", Side.CW: "ai:normal"})
    save_record(vs_ai, "against the machine")
    hotseat = play_random(campaign, seed=22, player_turns=2)
    hotseat.controllers.update({Side.JP: "human", Side.CW: "human"})
    save_record(hotseat, "with a friend")
    # when the Load page lists them
    page = open_load(driver)
    rows = {slot.name: cells(slot, campaign) for _, slot in page.rows}
    # then each row names the scenario, the mode, the turn with its date, the seed and when it was played
    name, scenario, mode, turn, seed, played = rows["against the machine"]
    assert scenario == campaign.scenario.name and mode == "vs computer, as Japanese" and seed == "21"
    assert turn.startswith("1 · ") and "1941" in turn and played[:2] == "20"
    assert rows["with a friend"][2] == "hotseat" and rows["with a friend"][4] == "22"
    # and the two rows differ in what tells them apart
    assert rows["against the machine"][1:5] != rows["with a friend"][1:5]


def test_the_mode_reads_as_words_for_every_pairing(campaign) -> None:  # type: ignore[no-untyped-def]
    # given slots with every pairing of players, then the mode is said in words
    from malaya.engine.state import Phase
    from malaya.persistence import SlotInfo

    def slot(jp: str, cw: str) -> SlotInfo:
        return SlotInfo("s", Path("s.json"), "malaya1941", 1, Side.JP, Phase.AIR, "", controllers=(
            (Side.JP, jp), (Side.CW, cw)))

    assert mode_text(slot("ai:hard", "human")) == "vs computer, as Commonwealth"
    assert mode_text(slot("human", "human")) == "hotseat"
    assert mode_text(slot("random", "ai:easy")) == "computer vs computer"


def test_a_slot_is_deleted_only_after_the_question_is_answered_yes(driver: Driver, campaign) -> None:  # type: ignore[no-untyped-def]
    # given two saves on the Load page
    path = save_record(play_random(campaign, seed=23, player_turns=1), "doomed")
    save_record(play_random(campaign, seed=24, player_turns=1), "kept")
    page = open_load(driver)
    delete = next(b for b, s in page.deletes if s.name == "doomed")
    # when its Delete button is clicked, then a question is asked and nothing is deleted yet
    driver.click(delete.rect.center)
    assert page.confirm is not None and page.confirm.name == "doomed" and path.exists()
    # when the question is answered Keep (Esc), then the slot stays
    driver.key(pygame.K_ESCAPE)
    assert page.confirm is None and path.exists() and driver.app.top is page
    # when asked again and answered Delete, then the file is gone from the disk and the list
    driver.click(next(b for b, s in page.deletes if s.name == "doomed").rect.center)
    driver.frames(1)
    driver.click(page.answer["yes"].rect.center)
    assert not path.exists()
    assert [s.name for s in list_slots().slots] == ["kept"]
    assert [s.name for _, s in page.slots] == ["kept"]


def test_a_load_longer_than_a_fifth_of_a_second_shows_progress(driver: Driver, campaign,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    # given a save whose loading takes half a second
    save_record(play_random(campaign, seed=25, player_turns=1), "long game")
    import malaya.ui.screens.load as load_module

    def slow_open(app, path):  # type: ignore[no-untyped-def]
        time.sleep(0.5)
        return Problem("it took long and failed on purpose")

    monkeypatch.setattr(load_module, "open_saved_game", slow_open)
    page = open_load(driver)
    # when its row is clicked
    row = next(r for r, s in page.rows if s.name == "long game")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=row.center, button=1))
    driver.frames(1)
    # then after 0.2 s the load goes on in the background and the page shows its progress
    assert page.loading is not None and page.loading.show_progress
    # and when it ends, the page shows its outcome
    page.loading.join(5)
    driver.frames(1)
    assert page.loading is None and page.message == "it took long and failed on purpose"


def test_a_quick_load_finishes_in_the_same_frame_without_progress(driver: Driver, campaign,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    # given a save whose loading is quick
    save_record(play_random(campaign, seed=26, player_turns=1), "short")
    import malaya.ui.screens.load as load_module

    monkeypatch.setattr(load_module, "open_saved_game", lambda app, path: Problem("quick answer"))
    page = open_load(driver)
    # when its row is clicked, then its outcome is there in the same frame and no progress was ever due
    row = next(r for r, s in page.rows if s.name == "short")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=row.center, button=1))
    driver.frames(1)
    assert page.loading is None and page.message == "quick answer"
