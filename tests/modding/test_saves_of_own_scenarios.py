"""A save of the player's own scenario finds it by id in the user scenarios folder; when it is missing or changed,
opening the save says which, in plain words (issue 27 §5: a save records the scenario's hash)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from malaya.content.campaign import load_game_def
from malaya.engine.sides import Side
from malaya.persistence import GameRecord, SaveError, load_record, save_record
from malaya.runners.scenario_files import new_scenario


@pytest.fixture
def saved(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A save of a new game of my_kampar, a scenario of the player's own."""
    monkeypatch.setenv("MALAYA_DATA_DIR", str(tmp_path / "data"))
    folder = new_scenario("my_kampar", "kampar")
    record = GameRecord.new(load_game_def(folder / "scenario.toml"), seed=3,
                            controllers={Side.JP: "human", Side.CW: "ai:easy"})
    return save_record(record, "my game", tmp_path / "saves")


@pytest.mark.slow
def test_a_save_of_an_own_scenario_opens_by_its_id(saved: Path) -> None:
    """Given the save, when it is opened without a game definition, then the scenario is found in the user folder."""
    loaded, save = load_record(saved)
    assert loaded.match.gd.scenario.id == save.scenario_id == "my_kampar"


@pytest.mark.slow
def test_a_missing_scenario_is_named(saved: Path, tmp_path: Path) -> None:
    """Given the scenario's folder deleted, when the save is opened, then the message names the scenario and where
    it was looked for."""
    shutil.rmtree(tmp_path / "data" / "scenarios" / "my_kampar")
    with pytest.raises(SaveError, match="made for scenario my_kampar, which is not installed \\(neither bundled nor "
                                        "in your scenarios folder"):
        load_record(saved)


@pytest.mark.slow
def test_a_changed_scenario_is_named(saved: Path, tmp_path: Path) -> None:
    """Given the scenario's file changed since the save, when the save is opened, then the message says so."""
    path = tmp_path / "data" / "scenarios" / "my_kampar" / "scenario.toml"
    path.write_text(path.read_text(encoding="utf-8").replace("cw_vp_per_jp_step = 2", "cw_vp_per_jp_step = 3"),
                    encoding="utf-8")
    with pytest.raises(SaveError, match="made with a different version of the scenario my_kampar"):
        load_record(saved)
