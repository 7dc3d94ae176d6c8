"""The "Save as" dialog (Ctrl+S): a name field with a suggested name, Save and Cancel."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame

from malaya.persistence import slot_path
from malaya.ui.app.intents import Pop, Transition
from malaya.ui.app.stack import App, Screen
from malaya.ui.widgets.kit import DIM, WARN, Button, dim_backdrop, draw_panel, draw_text, px
from malaya.ui.widgets.text_field import TextField
from malaya.ui.widgets.tips import draw_button_tip

MAX_NAME = 60


class SaveDialog(Screen):
    """An overlay over the battle; Enter saves, Esc cancels; a failure stays on screen as a message."""

    opaque = False

    def __init__(self, default_name: str, folder: Path | None, save: Callable[[str], str | None]) -> None:
        self.folder = folder
        self.save_as = save
        self.field = TextField(default_name, digits=False, max_len=MAX_NAME, focused=True)
        self.save = Button("Save", size=15, tip="Save under this name (Enter)")
        self.cancel = Button("Cancel", size=15, tip="Close without saving (Esc)")
        self.problem: str | None = None

    def handle(self, event: pygame.event.Event, app: App) -> Transition | None:
        """Typing (text input, an input method, editing keys, the clipboard) edits the name; Enter or Save saves;
        Esc or Cancel closes."""
        if event.type in (pygame.TEXTINPUT, pygame.TEXTEDITING):
            self.field.focused = True
            self.field.key(event)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                return Pop()
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return self.confirm(app)
            self.field.focused = True
            self.field.key(event)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.save.hit(event.pos):
                return self.confirm(app)
            if self.cancel.hit(event.pos):
                return Pop()
        return None

    def confirm(self, app: App) -> Transition | None:
        """Save under the typed name and close, or show why not."""
        name = self.field.text.strip()
        if not name:
            self.problem = "Type a name for the save."
            return None
        self.problem = self.save_as(name)
        if self.problem is not None:
            return None
        app.toast(f"Saved “{name}”.")
        return Pop()

    def _note(self) -> tuple[str, tuple[int, int, int]]:
        """The line under the field: the problem, or where the save goes (and whether it replaces one)."""
        if self.problem:
            return self.problem, WARN
        name = self.field.text.strip()
        try:
            path = slot_path(name or "save", self.folder)
        except Exception:  # the user's data folder cannot even be named: the save will say so
            return "", DIM
        if name and path.exists():
            return f"Replaces the existing save {path.name} (the old one is kept as a backup).", WARN
        return f"Saved in {path.parent}", DIM

    def draw(self, surface: pygame.Surface, app: App) -> None:
        """A veil over the battle and the dialog box."""
        dim_backdrop(surface, 140)
        box = pygame.Rect(0, 0, min(surface.get_width() - px(40), px(560)), px(190))
        box.center = surface.get_rect().center
        inner = draw_panel(surface, box, "Save game as")
        self.field.rect = pygame.Rect(inner.left, inner.top + px(8), inner.width, px(34))
        self.field.draw(surface)
        text, color = self._note()
        draw_text(surface, text[:110], (inner.left, self.field.rect.bottom + px(10)), 12, color)
        mouse = pygame.mouse.get_pos()
        self.cancel.rect = pygame.Rect(inner.left, inner.bottom - px(38), px(130), px(38))
        self.save.rect = pygame.Rect(inner.right - px(150), inner.bottom - px(38), px(150), px(38))
        self.cancel.draw(surface, mouse)
        self.save.draw(surface, mouse)
        draw_button_tip(surface, (self.cancel, self.save), mouse)
