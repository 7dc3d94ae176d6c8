"""Idle is idle (issue 13 item 9): with nothing changing on screen the window loop sleeps."""

from __future__ import annotations

import time

import pygame
import pytest

from malaya.ui.app.flow import start_game
from malaya.ui.app.loop import IDLE_WAKE_S, run_loop, wait_for_event
from tests.ui.client_driver import Driver


def settle(driver: Driver, limit: int = 600) -> None:
    """Run frames until the screen stops changing by itself (map chunks prefetched)."""
    for _ in range(limit):
        if not driver.app.busy():
            return
        driver.frames(1)


@pytest.mark.slow
def test_given_an_untouched_battle_screen_then_it_is_not_busy(driver: Driver) -> None:
    """Given a hotseat battle and no input, when its map chunks are prefetched, then nothing keeps it busy."""
    driver.new_game()
    settle(driver)
    assert not driver.app.busy()


@pytest.mark.slow
def test_given_an_idle_battle_when_the_loop_runs_then_it_sleeps_instead_of_drawing_60_frames(driver: Driver) -> None:
    """Given an idle battle, when the real loop runs for half a second, then it draws a frame or two, not ~30."""
    driver.new_game()
    settle(driver)
    pygame.event.clear()
    pygame.time.set_timer(pygame.QUIT, 500, loops=1)
    started = time.perf_counter()
    frames = len(run_loop(driver.app))
    assert time.perf_counter() - started >= 0.45
    assert frames <= 3


def test_given_an_idle_wait_when_a_key_is_pressed_then_the_wait_returns_that_key(driver: Driver) -> None:
    """Given the loop asleep, when a key arrives, then the wait hands it back to be handled first."""
    driver.new_game()
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_g, mod=0, unicode="g"))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_g, mod=0))
    woken = wait_for_event(driver.app)
    assert [e.key for e in woken] == [pygame.K_g]


def test_given_a_toast_when_idle_then_the_wait_ends_when_the_toast_expires(driver: Driver) -> None:
    """Given a toast about to expire, when the loop sleeps, then it wakes in time to take the toast away."""
    driver.new_game()
    pygame.event.clear()
    driver.app.toast("Saved.")
    driver.app.toasts[-1].until = time.monotonic() + 0.05
    expiry = driver.app.next_toast_expiry()
    assert expiry is not None and expiry < IDLE_WAKE_S
    started = time.perf_counter()
    assert wait_for_event(driver.app) == []
    assert time.perf_counter() - started < IDLE_WAKE_S


@pytest.mark.slow
def test_given_the_computer_to_move_then_the_battle_stays_busy(driver: Driver) -> None:
    """Given a game where the computer (JP) moves first, then the screen keeps running frames for it."""
    driver.app.apply(start_game(driver.app, "CW", 1))
    driver.frames(2)
    assert driver.app.busy()
