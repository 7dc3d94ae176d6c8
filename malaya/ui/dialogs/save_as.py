"""The "Save as" dialog (Ctrl+S): a name field with a suggested name, Save and Cancel."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame

from malaya.persistence import slot_path
from malaya.session.words.catalog import say
from malaya.ui.app.intents import Pop, Transition
from malaya.ui.app.stack import App
from malaya.ui.widgets.field_dialog import FieldDialog
from malaya.ui.widgets.kit import DIM, WARN, Button, draw_text

MAX_NAME = 60


class SaveDialog(FieldDialog):
    """An overlay over the battle; Enter saves, Esc cancels; a failure stays on screen as a message."""

    title = say("save_as.save_game_as")
    box = (560, 190)

    def __init__(self, default_name: str, folder: Path | None, save: Callable[[str], str | None]) -> None:
        super().__init__(default_name, MAX_NAME,
                         Button(say("save_as.save"), size=15, tip=say("save_as.save_under_this_name_enter")),
                         Button(say("save_as.cancel"), size=15, tip=say("save_as.close_without_saving_esc")))
        self.folder = folder
        self.save_as = save

    def confirm(self, app: App) -> Transition | None:
        """Save under the typed name and close, or show why not."""
        name = self.field.text.strip()
        if not name:
            self.problem = say("save_as.type_a_name_for_the")
            return None
        self.problem = self.save_as(name)
        if self.problem is not None:
            return None
        app.toast(say("save_as.saved", name=name))
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
            return say("save_as.replaces_the_existing_save_the", name=path.name), WARN
        return say("save_as.saved_in", parent=path.parent), DIM

    def draw_note(self, surface: pygame.Surface, inner: pygame.Rect, y: int) -> None:
        """The refusal, or where the save goes."""
        text, color = self._note()
        draw_text(surface, text[:110], (inner.left, y), 12, color)
