"""The "Learn to play" page: each lesson with what it teaches, to start or to resume where it was left.

From the keyboard: Tab / Shift+Tab (or the arrows) move the focus ring between the buttons, Enter or
Space presses the focused one, Esc goes back to the menu. A left lesson resumes off the window's thread (its
save is read and checked in the save reader's process); after 0.2 s the page says it is opening it.
"""

from __future__ import annotations

import pygame

from malaya.session.lessons import BrokenLesson, Lesson, lesson_catalog
from malaya.session.words.catalog import say
from malaya.ui.app.background import Background, arrival, started
from malaya.ui.app.intents import Pop, Problem, Transition
from malaya.ui.app.lessons import Progress, read_done, read_progress, resume_lesson, start_lesson
from malaya.ui.app.stack import App, Screen
from malaya.ui.audio.cues import Track
from malaya.ui.widgets.focus import ButtonFocus
from malaya.ui.widgets.kit import ACCENT, BG, DIM, GOOD_TEXT, TEXT, Button, draw_text, draw_tooltip, px, wrap
from malaya.ui.widgets.layout import Layout

TITLE = say("lessons.learn_to_play")
START_TIP = say("lessons.start_this_lesson_from_its")
AGAIN_TIP = say("lessons.start_this_lesson_again_from")
RESUME_TIP = say("lessons.go_on_from_the_step")
BACK_TIP = say("lessons.back_to_the_main_menu")
DONE_MARK = say("lessons.done")
"""Beside the title of a lesson played to its end."""


class LessonsScreen(Screen):
    """See module docstring."""

    music = Track.MENU

    def __init__(self, app: App) -> None:
        catalog = lesson_catalog()
        self.lessons: list[Lesson] = [lesson for lesson in catalog if isinstance(lesson, Lesson)]
        self.broken: list[BrokenLesson] = [lesson for lesson in catalog if isinstance(lesson, BrokenLesson)]
        read = read_progress()
        self.progress: dict[str, Progress] = read.entries
        warning = read.warning()
        if warning is not None:
            app.toast(warning, warning=True)
        self.done: frozenset[str] = read_done()
        """The lessons played to their end: marked done on the page."""
        self.start = [Button(say("lessons.start_again"), size=14, tip=AGAIN_TIP) if lesson.id in self.progress
                      else Button(say("lessons.play_again") if lesson.id in self.done else say("lessons.start"),
                                  size=14, tip=START_TIP)
                      for lesson in self.lessons]
        self.resume = [Button(say("lessons.resume_at_step", step=p.step + 1), size=14, tip=RESUME_TIP)
                       if (p := self.progress.get(lesson.id)) else None for lesson in self.lessons]
        self.back = Button(say("lessons.back"), size=14, tip=BACK_TIP)
        self.focus = ButtonFocus()
        self.loading: Background[Transition | Problem] | None = None
        """A left lesson being resumed off the window's thread."""
        if self.progress:
            app.start_reader()  # so a left lesson resumes sooner

    def buttons(self) -> list[Button]:
        """Every button in keyboard-focus order: each lesson's Start then Resume, then Back."""
        rows = [b for start, resume in zip(self.start, self.resume, strict=True) for b in (start, resume)]
        return [*(b for b in rows if b is not None), self.back]

    def layout(self) -> Layout:
        """The page's buttons."""
        placed = Layout()
        for i, (start, resume) in enumerate(zip(self.start, self.resume, strict=True)):
            placed.add(f"start {i + 1}", start.rect)
            if resume is not None:
                placed.add(f"resume {i + 1}", resume.rect)
        placed.add("Back", self.back.rect)
        return placed

    def busy(self, app: App) -> bool:
        """True while a lesson is being resumed (the window keeps drawing)."""
        return self.loading is not None

    def update(self, dt: float, app: App) -> Transition | None:
        """Pick up the lesson resumed in the background."""
        return self._finish(app)

    def handle(self, event: pygame.event.Event, app: App) -> Transition | None:
        """Start or resume a lesson by a click or by Tab and Enter; Back or Esc returns to the menu."""
        if self.loading is not None:  # a lesson is opening: nothing else starts meanwhile
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return Pop()
        pressed = self.focus.key(event, self.buttons())
        if pressed is None and event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            pressed = next((b for b in self.buttons() if b.hit(event.pos)), None)
        return None if pressed is None else self._press(pressed, app)

    def _press(self, button: Button, app: App) -> Transition | None:
        """What a pressed button does."""
        if button is self.back:
            return Pop()
        for lesson, start, resume in zip(self.lessons, self.start, self.resume, strict=True):
            if button is start:
                return start_lesson(app, lesson)
            if button is resume:
                return self._resume(app, lesson)
        return None

    def _resume(self, app: App, lesson: Lesson) -> Transition | None:
        """Resume a left lesson off the window's thread (done within 0.05 s it opens at once)."""
        progress = self.progress[lesson.id]
        self.loading = started(lambda: resume_lesson(app, lesson, progress), lesson.id)
        return self._finish(app)

    def _finish(self, app: App) -> Transition | None:
        """The way into the resumed lesson once it is ready, or why it cannot be, as a toast."""
        return arrival(self,
                       lambda reason: app.toast(say("lessons.cannot_resume_the_lesson", reason=reason), warning=True))

    def draw(self, surface: pygame.Surface, app: App) -> None:
        """Title, then each lesson: its title, what it teaches, its buttons."""
        surface.fill(BG)
        cx = surface.get_width() // 2
        draw_text(surface, TITLE, (cx, px(70)), 32, ACCENT, bold=True, anchor="center")
        draw_text(surface, say("lessons.short_guided_games_each_step"), (cx, px(110)), 15, DIM,
                  anchor="center")
        mouse = pygame.mouse.get_pos()
        self.focus.mark(self.buttons())
        width = min(px(720), surface.get_width() - px(40))
        left, y = cx - width // 2, px(150)
        for lesson, start, resume in zip(self.lessons, self.start, self.resume, strict=True):
            title = draw_text(surface, lesson.title, (left, y), 18, TEXT, bold=True)
            if lesson.id in self.done:  # a word and a tick, not a colour alone
                draw_text(surface, DONE_MARK, (title.right + px(14), title.centery), 14, GOOD_TEXT, bold=True,
                          anchor="midleft")
            y += px(28)
            for line in wrap(say("lessons.steps", summary=lesson.summary, n_steps=len(lesson.steps)), 14, width):
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
        for broken in self.broken:  # greyed, with the reason: one bad file never hides the others
            draw_text(surface, say("lessons.lesson_cannot_be_opened", id=broken.id), (left, y), 16, DIM, bold=True)
            y += px(24)
            for line in wrap(broken.reason, 13, width)[:3]:
                draw_text(surface, line, (left, y), 13, DIM)
                y += px(18)
            y += px(10)
        self.back.rect = pygame.Rect(0, 0, px(160), px(38))
        self.back.rect.midtop = (cx, y + px(10))
        self.back.draw(surface, mouse)
        tip = next((t for b in self.buttons() if (t := b.tooltip(mouse))), None)
        if tip:
            draw_tooltip(surface, tip, mouse)
        if self.loading is not None and self.loading.show_progress:
            draw_text(surface, say("lessons.opening_the_lesson_s", elapsed=format(self.loading.elapsed(), ".1f")),
                      (cx, self.back.rect.bottom + px(16)), 15, DIM, anchor="midtop")
