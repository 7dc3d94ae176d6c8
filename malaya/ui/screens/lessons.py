"""The "Learn to play" page: each lesson with what it teaches, to start or to resume where it was left."""

from __future__ import annotations

import pygame

from malaya.session.lessons import Lesson, all_lessons
from malaya.ui.app.intents import Pop, Problem, Transition
from malaya.ui.app.lessons import Progress, read_progress, resume_lesson, start_lesson
from malaya.ui.app.stack import App, Screen
from malaya.ui.audio.cues import Track
from malaya.ui.widgets.kit import ACCENT, BG, DIM, TEXT, Button, draw_text, px, wrap
from malaya.ui.widgets.layout import Layout

TITLE = "Learn to play"


class LessonsScreen(Screen):
    """See module docstring."""

    music = Track.MENU

    def __init__(self, app: App) -> None:
        self.lessons: list[Lesson] = all_lessons()
        self.progress: dict[str, Progress] = read_progress()
        self.start = [Button("Start" if lesson.id not in self.progress else "Start again", size=14)
                      for lesson in self.lessons]
        self.resume = [Button(f"Resume at step {p.step + 1}", size=14) if (p := self.progress.get(lesson.id))
                       else None for lesson in self.lessons]
        self.back = Button("Back", size=14)

    def layout(self) -> Layout:
        """The page's buttons."""
        placed = Layout()
        for i, (start, resume) in enumerate(zip(self.start, self.resume, strict=True)):
            placed.add(f"start {i + 1}", start.rect)
            if resume is not None:
                placed.add(f"resume {i + 1}", resume.rect)
        placed.add("Back", self.back.rect)
        return placed

    def handle(self, event: pygame.event.Event, app: App) -> Transition | None:
        """Start or resume a lesson; Back or Esc returns to the menu."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return Pop()
        if event.type != pygame.MOUSEBUTTONUP or event.button != 1:
            return None
        if self.back.hit(event.pos):
            return Pop()
        for lesson, start, resume in zip(self.lessons, self.start, self.resume, strict=True):
            if start.hit(event.pos):
                return start_lesson(app, lesson)
            if resume is not None and resume.hit(event.pos):
                return self._resume(app, lesson)
        return None

    def _resume(self, app: App, lesson: Lesson) -> Transition | None:
        """Resume a left lesson, or say why it cannot be."""
        opened = resume_lesson(app, lesson, self.progress[lesson.id])
        if isinstance(opened, Problem):
            app.toast(f"Cannot resume the lesson: {opened.reason}", warning=True)
            return None
        return opened

    def draw(self, surface: pygame.Surface, app: App) -> None:
        """Title, then each lesson: its title, what it teaches, its buttons."""
        surface.fill(BG)
        cx = surface.get_width() // 2
        draw_text(surface, TITLE, (cx, px(70)), 32, ACCENT, bold=True, anchor="center")
        draw_text(surface, "Short guided games: each step says what to click and why.", (cx, px(110)), 15, DIM,
                  anchor="center")
        mouse = pygame.mouse.get_pos()
        width = min(px(720), surface.get_width() - px(40))
        left, y = cx - width // 2, px(150)
        for lesson, start, resume in zip(self.lessons, self.start, self.resume, strict=True):
            draw_text(surface, lesson.title, (left, y), 18, TEXT, bold=True)
            y += px(28)
            for line in wrap(f"{lesson.summary} ({len(lesson.steps)} steps)", 14, width):
                draw_text(surface, line, (left, y), 14, DIM)
                y += px(20)
            x = left
            for button in (start, resume):
                if button is None:
                    continue
                button.rect = pygame.Rect(x, y + px(6), px(200), px(36))
                button.draw(surface, mouse)
                x += px(212)
            y += px(70)
        self.back.rect = pygame.Rect(0, 0, px(160), px(38))
        self.back.rect.midtop = (cx, y + px(10))
        self.back.draw(surface, mouse)
