"""The Learn to play page and the lesson card from the keyboard alone (synthetic KEYDOWN events, issue 14 §1)."""

from __future__ import annotations

import json
import re

import pygame
import pytest

from malaya.ui.app.lessons import progress_path
from malaya.ui.battle.lesson import LessonScreen
from malaya.ui.screens.lessons import LessonsScreen
from malaya.ui.screens.menu import MenuScreen
from tests.ui.client_driver import Driver

KEY_IN_TIP = re.compile(r"\((Tab to it, then Enter|Enter|Esc|Ctrl\+Q)\)$")
"""A tooltip ends by naming the button's key."""


def _press(driver: Driver, key: int, mod: int = 0) -> None:
    """Press a key with modifiers, then run a frame."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod))
    driver.frames(1)


def _learn_page(driver: Driver) -> LessonsScreen:
    """From the main menu, Learn to play."""
    assert isinstance(driver.app.top, MenuScreen)
    driver.frames(1)
    driver.click(driver.app.top.buttons["learn"].rect.center)
    page = driver.app.top
    assert isinstance(page, LessonsScreen)
    return page


def _focused(page: LessonsScreen) -> list[str]:
    """The labels of the page's buttons drawn with the focus ring."""
    return [b.label for b in page.buttons() if b.focused]


@pytest.mark.slow
def test_tab_and_shift_tab_move_a_visible_focus_ring_over_the_learn_page(driver: Driver) -> None:
    # given the Learn to play page, nothing focused yet
    page = _learn_page(driver)
    assert _focused(page) == [] and [b.label for b in page.buttons()] == ["Start", "Start", "Back"]
    # when Tab is pressed, then the first lesson's Start has the ring (drawn on the next frame)
    _press(driver, pygame.K_TAB)
    driver.frames(1)
    assert page.focus.index == 0 and page.start[0].focused and _focused(page) == ["Start"]
    # when Tab again, then the second lesson's Start
    _press(driver, pygame.K_TAB)
    driver.frames(1)
    assert page.start[1].focused and not page.start[0].focused
    # when Shift+Tab twice, then back past the first row to Back (wrapping)
    _press(driver, pygame.K_TAB, pygame.KMOD_LSHIFT)
    _press(driver, pygame.K_TAB, pygame.KMOD_LSHIFT)
    driver.frames(1)
    assert page.back.focused and _focused(page) == ["Back"]
    # when Enter presses Back, then the main menu is back
    _press(driver, pygame.K_RETURN)
    assert isinstance(driver.app.top, MenuScreen)


def test_esc_on_the_learn_page_goes_back_to_the_menu(driver: Driver) -> None:
    # given the Learn to play page
    _learn_page(driver)
    # when Esc is pressed, then the main menu is back
    _press(driver, pygame.K_ESCAPE)
    assert isinstance(driver.app.top, MenuScreen)


@pytest.mark.slow
def test_a_lesson_is_started_left_and_resumed_from_the_keyboard(driver: Driver) -> None:
    # given the Learn to play page
    page = _learn_page(driver)
    # when Tab focuses the first Start and Enter presses it
    _press(driver, pygame.K_TAB)
    _press(driver, pygame.K_RETURN)
    screen = driver.app.top
    assert isinstance(screen, LessonScreen) and screen.run is not None and screen.run.index == 0
    driver.frames(2)
    # when Enter is pressed on the reading step, then it is Next
    _press(driver, pygame.K_RETURN)
    assert screen.run.index == 1
    # when Ctrl+Q is pressed, then the lesson is left as Leave lesson does: the menu, the step remembered
    _press(driver, pygame.K_q, pygame.KMOD_LCTRL)
    assert isinstance(driver.app.top, MenuScreen)
    assert json.loads(progress_path().read_text(encoding="utf-8"))["1_japan_first_turn"]["step"] == 1
    # when the page is opened again, Tab twice reaches Resume and Space presses it
    page = _learn_page(driver)
    assert [b.label for b in page.buttons()] == ["Start again", "Resume at step 2", "Start", "Back"]
    _press(driver, pygame.K_TAB)
    _press(driver, pygame.K_TAB)
    driver.frames(1)
    assert page.resume[0] is not None and page.resume[0].focused
    _press(driver, pygame.K_SPACE)
    driver.settle()  # its save is read off the window's thread, as a player waits for it
    # then the lesson goes on at the step it was left at
    resumed = driver.app.top
    assert isinstance(resumed, LessonScreen) and resumed.run is not None and resumed.run.index == 1


@pytest.mark.slow
def test_a_plain_q_does_not_leave_the_lesson(driver: Driver) -> None:
    # given a lesson at its first step
    page = _learn_page(driver)
    driver.click(page.start[1].rect.center)
    screen = driver.app.top
    assert isinstance(screen, LessonScreen)
    driver.frames(2)
    # when Q is pressed without Ctrl, then the lesson goes on
    _press(driver, pygame.K_q)
    assert driver.app.top is screen and screen.run is not None


@pytest.mark.slow
def test_enter_at_the_end_of_a_lesson_is_play_on(driver: Driver) -> None:
    # given a lesson whose every step is done (its card shows Play on)
    page = _learn_page(driver)
    driver.click(page.start[1].rect.center)
    screen = driver.app.top
    assert isinstance(screen, LessonScreen) and screen.run is not None
    screen.run.index = len(screen.run.lesson.steps)
    driver.frames(2)
    assert screen.card.buttons(screen.run) == [screen.card.play_on, screen.card.leave]
    # when Enter is pressed, then the card is gone and the game goes on in the same screen
    _press(driver, pygame.K_RETURN)
    assert screen.run is None and driver.app.top is screen


def test_every_learn_page_and_card_button_names_its_key_in_its_tooltip(driver: Driver) -> None:
    # given the Learn to play page with a left lesson (so Start again and Resume show), and a lesson's card
    page = _learn_page(driver)
    driver.click(page.start[0].rect.center)
    screen = driver.app.top
    assert isinstance(screen, LessonScreen)
    driver.frames(2)
    card = screen.card
    driver.click(card.leave.rect.center)
    page = _learn_page(driver)
    # then every button's tooltip ends by naming its key
    buttons = [*page.buttons(), card.next, card.leave, card.play_on]
    assert len(buttons) == 7
    for button in buttons:
        assert button.tip is not None and KEY_IN_TIP.search(button.tip), button.label
