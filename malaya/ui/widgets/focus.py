"""Keyboard focus over a list of controls: arrows or Tab move it, Enter or Space presses the focused one.

A control is anything with a ``rect``, an ``enabled`` flag and a ``focused`` flag (buttons,
checkboxes, the rows of a list); pages that use the arrows for something else take Tab only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

import pygame

NEXT_KEYS = (pygame.K_DOWN, pygame.K_RIGHT)
PREVIOUS_KEYS = (pygame.K_UP, pygame.K_LEFT)
PRESS_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class Focusable(Protocol):
    """A control the keyboard focus can rest on."""

    rect: pygame.Rect
    focused: bool

    @property
    def enabled(self) -> bool:
        """False when the control cannot be pressed now (the focus skips it)."""


@dataclass
class FocusRow:
    """A clickable row of a list (a save slot) as a focus target."""

    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    focused: bool = False
    enabled: bool = True


T = TypeVar("T", bound=Focusable)


class ButtonFocus:
    """Which of a screen's controls has the keyboard focus (none until a focus key is pressed)."""

    def __init__(self, arrows: bool = True) -> None:
        self.index: int | None = None
        self.arrows = arrows
        """False: only Tab and Shift+Tab move the focus (the page uses the arrows itself)."""

    def key(self, event: pygame.event.Event, buttons: Sequence[T]) -> T | None:
        """Move the focus on arrows/Tab (skipping disabled controls); the control Enter/Space pressed, if any."""
        if event.type != pygame.KEYDOWN or not buttons:
            return None
        if event.key in PRESS_KEYS and self.index is not None:
            button = buttons[self.index % len(buttons)]
            return button if button.enabled else None
        shift = getattr(event, "mod", 0) & pygame.KMOD_SHIFT
        if (self.arrows and event.key in NEXT_KEYS) or (event.key == pygame.K_TAB and not shift):
            self._move(buttons, 1)
        elif (self.arrows and event.key in PREVIOUS_KEYS) or event.key == pygame.K_TAB:
            self._move(buttons, -1)
        return None

    def moves(self, event: pygame.event.Event) -> bool:
        """True if ``event`` is a key that moves the focus."""
        if event.type != pygame.KEYDOWN:
            return False
        return event.key == pygame.K_TAB or (self.arrows and event.key in (*NEXT_KEYS, *PREVIOUS_KEYS))

    def _move(self, buttons: Sequence[Focusable], step: int) -> None:
        """Focus the next enabled control in ``step``'s direction (wrapping)."""
        start = (-1 if step > 0 else 0) if self.index is None else self.index
        for k in range(1, len(buttons) + 1):
            i = (start + step * k) % len(buttons)
            if buttons[i].enabled:
                self.index = i
                return

    def focused(self, buttons: Sequence[T]) -> T | None:
        """The control with the focus, if any."""
        return None if self.index is None or not buttons else buttons[self.index % len(buttons)]

    def mark(self, buttons: Sequence[Focusable]) -> None:
        """Set each control's ``focused`` flag for drawing."""
        for i, button in enumerate(buttons):
            button.focused = self.index is not None and i == self.index % len(buttons)

