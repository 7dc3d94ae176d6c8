"""“Quit the game?” — asked when Esc on the main menu would close the window: Enter quits, Esc stays."""

from __future__ import annotations

import pygame

from malaya.session.words.catalog import say
from malaya.ui.app.intents import Quit, Transition
from malaya.ui.widgets.kit import TEXT, Button, draw_panel, draw_text, px
from malaya.ui.widgets.question_gate import QuestionGate

QUESTION = say("quit_question.quit_the_game")


class QuitQuestion:
    """The question box of the main menu; ``open`` while it is asked."""

    def __init__(self) -> None:
        self.open = False
        self.gate = QuestionGate()
        self.yes = Button(say("quit_question.quit_enter"), size=14, tip=say("quit_question.close_the_game"))
        self.no = Button(say("quit_question.stay_esc"), size=14, tip=say("quit_question.back_to_the_main_menu"))

    def ask(self) -> None:
        """Open the question (it answers once it has been drawn)."""
        self.open = True
        self.gate.asked()

    def handle(self, event: pygame.event.Event) -> Transition | None:
        """Enter or a click on Quit quits; Esc or a click on Stay closes the question (once it was drawn)."""
        if not self.gate.drawn:
            return None
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return Quit()
            if event.key == pygame.K_ESCAPE:
                self.open = False
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.yes.hit(event.pos):
                return Quit()
            if self.no.hit(event.pos):
                self.open = False
        return None

    def draw(self, surface: pygame.Surface, mouse: tuple[int, int]) -> None:
        """A box in the middle of the window with the question and its two buttons."""
        box = pygame.Rect(0, 0, px(360), px(140))
        box.center = surface.get_rect().center
        inner = draw_panel(surface, box, QUESTION)
        draw_text(surface, say("quit_question.nothing_is_lost_games_are"), (inner.left, inner.top + px(4)), 14, TEXT)
        self.yes.rect = pygame.Rect(inner.left, inner.bottom - px(40), px(150), px(40))
        self.no.rect = pygame.Rect(inner.right - px(150), inner.bottom - px(40), px(150), px(40))
        self.yes.draw(surface, mouse)
        self.no.draw(surface, mouse)
        self.gate.shown()
