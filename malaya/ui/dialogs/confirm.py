"""A question before a step that cannot be taken back: Enter (or the first button) does it, Esc (or the second) not.

Tab or the arrows move the keyboard focus between the two buttons; Enter or Space then presses the
focused one (with nothing focused Enter still means yes).

Used before ending a phase with work left (issue 13 §1) and before the Force Z air attack. The
dialog only calls back the screen below, which carries out the choice; then it closes.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from malaya.session.words.catalog import say
from malaya.ui.app.intents import Pop, Transition
from malaya.ui.app.stack import App, Screen
from malaya.ui.widgets.focus import ButtonFocus
from malaya.ui.widgets.kit import TEXT, Button, dim_backdrop, draw_panel, draw_text, px, wrap
from malaya.ui.widgets.layout import Layout
from malaya.ui.widgets.question_gate import QuestionGate
from malaya.ui.widgets.tips import draw_button_tip

YES_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
WIDTH = 560
LINE_H = 22


class ConfirmDialog(Screen):
    """The question, its lines, and two buttons (yes, no); see module docstring."""

    opaque = False

    def __init__(self, title: str, lines: list[str], labels: tuple[str, str],
                 calls: tuple[Callable[[], object], Callable[[], object]]) -> None:
        self.title = title
        self.lines = lines
        self.yes = Button(labels[0], size=15, tip=say("confirm.go_ahead_enter"))
        self.no = Button(labels[1], size=15, tip=say("confirm.not_now_esc"))
        self.on_yes, self.on_no = calls
        self.focus = ButtonFocus()
        self.box = pygame.Rect(0, 0, 0, 0)
        self.gate = QuestionGate()
        """Closed until the question has been drawn: no answer acts behind a question never shown."""

    def layout(self) -> Layout:
        """The question's box with its two buttons."""
        placed = Layout({"question": pygame.Rect(self.box)})
        placed.add("yes", self.yes.rect, "question")
        placed.add("no", self.no.rect, "question")
        return placed

    def handle(self, event: pygame.event.Event, app: App) -> Transition | None:
        """Enter / the yes button: do it; Esc / the no button: do not; Tab and arrows move the focus.

        Nothing counts before the question has been drawn (the player has not seen it)."""
        if not self.gate.drawn:
            return None
        pressed = self.focus.key(event, [self.yes, self.no])
        if pressed is not None:
            return self.answer(pressed is self.yes)
        if event.type == pygame.KEYDOWN and not self.focus.moves(event):
            if event.key in YES_KEYS:
                return self.answer(True)
            if event.key == pygame.K_ESCAPE:
                return self.answer(False)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.yes.hit(event.pos):
                return self.answer(True)
            if self.no.hit(event.pos):
                return self.answer(False)
        return None

    def answer(self, yes: bool) -> Transition:
        """Close, then call back the screen below with the answer."""
        (self.on_yes if yes else self.on_no)()
        return Pop()

    def place(self, size: tuple[int, int]) -> tuple[pygame.Rect, list[str]]:
        """The dialog box (centred) and the wrapped lines."""
        width = min(px(WIDTH), size[0] - px(40))
        wrapped = [w for line in self.lines for w in wrap(line, 15, width - px(28))]
        height = px(34) + len(wrapped) * px(LINE_H) + px(58)
        box = pygame.Rect(0, 0, width, min(height, size[1] - px(20)))
        box.center = (size[0] // 2, size[1] // 2)
        return box, wrapped

    def draw(self, surface: pygame.Surface, app: App) -> None:
        """A dimmed backdrop, the question, its lines and the two buttons."""
        dim_backdrop(surface, 150)
        box, wrapped = self.place(surface.get_size())
        self.box = box
        inner = draw_panel(surface, box, self.title)
        y = inner.top + px(4)
        for line in wrapped:
            draw_text(surface, line, (inner.left + px(4), y), 15, TEXT)
            y += px(LINE_H)
        gap = px(12)
        w = (inner.width - gap) // 2
        row = pygame.Rect(inner.left, inner.bottom - px(40), w, px(36))
        self.yes.rect = row
        self.no.rect = row.move(w + gap, 0)
        self.focus.mark([self.yes, self.no])
        mouse = pygame.mouse.get_pos()
        self.yes.draw(surface, mouse)
        self.no.draw(surface, mouse)
        draw_button_tip(surface, (self.yes, self.no), mouse)
        self.gate.shown()
