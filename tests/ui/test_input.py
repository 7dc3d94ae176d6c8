"""Moving the Tactical Map: dragging pans, the wheel zooms around the cursor, keys scroll (R18.2)."""

from __future__ import annotations

import math

import pygame
import pytest

from malaya.render.camera import Camera
from malaya.ui.input.keys import key_pan
from tests.ui.client_driver import Driver

BOUNDS = (0.0, 0.0, 5000.0, 5000.0)


def _camera() -> Camera:
    """A centred 800×600 camera at zoom 1."""
    cam = Camera(BOUNDS, 800, 600, zoom=1.0)
    cam.center_on(2500, 2500)
    return cam


def _drag(driver: Driver, start: tuple[int, int], end: tuple[int, int], button: int) -> None:
    """Press at ``start``, move to ``end`` and release there, one frame."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=button))
    driver.frames(1)


def test_dragging_the_map_with_either_button_moves_it_with_the_mouse(driver: Driver) -> None:
    # given a game on the Tactical Map
    battle = driver.new_game("hotseat", 2)
    m = battle.areas((1280, 800))["map"]
    for button in (1, 3):
        x0, y0 = battle.tactical.center()
        # when the map is dragged 60 px right and 40 px down
        _drag(driver, m.center, (m.centerx + 60, m.centery + 40), button)
        # then the view moved the other way by that many screen pixels
        x1, y1 = battle.tactical.center()
        zoom = battle.tactical.zoom
        assert math.isclose(x0 - x1, 60 / zoom, abs_tol=1) and math.isclose(y0 - y1, 40 / zoom, abs_tol=1)


@pytest.mark.slow
def test_the_wheel_zooms_the_tactical_map_around_the_cursor(driver: Driver, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # given a game and the mouse over some map point
    battle = driver.new_game("hotseat", 2)
    m = battle.areas((1280, 800))["map"]
    mouse = (m.left + 200, m.top + 150)
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: mouse)
    zoom = battle.tactical.zoom
    before = battle.tactical.screen_to_world(200, 150)
    # when the wheel turns up
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    driver.frames(1)
    # then the view zoomed in and the point under the cursor stayed put
    assert battle.tactical.zoom > zoom
    after = battle.tactical.screen_to_world(200, 150)
    assert math.isclose(before[0], after[0], abs_tol=1) and math.isclose(before[1], after[1], abs_tol=1)


def test_keypad_and_arrow_keys_scroll_the_view_and_other_keys_do_not() -> None:
    # given a centred camera
    cam = _camera()
    x0, y0 = cam.x, cam.y
    # when keypad 6 and then keypad 8 are pressed, then the view scrolls right, then up
    assert key_pan(cam, pygame.K_KP6)
    assert cam.x > x0
    assert key_pan(cam, pygame.K_KP8)
    assert cam.y < y0
    # and a letter key does not scroll
    x1, y1 = cam.x, cam.y
    assert not key_pan(cam, pygame.K_a)
    assert (cam.x, cam.y) == (x1, y1)
