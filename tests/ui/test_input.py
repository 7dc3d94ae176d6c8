"""The input state machine: dragging pans, the wheel zooms, keys scroll and toggle."""

from __future__ import annotations

import math

import pygame

from malaya.ui.camera import Camera
from malaya.ui.input import Action, DraggingHandler, IdleHandler, InputContext

BOUNDS = (0.0, 0.0, 5000.0, 5000.0)


def _ctx(mouse: tuple[int, int] = (400, 300), offset: tuple[int, int] = (0, 0)) -> InputContext:
    """A context over a centred 800×600 camera at zoom 1 with a fixed mouse position."""
    cam = Camera(BOUNDS, 800, 600, zoom=1.0)
    cam.center_on(2500, 2500)
    return InputContext(cam, offset, mouse_pos=lambda: mouse)


def _ev(kind: int, **attrs: object) -> pygame.event.Event:
    """A synthetic pygame event."""
    return pygame.event.Event(kind, attrs)


def test_dragging_with_the_left_button_moves_the_map_with_the_mouse() -> None:
    # given an idle handler
    ctx = _ctx()
    x0, y0 = ctx.camera.x, ctx.camera.y
    # when the left button is pressed, the mouse moves by (30, 20) and is released
    dragging = IdleHandler().handle(_ev(pygame.MOUSEBUTTONDOWN, button=1, pos=(100, 100)), ctx)
    assert isinstance(dragging, DraggingHandler)
    assert dragging.handle(_ev(pygame.MOUSEMOTION, pos=(130, 120), rel=(30, 20), buttons=(1, 0, 0)), ctx) is None
    released = dragging.handle(_ev(pygame.MOUSEBUTTONUP, button=1, pos=(130, 120)), ctx)
    # then the view moved the opposite way by the same amount, and the state is idle again
    assert (ctx.camera.x, ctx.camera.y) == (x0 - 30, y0 - 20)
    assert isinstance(released, IdleHandler)


def test_the_right_button_drags_too_and_other_buttons_do_not_end_it() -> None:
    # given a right-button drag
    ctx = _ctx()
    dragging = IdleHandler().handle(_ev(pygame.MOUSEBUTTONDOWN, button=3, pos=(0, 0)), ctx)
    # when the left button is released, then the drag continues
    assert dragging.handle(_ev(pygame.MOUSEBUTTONUP, button=1, pos=(0, 0)), ctx) is None


def test_the_wheel_zooms_around_the_cursor() -> None:
    # given the mouse over some map point (window coordinates include a 40 px bar)
    ctx = _ctx(mouse=(200, 190), offset=(0, 40))
    before = ctx.camera.screen_to_world(200, 150)
    # when the wheel turns up
    IdleHandler().handle(_ev(pygame.MOUSEWHEEL, x=0, y=1), ctx)
    # then the view zoomed in and the point under the cursor stayed put
    assert ctx.camera.zoom > 1.0
    after = ctx.camera.screen_to_world(200, 150)
    assert math.isclose(before[0], after[0]) and math.isclose(before[1], after[1])


def test_keys_scroll_toggle_the_grid_and_quit() -> None:
    # given an idle handler
    ctx = _ctx()
    idle = IdleHandler()
    x0, y0 = ctx.camera.x, ctx.camera.y
    # when keypad 6 and then keypad 8 are pressed, then the view scrolls right, then up
    idle.handle(_ev(pygame.KEYDOWN, key=pygame.K_KP6, mod=0), ctx)
    assert ctx.camera.x > x0
    idle.handle(_ev(pygame.KEYDOWN, key=pygame.K_KP8, mod=0), ctx)
    assert ctx.camera.y < y0
    # and G toggles the grid, keypad 5 asks for home, Esc and closing quit
    assert idle.handle(_ev(pygame.KEYDOWN, key=pygame.K_g, mod=0), ctx) is Action.TOGGLE_GRID
    assert idle.handle(_ev(pygame.KEYDOWN, key=pygame.K_KP5, mod=0), ctx) is Action.CENTER_HOME
    assert idle.handle(_ev(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0), ctx) is Action.QUIT
    assert idle.handle(_ev(pygame.QUIT), ctx) is Action.QUIT
