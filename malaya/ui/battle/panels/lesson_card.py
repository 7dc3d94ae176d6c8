"""The lesson card over the map (the step's words, Next and Leave) and the ring around what to click.

Its keys: Enter is Next (and Play on at the end), Ctrl+Q leaves the lesson. Tab is not the card's:
on the battle screen it steps through the units.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from malaya.session.lesson_runner import LessonRun
from malaya.session.lessons import Done
from malaya.session.words.catalog import say
from malaya.ui.widgets.kit import ACCENT, DIM, PANEL, TEXT, Button, draw_text, px, text_surface, wrap

CARD_W = 470
TOAST_ROOM = 60
"""Room (scaled) the card leaves above the map's bottom edge, where toasts show."""
RING = (255, 214, 64)
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
CTRL = pygame.KMOD_CTRL | pygame.KMOD_META
NEXT_TIP = say("lesson_card.go_on_to_the_next")
LEAVE_TIP = say("lesson_card.keep_the_lesson_where_it")
PLAY_ON_TIP = say("lesson_card.close_the_lesson_and_go")


@dataclass
class LessonCard:
    """Draws the card and remembers its buttons for clicks."""

    next: Button = field(default_factory=lambda: Button(say("lesson_card.next"), size=13, tip=NEXT_TIP))
    leave: Button = field(default_factory=lambda: Button(say("lesson_card.leave_lesson"), size=13, tip=LEAVE_TIP))
    play_on: Button = field(default_factory=lambda: Button(say("lesson_card.play_on"), size=13, tip=PLAY_ON_TIP))
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))

    def buttons(self, run: LessonRun) -> list[Button]:
        """The buttons shown for the run's step: Next on a reading step, Play on at the end, Leave always."""
        if run.finished:
            return [self.play_on, self.leave]
        step = run.step
        return [self.next, self.leave] if step is not None and step.condition.done is Done.NEXT else [self.leave]

    def draw(self, surface: pygame.Surface, area: pygame.Rect, run: LessonRun, mouse: tuple[int, int],
             avoid: Sequence[pygame.Rect] = ()) -> None:
        """The card in a corner of the map ``area`` that covers none of ``avoid`` (the ringed hexes, a banner):
        title, step, words, buttons."""
        width = min(px(CARD_W), area.width - px(16))
        title, text = self._words(run)
        lines = wrap(text, 13, width - px(24))
        line_h = px(18)
        height = px(58) + line_h * len(lines) + px(40)
        self.rect = card_place(area, (width, height), avoid)
        pygame.draw.rect(surface, PANEL, self.rect, border_radius=px(6))
        pygame.draw.rect(surface, ACCENT, self.rect, 2, border_radius=px(6))
        x, y = self.rect.left + px(12), self.rect.top + px(8)
        count = len(run.lesson.steps)
        shown = min(run.index + 1, count)
        draw_text(surface, say("lesson_card.step_of", title=run.lesson.title, shown=shown, count=count), (x, y), 11,
                  DIM)
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
            return say("lesson_card.lesson_complete"), run.lesson.finish
        return step.title, step.text

    def pressed(self, run: LessonRun, pos: tuple[int, int]) -> Button | None:
        """The card button under ``pos``, if any."""
        return next((b for b in self.buttons(run) if b.hit(pos)), None)

    def key(self, run: LessonRun, event: pygame.event.Event) -> Button | None:
        """The shown card button a key press means: Enter for Next or Play on, Ctrl+Q for Leave lesson."""
        if event.type != pygame.KEYDOWN:
            return None
        shown = self.buttons(run)
        if event.key in ENTER_KEYS:
            return next((b for b in shown if b in (self.next, self.play_on)), None)
        if event.key == pygame.K_q and getattr(event, "mod", 0) & CTRL:
            return self.leave
        return None

    def tooltip(self, run: LessonRun, mouse: tuple[int, int]) -> str | None:
        """The tooltip of the card button under the mouse, if any."""
        return next((t for b in self.buttons(run) if (t := b.tooltip(mouse))), None)


def card_place(area: pygame.Rect, size: tuple[int, int], avoid: Sequence[pygame.Rect]) -> pygame.Rect:
    """Where the card goes: the first corner of ``area`` (top left, top right, bottom left, bottom right) where it
    covers none of ``avoid``; if every corner covers one, the corner that covers least of them."""
    m = px(8)
    room = area.inflate(-2 * m, -2 * m)
    corners = [pygame.Rect(0, 0, *size) for _ in range(4)]
    corners[0].topleft, corners[1].topright = room.topleft, room.topright
    corners[2].bottomleft, corners[3].bottomright = (room.left, room.bottom - px(TOAST_ROOM)), \
        (room.right, room.bottom - px(TOAST_ROOM))
    corners = [c.clamp(area) for c in corners]

    def covered(rect: pygame.Rect) -> int:
        return sum(rect.clip(r).width * rect.clip(r).height for r in avoid)

    return min(corners, key=covered)  # min keeps the first of equals: top left when nothing is in the way


def draw_ring(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A pulsing ring around ``rect`` (a button, a panel row or a hex's box)."""
    grow = px(4) + round(px(3) * (1 + math.sin(time.monotonic() * 5)) / 2)
    pygame.draw.rect(surface, RING, rect.inflate(grow * 2, grow * 2), px(3), border_radius=px(6))


def draw_hex_ring(surface: pygame.Surface, centre: tuple[int, int], radius: int) -> None:
    """A pulsing circle around a hex centre on the map."""
    grow = round(px(3) * (1 + math.sin(time.monotonic() * 5)) / 2)
    pygame.draw.circle(surface, RING, centre, radius + grow, px(3))
