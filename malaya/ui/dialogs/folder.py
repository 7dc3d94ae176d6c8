"""The "Shared folder" dialog of the Play by e-mail page: type the folder to watch (empty: none), Enter or Esc."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from malaya.session.words.catalog import say
from malaya.ui.app.intents import Pop, Transition
from malaya.ui.app.stack import App
from malaya.ui.widgets.field_dialog import FieldDialog
from malaya.ui.widgets.kit import DIM, WARN, Button, draw_text, px, wrap
from malaya.ui.widgets.text_field import TextField

MAX_PATH = 400
HINT = (say("folder_dialog.your_games_write_the_files"))


class FolderDialog(FieldDialog):
    """An overlay over the page; Enter chooses, Esc cancels; a refusal stays on screen, saying why."""

    title = say("folder_dialog.shared_folder")
    box = (640, 250)

    def __init__(self, current: str, choose: Callable[[str], str | None]) -> None:
        super().__init__(current, MAX_PATH,
                         Button(say("folder_dialog.watch_it"), size=15,
                                tip=say("folder_dialog.watch_this_folder_enter")),
                         Button(say("folder_dialog.cancel"), size=15,
                                tip=say("folder_dialog.close_changing_nothing_esc")))
        self.choose = choose

    def dropped(self, path: str) -> None:
        """A dropped folder is typed in."""
        self.field = TextField(path, digits=False, max_len=MAX_PATH, focused=True)

    def confirm(self, app: App) -> Transition | None:
        """Choose the typed folder and close, or show why not."""
        self.problem = self.choose(self.field.text.strip())
        return Pop() if self.problem is None else None

    def draw_note(self, surface: pygame.Surface, inner: pygame.Rect, y: int) -> None:
        """The refusal, or what the shared folder is for."""
        for line in wrap(self.problem or HINT, 12, inner.width):
            draw_text(surface, line, (inner.left, y), 12, WARN if self.problem else DIM)
            y += px(17)
