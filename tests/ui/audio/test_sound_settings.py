"""The sound settings (issue 15 §4): master, effects and music volumes and the sound switch, remembered."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from malaya.ui.app.settings import Settings, load_settings, save_settings


def test_given_no_choice_then_sound_is_on_at_master_80_effects_100_music_50_percent() -> None:
    settings = Settings()
    volumes = (settings.master_volume, settings.effects_volume, settings.music_volume)
    assert (settings.sound, *volumes) == (True, 80, 100, 50)


def test_when_volumes_and_the_switch_are_saved_then_they_come_back(tmp_path: Path) -> None:
    chosen = Settings().with_(sound=False, master_volume=35, effects_volume=0, music_volume=100)
    path = tmp_path / "settings.json"
    assert save_settings(chosen, path) is None
    assert load_settings(path) == (chosen, None)


@pytest.mark.parametrize("field", ["master_volume", "effects_volume", "music_volume"])
@pytest.mark.parametrize("value", [-1, 101])
def test_given_a_volume_outside_0_to_100_percent_then_it_is_refused(field: str, value: int) -> None:
    with pytest.raises(ValidationError):
        Settings().with_(**{field: value})


def test_given_a_file_with_a_volume_out_of_range_then_the_defaults_come_back_with_a_message(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"music_volume": 250}', encoding="utf-8")
    settings, problem = load_settings(path)
    assert settings == Settings() and problem is not None and "damaged" in problem
