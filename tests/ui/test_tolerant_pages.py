"""New Game and Learn to play open beside broken scenario and lesson files, each greyed with its reason (issue 27)."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from malaya.ui.screens.lessons import LessonsScreen
from malaya.ui.screens.new_game.screen import NewGameScreen
from tests.modding.hostile import BROKEN_LESSONS, BROKEN_SCENARIOS, hostile_data_root
from tests.ui.client_driver import Driver

BUNDLED = 5


@pytest.fixture
def hostile(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A $MALAYA_HOME with the bundled files and every broken kind beside them."""
    root = hostile_data_root(tmp_path / "home")
    monkeypatch.setenv("MALAYA_HOME", str(root))
    return root


def test_new_game_and_learn_to_play_open_beside_broken_files(hostile: Path, driver: Driver) -> None:
    """Given the hostile folder, when New Game opens, then every scenario is listed, a broken one chosen shows its
    reason and Start refuses it with a toast; Learn to play lists both lessons and greys the broken ones."""
    driver.frames(1)
    driver.click(driver.app.top.buttons["new"].rect.center)
    page = driver.app.top
    assert isinstance(page, NewGameScreen)
    driver.frames(1)
    assert len(page.entries) == BUNDLED + len(BROKEN_SCENARIOS)
    fifo = next(i for i, e in enumerate(page.entries) if e.path.parent.name == "fifo")
    while (row := page.row_of(fifo)) is None:  # the list scrolls to it, as a player scrolls
        driver.key(pygame.K_PAGEDOWN)
    driver.click(row.center)
    assert page.scenario is None and not page.options
    driver.frames(1)
    driver.click(page.start.rect.center)
    assert driver.app.top is page  # refused, not started
    driver.key(pygame.K_ESCAPE)
    driver.click(driver.app.top.buttons["learn"].rect.center)
    lessons = driver.app.top
    assert isinstance(lessons, LessonsScreen)
    driver.frames(1)
    assert len(lessons.lessons) == 2 and len(lessons.broken) == len(BROKEN_LESSONS)


@pytest.mark.slow
def test_a_scenario_whose_set_up_misses_the_map_is_greyed_once_checked(hostile: Path, driver: Driver) -> None:
    """Given one's own copy of Kampar with a mistyped set-up place (its files read well), when New Game opens, then
    it is listed first as playable, and greyed with the place's hint once the background check has loaded it."""
    folder = Path(os.environ["MALAYA_DATA_DIR"]) / "scenarios" / "my_kampar"
    folder.mkdir(parents=True)
    text = (hostile / "scenarios" / "kampar" / "scenario.toml").read_text(encoding="utf-8")
    text = text.replace('id = "kampar"', 'id = "my_kampar"').replace('at = "Tapah"', 'at = "Tapahh"')
    (folder / "scenario.toml").write_text(text, encoding="utf-8")
    driver.frames(1)
    driver.click(driver.app.top.buttons["new"].rect.center)
    page = driver.app.top
    assert isinstance(page, NewGameScreen)
    mine = next(e for e in page.entries if e.id == "my_kampar")
    assert mine.own and mine.playable
    page.loader.join()
    driver.frames(1)
    mine = next(e for e in page.entries if e.id == "my_kampar")
    assert not mine.playable and "did you mean 'Tapah'?" in str(mine.problem)
