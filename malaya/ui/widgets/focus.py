"""Keyboard focus over a list of buttons: arrows or Tab move it, Enter or Space presses the focused one."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from malaya.ui.widgets.kit import Button

NEXT_KEYS = (pygame.K_DOWN, pygame.K_RIGHT)
PREVIOUS_KEYS = (pygame.K_UP, pygame.K_LEFT)
PRESS_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class ButtonFocus:
    """Which of a screen's buttons has the keyboard focus (none until a focus key is pressed)."""

    def __init__(self) -> None:
        self.index: int | None = None

    def key(self, event: pygame.event.Event, buttons: Sequence[Button]) -> Button | None:
        """Move the focus on arrows/Tab (skipping disabled buttons); the button Enter/Space pressed, if any."""
        if event.type != pygame.KEYDOWN or not buttons:
            return None
        if event.key in PRESS_KEYS and self.index is not None:
            button = buttons[self.index % len(buttons)]
            return button if button.enabled else None
        shift = getattr(event, "mod", 0) & pygame.KMOD_SHIFT
        if event.key in NEXT_KEYS or (event.key == pygame.K_TAB and not shift):
            self._move(buttons, 1)
        elif event.key in PREVIOUS_KEYS or event.key == pygame.K_TAB:
            self._move(buttons, -1)
        return None

    def _move(self, buttons: Sequence[Button], step: int) -> None:
        """Focus the next enabled button in ``step``'s direction (wrapping)."""
        start = (-1 if step > 0 else 0) if self.index is None else self.index
        for k in range(1, len(buttons) + 1):
            i = (start + step * k) % len(buttons)
            if buttons[i].enabled:
                self.index = i
                return

    def mark(self, buttons: Sequence[Button]) -> None:
        """Set each button's ``focused`` flag for drawing."""
        for i, button in enumerate(buttons):
            button.focused = self.index is not None and i == self.index % len(buttons)
