"""A scrollable overlay of plain text lines (the computer's reasoning); Esc or a click closes it."""

from __future__ import annotations

import pygame

from malaya.render.fonts import font
from malaya.session.words.catalog import say
from malaya.ui.app.intents import Pop, Transition
from malaya.ui.app.stack import App, Screen
from malaya.ui.widgets.kit import DIM, TEXT, dim_backdrop, draw_panel, draw_text, px, wrap

FOOTER = say("text_dialog.wheel_arrows_scroll_esc_or")


def _indent(line: str) -> int:
    """The pixels a line's leading spaces stand for (the structure of the computer's reasoning)."""
    return px(7) * (len(line) - len(line.lstrip(" ")))


class TextOverlay(Screen):
    """Lines of text in a panel over the current screen; wheel and arrows scroll."""

    opaque = False

    def __init__(self, title: str, lines: list[str]) -> None:
        self.title = title
        self.lines = lines
        self.top = 0

    def wrapped(self, width: int) -> list[tuple[int, str]]:
        """The lines wrapped to ``width`` pixels, each with its indent."""
        return [(indent, w) for line in self.lines for indent in [_indent(line)]
                for w in wrap(line.strip(), 13, width - indent)]

    def box(self, window: pygame.Rect) -> pygame.Rect:
        """The panel, centred: as wide as its longest line (within the window, never narrower than its title and
        footer) and as tall as its lines; a long text fills the window and scrolls."""
        largest = window.inflate(-px(120), -px(80))
        chrome_w, chrome_h = px(12), px(10) + font(px(13), bold=True).get_height() + px(3)
        widest = max([font(px(13)).size(w)[0] + i for i, w in self.wrapped(largest.width - chrome_w)]
                     + [font(px(13), bold=True).size(self.title)[0], font(px(12)).size(FOOTER)[0]])
        width = min(largest.width, widest + chrome_w + px(4))
        height = min(largest.height, chrome_h + len(self.wrapped(width - chrome_w)) * px(18) + px(34))
        box = pygame.Rect(0, 0, width, height)
        box.center = window.center
        return box

    def handle(self, event: pygame.event.Event, app: App) -> Transition | None:
        """Scroll, or close on Esc / Enter / W / a click."""
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_UP, pygame.K_DOWN):
                self.top = max(0, self.top + (1 if event.key == pygame.K_DOWN else -1))
            elif event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_w):
                return Pop()
        elif event.type == pygame.MOUSEWHEEL:
            self.top = max(0, self.top - 3 * event.y)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return Pop()
        return None

    def draw(self, surface: pygame.Surface, app: App) -> None:
        """A dimmed backdrop and the wrapped lines from ``top``, in a box as big as they need (at most the window)."""
        dim_backdrop(surface)
        box = self.box(surface.get_rect())
        inner = draw_panel(surface, box, self.title)
        wrapped = self.wrapped(inner.width)
        self.top = min(self.top, max(0, len(wrapped) - 1))
        y = inner.top
        for indent, line in wrapped[self.top:]:
            if y > inner.bottom - px(34):
                break
            draw_text(surface, line, (inner.left + indent, y), 13, TEXT)
            y += px(18)
        draw_text(surface, FOOTER, (inner.left, inner.bottom), 12, DIM, anchor="bottomleft")
