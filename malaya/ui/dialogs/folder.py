"""The "Shared folder" dialog of the Play by e-mail page: type the folder to watch (empty: none), Enter or Esc."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from malaya.ui.app.intents import Pop, Transition
from malaya.ui.app.stack import App, Screen
from malaya.ui.widgets.kit import DIM, WARN, Button, dim_backdrop, draw_panel, draw_text, px, wrap
from malaya.ui.widgets.text_field import TextField
from malaya.ui.widgets.tips import draw_button_tip

MAX_PATH = 400
HINT = ("Your games write the files to send into this folder, and open your opponent's as they arrive "
        "(a synced folder, or one both computers share). Leave it empty to stop. You can also drop the folder on "
        "the page.")


class FolderDialog(Screen):
    """An overlay over the page; Enter chooses, Esc cancels; a refusal stays on screen, saying why."""

    opaque = False

    def __init__(self, current: str, choose: Callable[[str], str | None]) -> None:
        self.choose = choose
        self.field = TextField(current, digits=False, max_len=MAX_PATH, focused=True)
        self.ok = Button("Watch it", size=15, tip="Watch this folder (Enter)")
        self.cancel = Button("Cancel", size=15, tip="Close, changing nothing (Esc)")
        self.problem: str | None = None

    def handle(self, event: pygame.event.Event, app: App) -> Transition | None:
        """Typing edits the path; Enter or Watch it chooses; Esc or Cancel closes; a dropped folder is typed in."""
        if event.type == pygame.DROPFILE:
            self.field = TextField(str(event.file), digits=False, max_len=MAX_PATH, focused=True)
        elif event.type in (pygame.TEXTINPUT, pygame.TEXTEDITING):
            self.field.key(event)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                return Pop()
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return self.confirm(app)
            self.field.key(event)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.ok.hit(event.pos):
                return self.confirm(app)
            if self.cancel.hit(event.pos):
                return Pop()
        return None

    def confirm(self, app: App) -> Transition | None:
        """Choose the typed folder and close, or show why not."""
        self.problem = self.choose(self.field.text.strip())
        return Pop() if self.problem is None else None

    def draw(self, surface: pygame.Surface, app: App) -> None:
        """A veil over the page and the dialog box."""
        dim_backdrop(surface, 140)
        box = pygame.Rect(0, 0, min(surface.get_width() - px(40), px(640)), px(250))
        box.center = surface.get_rect().center
        inner = draw_panel(surface, box, "Shared folder")
        self.field.rect = pygame.Rect(inner.left, inner.top + px(8), inner.width, px(34))
        self.field.draw(surface)
        y = self.field.rect.bottom + px(10)
        for line in wrap(self.problem or HINT, 12, inner.width):
            draw_text(surface, line, (inner.left, y), 12, WARN if self.problem else DIM)
            y += px(17)
        mouse = pygame.mouse.get_pos()
        self.cancel.rect = pygame.Rect(inner.left, inner.bottom - px(38), px(130), px(38))
        self.ok.rect = pygame.Rect(inner.right - px(150), inner.bottom - px(38), px(150), px(38))
        self.cancel.draw(surface, mouse)
        self.ok.draw(surface, mouse)
        draw_button_tip(surface, (self.cancel, self.ok), mouse)
