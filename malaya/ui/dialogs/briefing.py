"""The scenario's briefing in play (key B or the Briefing button): situation, tasks, victory, objectives with VP."""

from __future__ import annotations

import pygame

from malaya.engine import Scenario
from malaya.session.words.catalog import say
from malaya.ui.app.intents import Pop, Transition
from malaya.ui.app.stack import App, Screen
from malaya.ui.panels.briefing import draw_briefing
from malaya.ui.widgets.kit import DIM, dim_backdrop, draw_panel, draw_text, px

SCROLL_KEYS = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -10, pygame.K_PAGEDOWN: 10}


class BriefingDialog(Screen):
    """The briefing in a panel over the battle; wheel and arrows scroll, Esc / B / Enter / a click close."""

    opaque = False

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self.top = 0
        self.total = 0
        self.pressed = False  # the release of the click that opened the dialog must not close it

    def handle(self, event: pygame.event.Event, app: App) -> Transition | None:
        """Scroll, or close."""
        if event.type == pygame.KEYDOWN:
            if event.key in SCROLL_KEYS:
                self.scroll(SCROLL_KEYS[event.key])
            elif event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_b):
                return Pop()
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll(-3 * event.y)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pressed:
            return Pop()
        return None

    def scroll(self, lines: int) -> None:
        """Move the first shown line by ``lines`` (kept within the briefing)."""
        self.top = max(0, min(self.top + lines, max(0, self.total - 3)))

    def draw(self, surface: pygame.Surface, app: App) -> None:
        """A dimmed backdrop and the briefing panel, at most 900 px wide, centred."""
        dim_backdrop(surface)
        box = surface.get_rect().inflate(-px(80), -px(50))
        box.width = min(box.width, px(900))
        box.centerx = surface.get_rect().centerx
        inner = draw_panel(surface, box, say("briefing_dialog.briefing", name=self.scenario.name))
        text = pygame.Rect(inner.left, inner.top + px(4), inner.width, inner.height - px(28))
        self.total = draw_briefing(surface, text, self.scenario, self.top)
        draw_text(surface, say("briefing_dialog.wheel_arrows_scroll_esc_b"), (inner.left, inner.bottom), 11, DIM,
                  anchor="bottomleft")
