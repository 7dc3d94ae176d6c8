"""The lesson card over the map (the step's words, Next and Leave) and the ring around what to click."""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

import pygame

from malaya.session.lesson_runner import LessonRun
from malaya.session.lessons import Done
from malaya.ui.widgets.kit import ACCENT, DIM, PANEL, TEXT, Button, draw_text, px, text_surface, wrap

CARD_W = 470
RING = (255, 214, 64)


@dataclass
class LessonCard:
    """Draws the card and remembers its buttons for clicks."""

    next: Button = field(default_factory=lambda: Button("Next", size=13))
    leave: Button = field(default_factory=lambda: Button("Leave lesson", size=13))
    play_on: Button = field(default_factory=lambda: Button("Play on", size=13))
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))

    def buttons(self, run: LessonRun) -> list[Button]:
        """The buttons shown for the run's step: Next on a reading step, Play on at the end, Leave always."""
        if run.finished:
            return [self.play_on, self.leave]
        step = run.step
        return [self.next, self.leave] if step is not None and step.condition.done is Done.NEXT else [self.leave]

    def draw(self, surface: pygame.Surface, area: pygame.Rect, run: LessonRun, mouse: tuple[int, int]) -> None:
        """The card at the top left of the map ``area`` (toasts show at the bottom): title, step, words, buttons."""
        width = min(px(CARD_W), area.width - px(16))
        title, text = self._words(run)
        lines = wrap(text, 13, width - px(24))
        line_h = px(18)
        height = px(58) + line_h * len(lines) + px(40)
        self.rect = pygame.Rect(area.left + px(8), area.top + px(8), width, height)
        pygame.draw.rect(surface, PANEL, self.rect, border_radius=px(6))
        pygame.draw.rect(surface, ACCENT, self.rect, 2, border_radius=px(6))
        x, y = self.rect.left + px(12), self.rect.top + px(8)
        count = len(run.lesson.steps)
        shown = min(run.index + 1, count)
        draw_text(surface, f"{run.lesson.title} · step {shown} of {count}", (x, y), 11, DIM)
        draw_text(surface, title, (x, y + px(17)), 15, ACCENT, bold=True)
        y += px(44)
        for line in lines:
            draw_text(surface, line, (x, y), 13, TEXT)
            y += line_h
        right = self.rect.right - px(12)
        for button in reversed(self.buttons(run)):
            w = text_surface(button.label, 13, bold=True).get_width() + px(28)
            button.rect = pygame.Rect(right - w, self.rect.bottom - px(36), w, px(28))
            button.draw(surface, mouse)
            right -= w + px(8)

    @staticmethod
    def _words(run: LessonRun) -> tuple[str, str]:
        """The card's title and text: the step's, or the lesson's closing words."""
        step = run.step
        if step is None:
            return "Lesson complete", run.lesson.finish
        return step.title, step.text

    def pressed(self, run: LessonRun, pos: tuple[int, int]) -> Button | None:
        """The card button under ``pos``, if any."""
        return next((b for b in self.buttons(run) if b.hit(pos)), None)


def draw_ring(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A pulsing ring around ``rect`` (a button, a panel row or a hex's box)."""
    grow = px(4) + round(px(3) * (1 + math.sin(time.monotonic() * 5)) / 2)
    pygame.draw.rect(surface, RING, rect.inflate(grow * 2, grow * 2), px(3), border_radius=px(6))


def draw_hex_ring(surface: pygame.Surface, centre: tuple[int, int], radius: int) -> None:
    """A pulsing circle around a hex centre on the map."""
    grow = round(px(3) * (1 + math.sin(time.monotonic() * 5)) / 2)
    pygame.draw.circle(surface, RING, centre, radius + grow, px(3))
