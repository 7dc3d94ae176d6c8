"""Issue 27: New Game with many scenarios of the player's own — the list scrolls, every one stays reachable.

At 1280×720 with the five bundled scenarios, 30 of the player's own and a broken one, rows keep their
readable height, the wheel over the list and the keys (arrows, PgUp/PgDn, Home/End) scroll it, and a cue
says how many rows are out of sight above and below.
"""

from __future__ import annotations

import pygame
import pytest

from malaya.persistence.user_scenarios import user_scenarios_dir
from malaya.runners.scenario_files import new_scenario
from malaya.ui.app.intents import Push, ToNewGame
from malaya.ui.screens.new_game.scenario_list import ROW_H
from malaya.ui.screens.new_game.screen import NewGameScreen
from malaya.ui.widgets.kit import px
from tests.content.words import player_text
from tests.ui.client_driver import Driver

OWN = 30


@pytest.fixture
def page(driver: Driver) -> NewGameScreen:
    """New Game at 1280×720 over 30 scenarios of the player's own (copies of Kampar) and a broken one."""
    for i in range(OWN):
        new_scenario(f"own_{i:02d}", "kampar")
    broken = user_scenarios_dir() / "zz_broken"
    broken.mkdir()
    (broken / "scenario.toml").write_text('id = "zz_broken"\nname = "unfinished\n', encoding="utf-8")
    pygame.display.set_mode((1280, 720))
    driver.app.apply(Push(ToNewGame()))
    driver.frames(1)
    top = driver.app.top
    assert isinstance(top, NewGameScreen)
    return top


def _shown(page: NewGameScreen) -> list[str]:
    """The ids of the scenarios whose rows are drawn, top down."""
    return [e.id for e in page.entries[page.window.top:page.window.top + len(page.rows)]]


@pytest.mark.slow
def test_the_list_keeps_readable_rows_inside_the_page_and_cues_the_hidden_ones(page: NewGameScreen) -> None:
    # given 36 scenarios at 1280×720 (when the page is drawn)
    count = len(page.entries)
    assert count == 5 + OWN + 1
    # then the rows shown keep their full height, stay inside the list, and the rest is cued as below
    assert page.rows and all(r.height == px(ROW_H) - px(4) for r in page.rows)
    assert all(page.list_rect.contains(r) for r in page.rows)
    assert page.window.hidden(count) == (0, count - len(page.rows))
    # and the broken one is listed, greyed with its reason
    broken = next(e for e in page.entries if e.path.parent.name == "zz_broken")
    assert not broken.playable and broken.problem and "TOML" in player_text(broken.problem)


@pytest.mark.slow
def test_the_wheel_over_the_list_scrolls_it_and_the_keys_reach_both_ends(driver: Driver, page: NewGameScreen) -> None:
    count = len(page.entries)
    # when the wheel turns down twice over the list
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=page.list_rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(2):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
    driver.frames(1)
    # then the list moved two rows, the choice did not change and the briefing did not scroll
    assert page.window.top == 2 and page.chosen == 0 and page.briefing_top == 0
    # when End is pressed: the last scenario is chosen and shown, nothing is cued below
    driver.key(pygame.K_END)
    assert page.chosen == count - 1 and _shown(page)[-1] == page.entries[-1].id
    assert page.window.hidden(count)[1] == 0 and page.window.hidden(count)[0] > 0
    # when PgUp is pressed: the choice moves up a page and stays shown
    driver.key(pygame.K_PAGEUP)
    assert page.chosen == count - 1 - (page.window.fit - 1) and page.entries[page.chosen].id in _shown(page)
    # when Home is pressed: the first is chosen and the list is at its top
    driver.key(pygame.K_HOME)
    assert page.chosen == 0 and page.window.top == 0
    # when Down is pressed past the rows shown, each chosen scenario is shown in turn
    for _ in range(page.window.fit + 3):
        driver.key(pygame.K_DOWN)
        assert page.entries[page.chosen].id in _shown(page)


@pytest.mark.slow
def test_every_scenario_can_be_clicked_after_scrolling_to_it(driver: Driver, page: NewGameScreen) -> None:
    # given every scenario in turn (when the list is scrolled by PgDn until its row is shown, and it is clicked)
    for index, entry in enumerate(page.entries):
        while (row := page.row_of(index)) is None:
            driver.key(pygame.K_PAGEDOWN)
        driver.click(row.center)
        # then it is the one chosen
        assert page.chosen == index, entry.id


@pytest.mark.slow
def test_a_screenshot_shows_own_scenarios_a_broken_one_and_the_cue(driver: Driver, page: NewGameScreen) -> None:
    # given the list scrolled to its end by End: the broken one (listed last) chosen, its reason on the right
    driver.key(pygame.K_END)
    # when the window is captured
    shot = driver.shot("new-game-many-scenarios-1280x720")
    # then own scenarios and the broken one are shown under the cue of the rows above, and the picture is whole
    assert "zz_broken" in _shown(page) and any(page.entries[i].own for i in range(page.window.top, len(page.entries)))
    assert page.window.hidden(len(page.entries)) == (len(page.entries) - len(page.rows), 0)
    assert shot is not None and pygame.image.load(str(shot)).get_size() == (1280, 720)
