"""Issue 13 §10: Load and Replay lists tell games apart, slots are deleted when confirmed, slow loads show progress."""

from __future__ import annotations

import os
import re
import time
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from malaya.engine.sides import Side
from malaya.persistence import list_slots, save_record, saves_dir
from malaya.persistence.sample import play_random
from malaya.ui.app.background import SHOW_AFTER_S
from malaya.ui.app.intents import Problem, ToLoad
from malaya.ui.panels.slot_table import cells, mode_text
from malaya.ui.screens.load import LoadScreen
from malaya.ui.widgets.kit import px
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


@pytest.mark.slow
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
    # then the frame did not wait for it (at most 0.05 s): the load goes on in the background
    assert page.loading is not None and not page.loading.done
    # and once it has run longer than 0.2 s, the page shows its progress
    page.loading.started -= SHOW_AFTER_S
    assert page.loading.show_progress
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


def _post_click(pos: tuple[int, int]) -> None:
    """A left click at ``pos``, queued (not yet handled)."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def _post_enter() -> None:
    """Enter, queued."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0))
@pytest.mark.slow
def test_enter_in_the_same_batch_as_the_delete_click_deletes_nothing(driver: Driver, campaign) -> None:  # type: ignore[no-untyped-def]
    # given a save on the Load page
    path = save_record(play_random(campaign, seed=27, player_turns=1), "hasty")
    page = open_load(driver)
    delete = next(b for b, s in page.deletes if s.name == "hasty")
    # when Delete is clicked and Enter pressed before the next frame draws the question
    _post_click(delete.rect.center)
    _post_enter()
    driver.frames(1)
    # then nothing is deleted: the question had not been shown; it is showing now
    assert path.exists() and page.confirm is not None and page.question.drawn
    # and once it has been seen, Enter answers it
    driver.key(pygame.K_RETURN)
    assert not path.exists()


@pytest.mark.slow
def test_a_question_whose_drawing_failed_never_acts(driver: Driver, campaign,  # type: ignore[no-untyped-def]
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    # given a save on the Load page, and a fault that stops the delete question from being drawn
    path = save_record(play_random(campaign, seed=28, player_turns=1), "unseen")
    page = open_load(driver)

    def broken(*args: object) -> None:
        raise RuntimeError("drawing failed")
    monkeypatch.setattr(page, "_question", broken)
    # when Delete is clicked and Enter pressed over a few frames
    driver.click(next(b for b, s in page.deletes if s.name == "unseen").rect.center)
    driver.key(pygame.K_RETURN)
    driver.key(pygame.K_RETURN)
    # then the save is still there: no answer acts behind a question never drawn
    assert path.exists() and not page.question.drawn


@pytest.mark.slow
def test_a_save_whose_file_name_is_not_utf8_is_listed_and_the_page_draws_whole(  # type: ignore[no-untyped-def]
        driver: Driver, campaign) -> None:
    # given a save and a damaged file whose names are not valid UTF-8
    folder = saves_dir()
    good = save_record(play_random(campaign, seed=29, player_turns=1), "good")
    odd = folder / Path(os.fsdecode(b"odd\xff.json"))
    good_copy = folder / Path(os.fsdecode(b"copy\xfe.json"))
    odd.write_bytes(b"junk")
    good_copy.write_bytes(good.read_bytes())
    # when the Load page opens
    page = open_load(driver)
    driver.frames(1)
    # then the damaged file is listed with its reason (the bad byte shown as �), and Back is drawn
    assert any("odd\ufffd.json" in p for p in page.problems) and page.back.rect.width > 0
    assert all("\udcff" not in p and "\udcfe" not in p for p in page.problems)
    # and the copy under an odd name can be deleted, once the question was shown
    driver.click(next(b for b, s in page.deletes if s.path == good_copy).rect.center)
    driver.key(pygame.K_RETURN)
    assert not good_copy.exists() and good.exists()


def test_a_confirm_dialog_answers_nothing_before_it_is_drawn(driver: Driver) -> None:
    # given a question pushed over the menu ("end the phase anyway?" and the like use this dialog)
    from malaya.ui.app.intents import Push, ToConfirm

    answers: list[str] = []
    menu = driver.app.top
    driver.app.apply(Push(ToConfirm("Sure?", ["It cannot be undone."], "Yes (Enter)", "No (Esc)",
                                    lambda: answers.append("yes"), lambda: answers.append("no"))))
    # when Enter arrives before the dialog has been drawn even once
    dialog = driver.app.top
    dialog.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"), driver.app)
    # then it is not answered and stays open
    assert answers == [] and driver.app.top is dialog
    # when it has been drawn and Enter is pressed, then it is answered yes and closes
    driver.frames(1)
    driver.key(pygame.K_RETURN)
    assert answers == ["yes"] and driver.app.top is menu


@pytest.mark.slow
def test_the_listing_runs_off_the_window_thread_and_the_page_says_it_is_reading(
        driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    # given a saves folder whose listing takes as long as the test wants (ten thousand saves, a slow disk)
    import threading

    import malaya.ui.screens.load as load_module

    release, threads = threading.Event(), []
    real = load_module.gather_all

    def slow_listing():  # type: ignore[no-untyped-def]
        threads.append(threading.current_thread())
        release.wait(30)
        return real()
    monkeypatch.setattr(load_module, "gather_all", slow_listing)
    # when the Load page opens and draws frames while the listing is still going
    page = LoadScreen()
    for _ in range(3):
        page.update(1 / 60, driver.app)
        page.draw(pygame.display.get_surface(), driver.app)
    # then the listing runs on another thread, and the page draws "Reading the saves…" with its Back button
    assert threads and threads[0] is not threading.main_thread()
    assert page.listing is not None and page.busy(driver.app) and page.back.rect.width > 0
    # when the listing ends, then the rows come in at the next frame
    release.set()
    page.listing.join(30)
    page.update(1 / 60, driver.app)
    assert page.listing is None and not page.busy(driver.app)


def test_a_damaged_save_is_a_greyed_row_with_its_reason(driver: Driver, campaign) -> None:  # type: ignore[no-untyped-def]
    # given a good save and a damaged file beside it
    save_record(play_random(campaign, seed=32, player_turns=1), "good one")
    (saves_dir() / "broken.json").write_bytes(b'{"format_version": 3')
    # when the Load page lists them
    page = open_load(driver)
    surface = pygame.display.get_surface()
    page.draw(surface, driver.app)
    # then the good save is a row to open, and the damaged file is a greyed row (not clickable) naming why
    assert [s.name for _, s in page.rows] == ["good one"]
    assert len(page.problems) == 1 and "broken.json" in page.problems[0]
    row_y = page.rows[0][0].bottom + px(40)
    grey = surface.get_at((page.rows[0][0].right - px(10), row_y))[:3]
    assert grey == (40, 42, 48)


def test_rows_name_the_scenario_title_side_phase_and_second_and_mark_lessons(campaign) -> None:  # type: ignore[no-untyped-def]
    # given the saves of a Jitra game, a lesson's game, and two autosaves of one game a second apart
    from malaya.engine.state import Phase
    from malaya.persistence import SlotInfo
    from malaya.ui.panels.slot_table import read_known

    known = read_known()
    jitra = SlotInfo("Autosave turn 2 JP", Path("a.json"), "jitra", 2, Side.JP, Phase.MOVEMENT,
                     "2026-11-28T02:31:07.123456+00:00", seed=199625,
                     controllers=((Side.JP, "human"), (Side.CW, "ai:normal")))
    lesson = SlotInfo("Lesson Your first turn: autosave turn 1 JP", Path("b.json"), "malaya1941", 1, Side.JP,
                      Phase.AIR, "2026-11-28T02:31:08+00:00", seed=5,
                      controllers=((Side.JP, "human"), (Side.CW, "ai:normal")))
    same_seed = replace(lesson, name="My game")
    # when their rows are made (the campaign being the loaded scenario)
    jitra_row, lesson_row = cells(jitra, campaign, known), cells(lesson, campaign, known)
    # then Jitra is named by its title, not its id, with side and phase, and the time to the second
    assert jitra_row[1] == known.titles["jitra"] != "jitra"
    assert jitra_row[3].endswith("JP movement") and re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:07", jitra_row[5])
    # and the lesson's game says it is a lesson
    assert lesson_row[2] == "lesson" and jitra_row[2] == "vs computer, as Japanese"
    # but a game of its own that happens to share the lesson's seed is not taken for one
    assert cells(same_seed, campaign, known)[2] == "vs computer, as Japanese"
    # and two rows a second apart read apart
    assert jitra_row[5] != lesson_row[5]


def test_a_lessons_autosaves_are_named_for_it_and_marked_lesson(campaign) -> None:  # type: ignore[no-untyped-def]
    # given the first lesson's game (its scenario, side and seed) autosaved as a lesson's game is
    from malaya.persistence import Autosaver
    from malaya.session.lessons import all_lessons
    from malaya.ui.panels.slot_table import read_known

    lesson = all_lessons()[0]
    record = play_random(campaign, seed=lesson.seed, player_turns=1)
    record.controllers.update({lesson.side: "human", lesson.side.enemy: "ai:normal"})
    path = Autosaver(lesson=lesson.title).save_numbered(record)
    # when the Load page's table reads it
    slot = next(s for s in list_slots(path.parent).slots if s.path == path)
    # then its name says it is the lesson's, and its mode reads "lesson"
    assert slot.name.startswith(f"Lesson {lesson.title}: autosave turn ")
    assert cells(slot, campaign, read_known())[2] == "lesson"


@pytest.mark.slow
def test_two_finished_games_get_names_that_tell_them_apart(driver: Driver) -> None:
    # given two games of the campaign on different seeds
    from malaya.ui.battle.saves import finished_name

    first = driver.new_game("hotseat", seed=41)
    name_a = finished_name(first.client)
    second = driver.new_game("hotseat", seed=42)
    name_b = finished_name(second.client)
    # then their finished-game names (the replays' names) differ, and each names the title, turn, seed and second
    assert name_a != name_b
    assert re.fullmatch(r"1942: Campaign for Malaya, finished at turn 1 \(seed 42\), "
                        r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", name_b), name_b
