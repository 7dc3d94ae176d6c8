"""The example saves committed in saves/ still load with today's engine (else: regenerate them)."""

from __future__ import annotations

from pathlib import Path

import pytest

from malaya.engine.gamedef import GameDef
from malaya.persistence import FORMAT_VERSION, SaveError, load_record, read_save, save_record

SAVES = Path(__file__).resolve().parents[2] / "saves"
REGENERATE = "regenerate with python tools/make_example_saves.py"


@pytest.mark.parametrize("name", ["short-game.json", "full-game.json"])
def test_the_committed_example_saves_still_load(gd: GameDef, name: str) -> None:
    # given an example save made by tools/make_example_saves.py
    path = SAVES / name
    # when it is loaded with the current engine and scenario
    try:
        record, save = load_record(path, gd)
    except SaveError as err:
        pytest.fail(f"{err} — the engine or scenario changed since it was made; {REGENERATE}")
    # then it replays to its recorded final state
    assert record.match.state.digest() == save.final_digest


def test_the_version_1_fixture_still_loads_and_becomes_a_current_save(gd: GameDef, tmp_path: Path) -> None:
    # given the committed version-1 save (no digests: only its actions must stay legal)
    path = SAVES / "v1-opening.json"
    # when it is loaded
    try:
        record, save = load_record(path, gd)
    except SaveError as err:
        pytest.fail(f"an old-format save no longer loads: {err}")
    # then it is the game it recorded, and saving it again writes the current format with checkpoints
    assert save.format_version == FORMAT_VERSION and len(record.match.log) == len(save.actions)
    again = read_save(save_record(record, "v2", tmp_path))
    assert again.format_version == FORMAT_VERSION and again.checkpoints and again.final_digest
