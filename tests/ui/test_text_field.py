"""Issue 13 §11: text entry takes text input, IME composition, cursor keys, selection and the clipboard."""

from __future__ import annotations

import pygame
import pytest

from malaya.ui.widgets.text_field import TextField, clipboard_text, set_clipboard_text


def typed(field: TextField, text: str) -> None:
    """Text input events, as SDL sends them for typed (or input-method committed) text."""
    field.key(pygame.event.Event(pygame.TEXTINPUT, text=text))


def press(field: TextField, key: int, mod: int = 0) -> bool:
    """A key press."""
    return field.key(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""))


@pytest.fixture
def name_field(display: pygame.Surface) -> TextField:
    """A focused save-name field holding "Kampar"."""
    field = TextField("Kampar", digits=False, max_len=20)
    field.focus()
    return field


def test_typed_text_comes_from_text_input_events_not_key_presses(name_field: TextField) -> None:
    # given a field with the caret at the end, when "é" arrives as text input (a dead key, say)
    typed(name_field, " é")
    # then it is inserted; and a bare key press with a character inserts nothing (SDL sends the text separately)
    assert name_field.text == "Kampar é"
    assert not name_field.key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_x, mod=0, unicode="x"))
    assert name_field.text == "Kampar é"


def test_cursor_keys_move_the_caret_and_typing_inserts_there(name_field: TextField) -> None:
    # when Home is pressed and text typed, then it goes in front
    press(name_field, pygame.K_HOME)
    typed(name_field, "At ")
    assert name_field.text == "At Kampar"
    # when → moves one right and Delete removes the next character, Backspace the previous one
    press(name_field, pygame.K_RIGHT)
    press(name_field, pygame.K_DELETE)
    press(name_field, pygame.K_BACKSPACE)
    assert name_field.text == "At mpar"
    # when Ctrl+← jumps a word back, then the caret is at its start
    press(name_field, pygame.K_END)
    press(name_field, pygame.K_LEFT, pygame.KMOD_LCTRL)
    assert name_field.caret == 3


def test_shift_selects_and_typing_replaces_the_selection(name_field: TextField) -> None:
    # when Shift+← three times selects "par" and "ar" is typed
    for _ in range(3):
        press(name_field, pygame.K_LEFT, pygame.KMOD_LSHIFT)
    assert name_field.selected_text() == "par"
    typed(name_field, "ong")
    # then the selection was replaced
    assert name_field.text == "Kamong" and name_field.selection == (6, 6)
    # when Ctrl+A selects all and Backspace deletes it, then the field is empty
    press(name_field, pygame.K_a, pygame.KMOD_LCTRL)
    press(name_field, pygame.K_BACKSPACE)
    assert name_field.text == ""


def test_copy_cut_and_paste_use_the_system_clipboard(name_field: TextField) -> None:
    # given "Kampar" selected, when Ctrl+C copies it, then the clipboard holds it
    press(name_field, pygame.K_a, pygame.KMOD_LCTRL)
    press(name_field, pygame.K_c, pygame.KMOD_LCTRL)
    assert clipboard_text() == "Kampar"
    # when another text is on the clipboard and Ctrl+V pastes at the end (its line break made a space)
    press(name_field, pygame.K_END)
    set_clipboard_text(" line\nbreak")
    press(name_field, pygame.K_v, pygame.KMOD_LCTRL)
    assert name_field.text == "Kampar line break"
    # when a word is selected and cut, then it leaves the field for the clipboard
    press(name_field, pygame.K_LEFT, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT)
    press(name_field, pygame.K_x, pygame.KMOD_LCTRL)
    assert name_field.text == "Kampar line " and clipboard_text() == "break"


@pytest.mark.slow
def test_an_input_method_composition_shows_until_it_is_committed(name_field: TextField,
                                                                  display: pygame.Surface) -> None:
    # when an input method composes text, then it is shown but not yet part of the name
    name_field.rect = pygame.Rect(0, 0, 300, 34)
    name_field.key(pygame.event.Event(pygame.TEXTEDITING, text="まれ", start=2, length=0))
    assert name_field.composing == "まれ" and name_field.text == "Kampar"
    surface = pygame.Surface((320, 40))
    name_field.draw(surface)  # drawn with the composition underlined, no error
    # when it commits, then the committed text is inserted and the composition gone
    typed(name_field, "マレー")
    assert name_field.text == "Kamparマレー" and name_field.composing == ""


def test_the_seed_field_keeps_digits_only_and_its_length(display: pygame.Surface) -> None:
    # given a seed field, when letters and digits are pasted or typed, then only digits up to its length stay
    seed = TextField("", digits=True, max_len=6)
    seed.focus()
    typed(seed, "12a3")
    set_clipboard_text("4567890")
    press(seed, pygame.K_v, pygame.KMOD_LCTRL)
    assert seed.text == "123456"


def test_an_unfocused_field_ignores_everything(display: pygame.Surface) -> None:
    # given a field without focus, when text arrives, then nothing changes and the event is not used
    field = TextField("1234")
    assert not field.key(pygame.event.Event(pygame.TEXTINPUT, text="9")) and field.text == "1234"
