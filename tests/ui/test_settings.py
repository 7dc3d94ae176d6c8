"""Settings: saved and read back as JSON; a damaged file gives the defaults and a message."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from malaya.ui.app.settings import (
    Settings,
    fit_to_desktop,
    load_settings,
    save_settings,
    settings_path,
)


def test_settings_survive_a_save_and_load_round_trip(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # given a private config folder and changed settings
    monkeypatch.setenv("MALAYA_CONFIG_DIR", str(tmp_path))
    chosen = Settings().with_(ui_scale=1.5, auto_center=True, animation_speed="fast", window_size=(1600, 1000))
    # when they are saved and loaded again
    assert save_settings(chosen) is None
    loaded, problem = load_settings()
    # then they come back unchanged, from that folder, without a message
    assert loaded == chosen and problem is None
    assert settings_path() == tmp_path / "settings.json" and settings_path().exists()


def test_missing_settings_give_the_defaults_without_a_message(tmp_path: Path) -> None:
    # given no file, when loading, then the defaults and no message
    assert load_settings(tmp_path / "none.json") == (Settings(), None)


@pytest.mark.parametrize("text", ["{not json", '{"ui_scale": 99}', "[1, 2]", '{"window_size": "big"}'])
def test_a_damaged_settings_file_gives_the_defaults_and_says_so(tmp_path: Path, text: str) -> None:
    # given a damaged or invalid settings file
    path = tmp_path / "settings.json"
    path.write_text(text, encoding="utf-8")
    # when loading, then the defaults come back with a message naming the problem, never an exception
    settings, problem = load_settings(path)
    assert settings == Settings() and problem is not None and "damaged" in problem


def test_unknown_fields_from_a_newer_version_are_ignored(tmp_path: Path) -> None:
    # given a file with a field this version does not know
    path = tmp_path / "settings.json"
    path.write_text('{"sound": false, "future_thing": 3}', encoding="utf-8")
    # when loading, then the known field is read and no problem reported
    settings, problem = load_settings(path)
    assert settings.sound is False and problem is None


def test_an_unwritable_settings_folder_is_reported_not_raised(tmp_path: Path) -> None:
    # given a "folder" that is a file, when saving into it, then a message comes back
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert save_settings(Settings(), blocker / "settings.json") is not None


@pytest.mark.parametrize("size", [[-5, 0], [100000, 100000], [0, 800], [1280]])
def test_an_impossible_window_size_falls_back_to_the_default_with_one_message(tmp_path: Path, size: list[int]) -> None:
    """Issue 17: a bad value never stops the game from opening; the other settings are kept."""
    # given a settings file with an impossible window size and a good sound setting
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"window_size": size, "sound": False}), encoding="utf-8")
    # when loading, then the window size is the default, the sound setting is kept, and one message names it
    settings, problem = load_settings(path)
    assert settings == Settings(sound=False)
    assert problem == "Settings file settings.json is damaged (window size); using the defaults for them."


def test_settings_nested_100000_deep_give_the_defaults_not_a_recursion_error(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"window_size": ' + "[" * 100_000 + "]" * 100_000 + "}", encoding="utf-8")
    settings, problem = load_settings(path)
    assert settings == Settings() and problem is not None and "damaged" in problem


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_pipe_named_settings_json_does_not_hang_the_start(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    os.mkfifo(path)
    settings, problem = load_settings(path)
    assert settings == Settings() and problem is not None and "damaged" in problem


@pytest.mark.slow
def test_the_window_is_no_larger_than_the_desktop() -> None:
    # given a saved size larger than the desktop, then the window opens at most desktop-sized
    assert fit_to_desktop((3000, 2000), (1920, 1080)) == (1920, 1080)
    assert fit_to_desktop((1280, 800), (1920, 1080)) == (1280, 800)
    assert fit_to_desktop((1280, 800), None) == (1280, 800)
