"""Input as a small state machine: a handler takes an event and returns what comes next.

``handler.handle(event, ctx)`` returns another handler (switch state), an
:class:`Action` for the window loop (quit, toggle grid …) or None (stay). Handlers
move the camera directly; they never touch rules.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Protocol

import pygame

from malaya.ui.camera import Camera

DRAG_BUTTONS = (1, 3)
KEY_PAN_FRACTION = 0.25
"""Arrow and keypad keys scroll by this fraction of the view."""


class Action(StrEnum):
    """What a handler asks of the window loop."""

    QUIT = "quit"
    TOGGLE_GRID = "toggle_grid"
    CENTER_HOME = "center_home"  # keypad 5: centre on Singapore


@dataclass(slots=True)
class InputContext:
    """What handlers may use: the camera, the map's screen offset and the mouse position."""

    camera: Camera
    map_offset: tuple[int, int] = (0, 0)
    mouse_pos: Callable[[], tuple[int, int]] = field(default=lambda: pygame.mouse.get_pos())

    def to_map(self, pos: tuple[int, int]) -> tuple[int, int]:
        """Window pixel → map-area pixel."""
        return pos[0] - self.map_offset[0], pos[1] - self.map_offset[1]


class Handler(Protocol):
    """One input state."""

    def handle(self, event: pygame.event.Event, ctx: InputContext) -> HandlerResult:
        """React to an event; return the next handler, an Action, or None to stay."""
        ...


HandlerResult = Handler | Action | None

# Keypad digit → scroll direction (R18.2); 5 centres on Singapore.
_KEY_DIRECTIONS: dict[int, tuple[int, int]] = {
    pygame.K_KP1: (-1, 1), pygame.K_KP2: (0, 1), pygame.K_KP3: (1, 1),
    pygame.K_KP4: (-1, 0), pygame.K_KP6: (1, 0),
    pygame.K_KP7: (-1, -1), pygame.K_KP8: (0, -1), pygame.K_KP9: (1, -1),
    pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1),
}


def key_pan(camera: Camera, key: int) -> bool:
    """Scroll for an arrow or keypad key; False if the key does not scroll."""
    direction = _KEY_DIRECTIONS.get(key)
    if direction is None:
        return False
    step_x, step_y = camera.width * KEY_PAN_FRACTION, camera.height * KEY_PAN_FRACTION
    camera.pan(direction[0] * step_x, direction[1] * step_y)
    return True


class IdleHandler:
    """Nothing in progress: wheel zooms, keys scroll, a left/right press starts a drag."""

    def handle(self, event: pygame.event.Event, ctx: InputContext) -> HandlerResult:
        """See class docstring."""
        if event.type == pygame.QUIT:
            return Action.QUIT
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in DRAG_BUTTONS:
            return DraggingHandler(event.button, event.pos)
        if event.type == pygame.MOUSEWHEEL and event.y:
            ctx.camera.zoom_at(ctx.to_map(ctx.mouse_pos()), 1 if event.y > 0 else -1)
            return None
        if event.type == pygame.KEYDOWN:
            return _key(event, ctx)
        return None


def _key(event: pygame.event.Event, ctx: InputContext) -> HandlerResult:
    """Keyboard shortcuts of the idle state."""
    if event.key == pygame.K_ESCAPE:
        return Action.QUIT
    if event.key == pygame.K_g:
        return Action.TOGGLE_GRID
    if event.key == pygame.K_KP5:
        return Action.CENTER_HOME
    if event.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
        ctx.camera.zoom_at((ctx.camera.width / 2, ctx.camera.height / 2), 1)
    elif event.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
        ctx.camera.zoom_at((ctx.camera.width / 2, ctx.camera.height / 2), -1)
    else:
        key_pan(ctx.camera, event.key)
    return None


class DraggingHandler:
    """A mouse button is held: the map follows the mouse until it is released."""

    def __init__(self, button: int, start: tuple[int, int]) -> None:
        self.button = button
        self.start = start
        self.last = start
        self.moved = 0

    def handle(self, event: pygame.event.Event, ctx: InputContext) -> HandlerResult:
        """See class docstring."""
        if event.type == pygame.QUIT:
            return Action.QUIT
        if event.type == pygame.MOUSEMOTION:
            dx, dy = event.pos[0] - self.last[0], event.pos[1] - self.last[1]
            self.last = event.pos
            self.moved += abs(dx) + abs(dy)
            ctx.camera.pan(-dx, -dy)
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == self.button:
            return IdleHandler()
        if event.type == pygame.MOUSEWHEEL and event.y:
            ctx.camera.zoom_at(ctx.to_map(ctx.mouse_pos()), 1 if event.y > 0 else -1)
        return None
