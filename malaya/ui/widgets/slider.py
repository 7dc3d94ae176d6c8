"""A labelled volume slider: 0-100 % in steps of 10, set by a click or a drag along its track."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from malaya.ui.widgets.kit import ACCENT, DIM, PANEL_EDGE, TEXT, draw_focus_ring, draw_text, px

STEP = 10
"""The slider moves in steps of this many percent."""
LABEL_W = 170
VALUE_W = 60


@dataclass
class Slider:
    """A percent slider; ``rect`` is the whole row (label, track, value), set when drawn."""

    label: str
    value: int = 0
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    enabled: bool = True
    focused: bool = False
    """Has the keyboard focus (Left/Right move it a step): drawn with a double ring."""

    def stepped(self, key: int) -> int | None:
        """The value Left or Right sets (one step, within 0-100), or None for other keys or a disabled slider."""
        steps = {pygame.K_LEFT: -STEP, pygame.K_RIGHT: STEP}
        if not self.enabled or key not in steps:
            return None
        return max(0, min(100, self.value + steps[key]))

    @property
    def track(self) -> pygame.Rect:
        """The rectangle of the track (between the label and the value)."""
        left = self.rect.left + px(LABEL_W)
        return pygame.Rect(left, self.rect.top, max(px(40), self.rect.right - px(VALUE_W) - left), self.rect.height)

    def value_at(self, pos: tuple[int, int]) -> int | None:
        """The value a click or drag at ``pos`` sets (rounded to a step), or None off the track."""
        track = self.track
        if not self.enabled or not track.inflate(px(12), 0).collidepoint(pos):
            return None
        share = (pos[0] - track.left) / track.width
        return max(0, min(100, round(share * 100 / STEP) * STEP))

    def draw(self, surface: pygame.Surface, mouse: tuple[int, int] | None = None) -> None:
        """The label, the track filled up to the value with a knob, and the value in percent."""
        hover = self.enabled and mouse is not None and self.track.collidepoint(mouse)
        colour = (ACCENT if hover else TEXT) if self.enabled else DIM
        draw_text(surface, self.label, (self.rect.left, self.rect.centery), 14, colour, anchor="midleft")
        track = self.track
        bar = pygame.Rect(track.left, track.centery - px(3), track.width, px(6))
        pygame.draw.rect(surface, (60, 64, 72), bar, border_radius=px(3))
        filled = bar.copy()
        filled.width = round(bar.width * self.value / 100)
        pygame.draw.rect(surface, (200, 170, 80) if self.enabled else DIM, filled, border_radius=px(3))
        for tick in range(0, 101, STEP):
            x = bar.left + round(bar.width * tick / 100)
            pygame.draw.line(surface, PANEL_EDGE, (x, bar.bottom + px(2)), (x, bar.bottom + px(5)), 1)
        knob = (bar.left + filled.width, bar.centery)
        pygame.draw.circle(surface, (250, 250, 244) if self.enabled else DIM, knob, px(8))
        pygame.draw.circle(surface, PANEL_EDGE, knob, px(8), 1)
        draw_text(surface, f"{self.value} %", (self.rect.right, self.rect.centery), 14, colour, anchor="midright")
        if self.focused:
            draw_focus_ring(surface, self.rect)
