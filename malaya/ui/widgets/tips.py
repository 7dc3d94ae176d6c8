"""The tooltip of whichever button the mouse rests on."""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from malaya.ui.widgets.kit import Button, draw_tooltip


def draw_button_tip(surface: pygame.Surface, buttons: Iterable[Button], mouse: tuple[int, int]) -> None:
    """Draw the tooltip (disabled reason or what it does) of the button under the mouse, if any."""
    tip = next((t for b in buttons if (t := b.tooltip(mouse))), None)
    if tip:
        draw_tooltip(surface, tip, mouse)
