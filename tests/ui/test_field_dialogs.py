"""The two one-field dialogs, Save as (Ctrl+S) and Shared folder (Play by e-mail), work alike (issue 28 item 5)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from malaya.ui.app.intents import Pop
from malaya.ui.dialogs.folder import FolderDialog
from malaya.ui.dialogs.save_as import SaveDialog
from malaya.ui.widgets.field_dialog import FieldDialog


class _App:
    """What the dialogs ask of the app: a toast."""

    def __init__(self) -> None:
        self.toasts: list[str] = []

    def toast(self, text: str, warning: bool = False) -> None:
        """Keep the toast's words."""
        self.toasts.append(text)


def _key(key: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")


def _typed(text: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.TEXTINPUT, text=text)


def _dialogs(chosen: list[str]) -> list[FieldDialog]:
    """A Save as and a Shared folder dialog that note what they were given and accept it."""
    return [SaveDialog("Kampar", None, lambda name: chosen.append(name)),
            FolderDialog("/shared", lambda folder: chosen.append(folder))]


def test_enter_chooses_the_typed_text_and_esc_closes_choosing_nothing(display: pygame.Surface) -> None:
    chosen: list[str] = []
    for dialog in _dialogs(chosen):
        # given the dialog with its suggested text, when more is typed and Enter pressed
        dialog.handle(_typed("x"), _App())  # type: ignore[arg-type]
        # then what the field says is chosen and the dialog closes
        assert dialog.handle(_key(pygame.K_RETURN), _App()) == Pop()  # type: ignore[arg-type]
        # and Esc closes it without choosing again
        assert dialog.handle(_key(pygame.K_ESCAPE), _App()) == Pop()  # type: ignore[arg-type]
    assert chosen == ["Kamparx", "/sharedx"]


def test_typing_after_tab_goes_back_into_the_field(display: pygame.Surface) -> None:
    for dialog in _dialogs([]):
        # given Tab pressed (it leaves the field), when the player types on
        dialog.handle(_key(pygame.K_TAB), _App())  # type: ignore[arg-type]
        assert not dialog.field.focused
        dialog.handle(_typed("!"), _App())  # type: ignore[arg-type]
        # then the field has the focus again and the letter
        assert dialog.field.focused and dialog.field.text.endswith("!")


@pytest.mark.parametrize(("dialog", "after"), [(FolderDialog("", lambda folder: None), "/tmp/dropped"),
                                               (SaveDialog("Kampar", None, lambda name: None), "Kampar")])
def test_a_dropped_folder_is_typed_into_the_shared_folder_dialog_and_ignored_by_save_as(
        display: pygame.Surface, dialog: FieldDialog, after: str) -> None:
    # when a folder is dropped on the window, then only the Shared folder dialog takes it
    dialog.handle(pygame.event.Event(pygame.DROPFILE, file="/tmp/dropped"), _App())  # type: ignore[arg-type]
    assert dialog.field.text == after


def test_a_refusal_stays_on_screen_saying_why(display: pygame.Surface, tmp_path: Path) -> None:
    # given dialogs whose choice is refused
    save = SaveDialog("Kampar", tmp_path, lambda name: "The disk is full.")
    folder = FolderDialog("/nope", lambda path: "That folder does not exist.")
    for dialog, why in ((save, "The disk is full."), (folder, "That folder does not exist.")):
        # when Enter is pressed, then the dialog stays open with the reason
        assert dialog.handle(_key(pygame.K_RETURN), _App()) is None  # type: ignore[arg-type]
        assert dialog.problem == why
        # and it is drawn under the field
        dialog.draw(pygame.Surface((1366, 768)), _App())  # type: ignore[arg-type]
        assert dialog.field.rect.width > 0
    # and Save as refuses an empty name in words
    empty = SaveDialog("", tmp_path, lambda name: None)
    empty.handle(_key(pygame.K_RETURN), _App())  # type: ignore[arg-type]
    assert empty.problem == "Type a name for the save."
