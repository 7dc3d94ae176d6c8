"""What a screen laid out in its last frame: its panels and the widgets (hit boxes) inside them.

Every screen answers :meth:`~malaya.ui.app.stack.Screen.layout` with a :class:`Layout`, so a test
can check any screen at any window size and UI scale the same way: each widget lies inside its
panel, each panel inside the window, and no two widgets of a panel overlap.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

WINDOW = "window"
"""The panel name of widgets placed directly on the window."""


@dataclass(frozen=True, slots=True)
class HitBox:
    """One clickable widget: its name, its rectangle (window pixels) and the panel it belongs to."""

    name: str
    rect: pygame.Rect
    panel: str = WINDOW


@dataclass
class Layout:
    """The panels (by name) and hit boxes of one drawn frame."""

    panels: dict[str, pygame.Rect] = field(default_factory=dict)
    boxes: list[HitBox] = field(default_factory=list)

    def panel(self, name: str, rect: pygame.Rect) -> pygame.Rect:
        """Record a panel; returns its rectangle."""
        self.panels[name] = pygame.Rect(rect)
        return rect

    def add(self, name: str, rect: pygame.Rect, panel: str = WINDOW) -> None:
        """Record a widget of ``panel``."""
        self.boxes.append(HitBox(name, pygame.Rect(rect), panel))

    def names(self) -> list[str]:
        """The widget names, in drawing order."""
        return [b.name for b in self.boxes]

    def box(self, name: str) -> HitBox:
        """The first widget called ``name`` (KeyError if none)."""
        found = next((b for b in self.boxes if b.name == name), None)
        if found is None:
            raise KeyError(name)
        return found


def layout_problems(layout: Layout, window: tuple[int, int]) -> list[str]:
    """Everything wrong with a layout: panels off the window, widgets outside their panel, overlaps."""
    screen = pygame.Rect((0, 0), window)
    problems = [f"panel {name} {rect} is not inside the window {window}"
                for name, rect in layout.panels.items() if not screen.contains(rect)]
    for box in layout.boxes:
        frame = screen if box.panel == WINDOW else layout.panels.get(box.panel)
        if frame is None:
            problems.append(f"{box.name} names an unknown panel {box.panel}")
        elif box.rect.width <= 0 or box.rect.height <= 0:
            problems.append(f"{box.name} has no size: {box.rect}")
        elif not frame.contains(box.rect):
            problems.append(f"{box.name} {box.rect} lies outside its panel {box.panel} {frame}")
    for i, a in enumerate(layout.boxes):
        for b in layout.boxes[i + 1:]:
            if a.panel == b.panel and a.rect.colliderect(b.rect):
                problems.append(f"{a.name} {a.rect} overlaps {b.name} {b.rect}")
    return problems
