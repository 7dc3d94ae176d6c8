"""What a newcomer tripped over in the lessons (issue 26 item 3): the computer's reply to watch, rings on what a
step names, a card that covers nothing asked for, a hint for a wasted click, the done mark, Continue."""

from __future__ import annotations

import pygame
import pytest

from malaya.engine.actions import EndPhase
from malaya.engine.sides import Side
from malaya.engine.state import Phase
from malaya.session.lessons import all_lessons
from malaya.ui.app.lessons import read_done, read_progress
from malaya.ui.battle.lesson import LESSON_WATCH_S, LessonScreen
from malaya.ui.battle.panels.lesson_card import card_place
from malaya.ui.screens.lessons import DONE_MARK, LessonsScreen
from malaya.ui.screens.menu import MenuScreen
from tests.ui.client_driver import SIZE, Driver
from tests.ui.test_lessons import _click_target, _next, _open_lesson, _step


def _at_step(driver: Driver, screen: LessonScreen, title: str) -> None:
    """Put the lesson at the step titled ``title`` (its words and rings; the game stays where it is)."""
    assert screen.run is not None
    screen.run.index = next(i for i, s in enumerate(screen.run.lesson.steps) if s.title == title)
    screen.run.since = len(screen.client.match.log)
    driver.frames(2)


def _rings_drawn(driver: Driver, screen: LessonScreen) -> list[pygame.Rect]:
    """The boxes of the hex rings the lesson draws in one frame."""
    rings: list[pygame.Rect] = []
    real = screen._ring_hex
    screen._ring_hex = lambda surface, area, where: (found := real(surface, area, where), rings.extend(found))[0]  # type: ignore[method-assign]
    driver.frames(1)
    return rings


def test_the_closing_up_step_rings_jitra_hat_yai_and_singora_all_on_screen_and_clear_of_the_card(
        driver: Driver) -> None:
    """Given lesson 1 at "Closing up on Jitra" (its words name the units at Hat Yai and Singora), then Jitra, Hat Yai
    and Singora are all ringed, all on the map area, and the card covers none of the rings."""
    screen = _open_lesson(driver, 0)
    _at_step(driver, screen, "Closing up on Jitra")
    rings = _rings_drawn(driver, screen)
    gd = screen.client.gd
    places = [gd.board.place(name).hex for name in ("Jitra", "Hat Yai", "Singora")]
    assert len(rings) == 3, "each named place is ringed and on the map area"
    assert all(screen.areas(SIZE)["map"].collidepoint(r.center) for r in rings)
    assert not any(screen.card.rect.colliderect(r) for r in rings)
    assert len(set(places)) == 3


def test_the_card_takes_the_first_corner_that_covers_no_ring_or_banner() -> None:
    """Given a map area with a ring under the top-left corner and a banner across the top middle, then the card
    goes to a corner covering neither; with nothing in the way it stays top left."""
    area = pygame.Rect(0, 40, 1000, 700)
    size = (470, 200)
    assert card_place(area, size, []).topleft == (8, 48)
    ring = pygame.Rect(100, 100, 80, 80)
    banner = pygame.Rect(300, 48, 400, 30)
    placed = card_place(area, size, [ring, banner])
    assert not placed.colliderect(ring) and not placed.colliderect(banner) and area.contains(placed)


@pytest.mark.slow
def test_the_demolition_banner_is_not_under_the_card(driver: Driver) -> None:
    """Given lesson 2 at "Blowing the bridge" with the demolition mode on (its banner over the map), then the card
    keeps clear of the banner."""
    screen = _open_lesson(driver, 1)
    while screen.client.state.phase is not Phase.MOVEMENT:
        assert screen.client.submit(EndPhase(side=Side.CW)) is None
    _at_step(driver, screen, "Blowing the bridge")
    _click_target(driver, screen)
    assert screen.demolish_mode
    driver.frames(2)
    assert screen.banner.width > 0 and not screen.card.rect.colliderect(screen.banner)


@pytest.mark.slow
def test_the_rail_step_rings_the_brigade_and_its_target_clear_of_the_card(driver: Driver) -> None:
    """Given lesson 2 at "Moving by rail", then Ipoh's brigade and Sungei Patani (the target the words name) are
    both ringed on the map area, and the card covers neither."""
    screen = _open_lesson(driver, 1)
    _at_step(driver, screen, "Moving by rail")
    rings = _rings_drawn(driver, screen)
    assert len(rings) == 2 and not any(screen.card.rect.colliderect(r) for r in rings)


@pytest.mark.slow
def test_a_click_that_does_nothing_at_the_air_step_gets_the_steps_hint(driver: Driver) -> None:
    """Given lesson 1 at its Air step (R11.2), when the learner clicks the map (nothing to do there), then the
    step's hint says which button to click."""
    screen = _open_lesson(driver, 0)
    _next(driver, screen)
    _next(driver, screen)
    driver.end_phase()
    assert _step(screen) == "Splitting your aircraft"
    driver.app.toasts.clear()
    driver.click(screen.areas(SIZE)["map"].center)
    assert any("moves one air point to defence" in t.text for t in driver.app.toasts)


@pytest.mark.slow
def test_the_computer_reply_is_followed_by_the_camera_and_paced(driver: Driver) -> None:
    """Given lesson 1 at "The computer's reply" (Japan's turn ended), when the Commonwealth plays, then the camera
    moves to its moves the learner can see, and after each the next action waits at least 1.2 s of frame time."""
    driver.app.settings = driver.app.settings.with_(animation_speed="normal")
    screen = _open_lesson(driver, 0)
    client = screen.client
    while client.state.side is Side.JP:
        assert client.submit(EndPhase(side=Side.JP)) is None
    _at_step(driver, screen, "The computer's reply")
    watched: list[int] = []
    views: set[tuple[float, float]] = {(screen.tactical.x, screen.tactical.y)}
    real = screen._watch
    frame = [0]

    def watch(action):  # type: ignore[no-untyped-def]
        before = screen.ai.wait
        real(action)
        if screen.ai.wait > before:
            watched.append(frame[0])

    screen._watch = watch  # type: ignore[method-assign]
    for frame[0] in range(20_000):
        if client.state.side is Side.JP:
            break
        driver.frames(1)
        views.add((screen.tactical.x, screen.tactical.y))
    assert client.state.side is Side.JP and screen.run is not None and screen.run.finished
    assert len(watched) >= 2 and len(views) >= 2
    gaps = [b - a for a, b in zip(watched, watched[1:], strict=False)]
    assert min(gaps) >= LESSON_WATCH_S * 60


@pytest.mark.slow
def test_a_finished_lesson_is_marked_done_on_the_learn_page(driver: Driver, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Given lesson 2 played to its last step, when the Learn page opens, then its row says "✓ Done"."""
    screen = _open_lesson(driver, 1)
    assert screen.run is not None
    screen.run.index = len(screen.run.lesson.steps) - 1
    _at_step(driver, screen, screen.run.lesson.steps[-1].title)
    while screen.client.state.side is Side.CW:
        assert screen.client.submit(EndPhase(side=Side.CW)) is None
    driver.frames(2)
    assert screen.run.finished and "2_commonwealth_delay" in read_done()
    import malaya.ui.screens.lessons as page_module

    drawn: list[str] = []
    real = page_module.draw_text
    monkeypatch.setattr(page_module, "draw_text", lambda surface, text, *a, **k: (drawn.append(text),
                                                                                  real(surface, text, *a, **k))[1])
    driver.click(screen.card.leave.rect.center)
    driver.click(driver.app.top.buttons["learn"].rect.center)  # type: ignore[union-attr]
    assert isinstance(driver.app.top, LessonsScreen)
    first, second = (lesson.title for lesson in all_lessons())
    assert drawn[drawn.index(second) + 1] == DONE_MARK and drawn[drawn.index(first) + 1] != DONE_MARK


@pytest.mark.slow
def test_continue_after_leaving_a_lesson_resumes_it_with_its_card(driver: Driver) -> None:
    """Given lesson 1 left at its third step, when the menu's Continue is clicked, then the lesson opens again at
    that step, with its card, not as a plain game."""
    screen = _open_lesson(driver, 0)
    _next(driver, screen)
    _next(driver, screen)
    driver.click(screen.card.leave.rect.center)
    menu = driver.app.top
    assert isinstance(menu, MenuScreen) and read_progress().entries[all_lessons()[0].id].step == 2
    driver.frames(1)
    driver.click(menu.buttons["continue"].rect.center)
    resumed = driver.app.top
    assert isinstance(resumed, LessonScreen) and resumed.run is not None and resumed.run.index == 2
    driver.frames(1)
    assert resumed.card.rect.width > 0
