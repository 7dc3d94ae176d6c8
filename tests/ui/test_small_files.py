"""Issue 27 §8: lessons.json and settings.json are checked value by value; no file of theirs stops the game.

Each is given a corpus of mutants (hand-picked damage, then Hypothesis edits of a good file): the page that
reads it opens, good entries survive, bad ones are dropped or reset with a toast that names them.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from malaya.persistence import save_record, saves_dir
from malaya.persistence.sample import play_random
from malaya.ui.app.intents import Push, ToLessons
from malaya.ui.app.lessons import Progress, progress_path, read_progress, write_progress
from malaya.ui.app.settings import Settings, load_settings
from malaya.ui.input.keymap import Command, KeyMap
from malaya.ui.screens.keys import KeysScreen
from malaya.ui.screens.lessons import LessonsScreen
from tests.bundled import bundled_game
from tests.ui.client_driver import Driver

LESSON = "1_japan_first_turn"
HOSTILE_PROGRESS = [b"[1]", b"[" * 60_000, b"[" * 100_000 + b"]" * 100_000, b"{" * 50_000, b"\xff\xfe", b"null",
                    b"1e999999999",
                    b'{"1_japan_first_turn": [1]}', b'{"1_japan_first_turn": {"step": "2", "save": "x"}}',
                    b'{"1_japan_first_turn": {"step": 1e400, "save": "x"}}', b'{"../../x": {"step": 1, "save": "x"}}',
                    b'{"1_japan_first_turn": {"step": 1, "save": "/etc/passwd"}}', b"x" * 200_000,
                    b'{"1_japan_first_turn": {"step": true, "save": "x"}}', b'{"1_japan_first_turn": {}}']


def _good_save() -> Path:
    """A real save in the saves folder (what a left lesson points at)."""
    return save_record(play_random(_gd(), seed=5, player_turns=1), "Lesson: first turn")


def _gd():  # type: ignore[no-untyped-def]

    return bundled_game()


@pytest.mark.parametrize("data", HOSTILE_PROGRESS, ids=lambda d: repr(d[:20]))
def test_a_damaged_lessons_file_is_read_as_no_progress_with_a_reason(data: bytes) -> None:
    # given a damaged lessons.json
    progress_path().parent.mkdir(parents=True, exist_ok=True)
    progress_path().write_bytes(data)
    # when it is read, then nothing of it is used, and the reason is one line in plain words
    read = read_progress()
    assert read.entries == {}
    warning = read.warning()
    assert warning is not None and "\n" not in warning and "lessons.json" in warning


def test_good_entries_survive_beside_bad_ones() -> None:
    # given a lessons file with one good entry and two bad ones
    save = _good_save()
    progress_path().parent.mkdir(parents=True, exist_ok=True)
    progress_path().write_text(json.dumps({LESSON: {"step": 3, "save": str(save)},
                                           "2_commonwealth": {"step": -1, "save": str(save)},
                                           "3_x": {"step": 1, "save": "/etc/passwd"}}), encoding="utf-8")
    # when it is read
    read = read_progress()
    # then the good one is kept, the bad ones are named
    assert read.entries == {LESSON: Progress(3, save)}
    assert len(read.dropped) == 2 and "2_commonwealth" in read.dropped[0] and "3_x" in read.dropped[1]
    # and the next write keeps only what checks out
    write_progress("2_commonwealth", None)
    assert set(json.loads(progress_path().read_bytes())) == {LESSON}


def test_a_lessons_file_that_is_a_pipe_is_never_opened() -> None:
    # given a FIFO named lessons.json
    progress_path().parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(progress_path())
    # when it is read, then it is refused from its stat (reading it would block for ever)
    read = read_progress()
    assert read.entries == {} and "not a regular file" in (read.warning() or "")


@pytest.mark.parametrize("data", [b"[1]", b"[" * 100_000, b'{"1_japan_first_turn": 7}'], ids=["list", "deep", "bad"])
def test_learn_to_play_opens_over_a_damaged_lessons_file_with_a_toast(driver: Driver, data: bytes) -> None:
    # given a damaged lessons.json
    progress_path().parent.mkdir(parents=True, exist_ok=True)
    progress_path().write_bytes(data)
    # when Learn to play is opened
    driver.app.apply(Push(ToLessons()))
    driver.frames(1)
    # then the page is there with every lesson to start, and a toast says what was forgotten
    page = driver.app.top
    assert isinstance(page, LessonsScreen) and page.progress == {} and all(page.start)
    assert any("lessons.json" in t.text and t.warning for t in driver.app.toasts)


PROGRESS_VALUES = st.one_of(st.none(), st.booleans(), st.integers(-2, 2000), st.floats(), st.text(max_size=20),
                            st.lists(st.integers(), max_size=3), st.dictionaries(st.text(max_size=5), st.integers(),
                                                                                 max_size=2))


@settings(max_examples=80, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(key=st.one_of(st.just(LESSON), st.text(max_size=70)), field=st.sampled_from(["step", "save", None]),
       value=PROGRESS_VALUES)
@pytest.mark.slow
def test_a_mutated_lessons_file_is_read_entry_by_entry(key: str, field: str | None, value: object) -> None:
    # given a good lessons file, one of whose keys or values is replaced
    saves_dir().mkdir(parents=True, exist_ok=True)
    save = saves_dir() / "lesson.json"
    entry: dict[str, object] = {"step": 2, "save": str(save)}
    if field is not None:
        entry[field] = value
    progress_path().parent.mkdir(parents=True, exist_ok=True)
    progress_path().write_text(json.dumps({key: entry if field is not None else value}), encoding="utf-8")
    # when it is read, then it never raises, and what it keeps is well formed
    read = read_progress()
    for kept in read.entries.values():
        assert type(kept.step) is int and 0 <= kept.step <= 1000
        assert kept.save.resolve().is_relative_to(saves_dir().resolve())
    assert len(read.entries) + len(read.dropped) == 1


def _settings_with(tmp_path: Path, **raw: object) -> tuple[Settings, str | None]:
    """The settings read from a file holding ``raw``."""
    path = tmp_path / "settings.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    return load_settings(path)


@pytest.mark.parametrize(("bindings", "words"), [
    ({"end_phase": "escape"}, "Esc cannot be changed"),
    ({"end_phase": "tab"}, "Tab cannot be changed"),
    ({"help": "return"}, "Enter cannot be changed"),
    ({"cancel": "x"}, "Cancel stays on Esc"),
    ({"help": "e", "grid": "e"}, "were all on E"),
    ({"help": "n"}, "were both on N"),
    ({"no_such_command": "q"}, "is not a command"),
    ({"grid": "not a key"}, "is not a key"),
    ({"grid": 7}, "is not a key"),
])
def test_key_bindings_in_the_settings_file_follow_the_keys_page_rules(
        tmp_path: Path, bindings: dict[str, object], words: str) -> None:
    # given a settings file whose key bindings break a rule the Keys page enforces
    # when it is read
    settings, problem = _settings_with(tmp_path, key_bindings=bindings, sound=False)
    # then the bad bindings are back on their usual keys, the rest is kept, and the message says which and why
    keys = KeyMap.from_settings(settings.key_bindings)
    assert len(set(keys.keys.values())) == len(keys.keys), "one command per key"
    assert keys.keys[Command.CANCEL] == "escape" and settings.sound is False
    assert problem is not None and words in problem and "\n" not in problem


def test_good_key_bindings_are_kept_silently(tmp_path: Path) -> None:
    # given a swap made on the Keys page (End Phase on N, Next unit on E), stored in the settings
    stored = KeyMap.from_settings({}).rebind(Command.END_PHASE, "n").changes()
    # when it is read, then it is kept as it was, with no message
    settings, problem = _settings_with(tmp_path, key_bindings=stored)
    assert problem is None and settings.key_bindings == stored


@pytest.mark.slow
def test_an_unknown_computer_level_is_refused_with_a_reason(tmp_path: Path) -> None:
    # given a settings file asking for a computer level this version does not have
    settings, problem = _settings_with(tmp_path, ai_level="godmode", fullscreen=True)
    # then the level is normal, the rest kept, and the message says why in plain words
    assert settings.ai_level == "normal" and settings.fullscreen
    assert problem == ("The computer's level “godmode” in settings.json is not one of easy, normal, hard; "
                       "using normal.")


def test_the_keys_page_refuses_esc_for_a_command_other_than_cancel(driver: Driver) -> None:
    # given the Keys page waiting for End Phase's new key
    from malaya.ui.app.intents import ToKeys

    driver.app.apply(Push(ToKeys()))
    driver.frames(1)
    page = driver.app.top
    assert isinstance(page, KeysScreen)
    page.waiting = Command.CANCEL
    # when X is pressed for Cancel, then it is refused with the shared rule's reason
    driver.key(pygame.K_x, "x")
    assert driver.app.settings.key_bindings == {} and any("Cancel stays on Esc" in t.text for t in driver.app.toasts)


SETTING_VALUES = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=12),
                           st.lists(st.integers(), max_size=3),
                           st.dictionaries(st.sampled_from([c.value for c in Command] + ["x"]),
                                           st.one_of(st.sampled_from(["e", "n", "escape", "tab", "f1", "x", "q"]),
                                                     st.integers()), max_size=4))


@settings(max_examples=150, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(field=st.sampled_from(sorted(Settings.model_fields)), value=SETTING_VALUES)
@pytest.mark.slow
def test_a_mutated_settings_file_loads_with_every_value_checked(field: str, value: object, tmp_path: Path) -> None:
    # given the default settings file with one value replaced
    raw = {**Settings().model_dump(mode="json"), field: value}
    path = tmp_path / "settings.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    # when it is loaded, then it never raises, the settings are valid, and at most one line says what was reset
    settings, problem = load_settings(path)
    assert Settings.model_validate(settings.model_dump()) == settings
    keys = KeyMap.from_settings(settings.key_bindings)
    assert len(set(keys.keys.values())) == len(keys.keys) and keys.keys[Command.CANCEL] == "escape"
    assert problem is None or "\n" not in problem
