"""The "Save as" dialog (Ctrl+S): a name field with a suggested name, Save and Cancel."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame

from malaya.persistence import slot_path
from malaya.ui.app.intents import Pop, Transition
from malaya.ui.app.stack import App
from malaya.ui.widgets.field_dialog import FieldDialog
from malaya.ui.widgets.kit import DIM, WARN, Button, draw_text

MAX_NAME = 60


class SaveDialog(FieldDialog):
    """An overlay over the battle; Enter saves, Esc cancels; a failure stays on screen as a message."""

    title = "Save game as"
    box = (560, 190)

    def __init__(self, default_name: str, folder: Path | None, save: Callable[[str], str | None]) -> None:
        super().__init__(default_name, MAX_NAME, Button("Save", size=15, tip="Save under this name (Enter)"),
                         Button("Cancel", size=15, tip="Close without saving (Esc)"))
        self.folder = folder
        self.save_as = save

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

    def draw_note(self, surface: pygame.Surface, inner: pygame.Rect, y: int) -> None:
        """The refusal, or where the save goes."""
        text, color = self._note()
        draw_text(surface, text[:110], (inner.left, y), 12, color)
