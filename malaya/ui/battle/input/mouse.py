"""The mouse on a map: :class:`MouseIdle` → :class:`Pressing` → a click, or a drag that pans the map."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

EDGE_PX = 24
"""Alt + mouse this close to a map edge scrolls the map (R18.2)."""
CLICK_SLOP = 6
"""A press that moves less than this many pixels before release is a click, not a drag."""


def edge_direction(area: pygame.Rect, pos: tuple[int, int], margin: int) -> tuple[int, int]:
    """Which way a mouse within ``margin`` pixels of the area's edges scrolls: (-1, 0, 1) per axis."""
    x, y = pos
    if not area.collidepoint(x, y):
        return 0, 0
    dx = -1 if x < area.left + margin else 1 if x > area.right - margin else 0
    dy = -1 if y < area.top + margin else 1 if y > area.bottom - margin else 0
    return dx, dy


class MouseIdle:
    """No button held."""

    def press(self, event: pygame.event.Event) -> Pressing | None:
        """A left or right press may become a click or a drag."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            return Pressing(event.button, event.pos)
        return None


@dataclass
class Pressing:
    """A button is held; until it moves far enough it is a click."""

    button: int
    start: tuple[int, int]
    dragging: bool = False
    last: tuple[int, int] | None = None

    def motion(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        """The pan delta to apply for a mouse motion (None while still a click)."""
        if not self.dragging and abs(pos[0] - self.start[0]) + abs(pos[1] - self.start[1]) < CLICK_SLOP:
            return None
        self.dragging = True
        last = self.last or self.start
        self.last = pos
        return last[0] - pos[0], last[1] - pos[1]
