"""The save format: versioned JSON, a stable scenario hash, migrations, refusal of unknown versions."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from malaya.engine.gamedef import GameDef
from malaya.persistence import (
    FORMAT_VERSION,
    GameRecord,
    SaveError,
    dump_save,
    game_def_hash,
    parse_save,
)
from malaya.persistence.migrations import MIGRATIONS

from .conftest import one_line

ROOT = Path(__file__).resolve().parents[2]


def test_a_save_is_plain_json_that_parses_back_to_the_same_save(short_game: GameRecord) -> None:
    # given a save of a game in progress
    save = short_game.to_save("round trip")
    # when it is written to bytes and parsed back
    data = dump_save(save)
    # then the bytes are JSON declaring the format, and parse to an equal save
    assert json.loads(data)["format_version"] == FORMAT_VERSION
    assert parse_save(data) == save


def test_the_save_records_seed_controllers_every_action_and_a_checkpoint_per_player_turn(
    short_game: GameRecord,
) -> None:
    # when a game of two whole player-turns is saved
    save = short_game.to_save("contents")
    # then it holds the seed, the controllers, the whole log and three player-turn checkpoints
    assert save.seed == 7 and set(save.controllers.values()) == {"random"}
    assert list(save.actions) == short_game.match.log
    assert [(c.turn, c.side.value) for c in save.checkpoints] == [(1, "JP"), (1, "CW"), (2, "JP")]
    opening_dice = next(i for i, a in enumerate(save.actions) if a.type != "chance")
    assert save.checkpoints[0].action_index == opening_dice
    # and the last checkpoint is the current position, whose digest is the final one
    assert save.checkpoints[-1].action_index == len(save.actions)
    assert save.checkpoints[-1].digest == save.final_digest == short_game.match.state.digest()


@pytest.mark.slow
def test_the_scenario_hash_is_the_same_in_another_process_with_another_hash_seed(gd: GameDef) -> None:
    # given the hash computed here
    here = game_def_hash(gd)
    # when another interpreter with a different string-hash seed computes it
    code = ("from malaya.content.campaign import load_game_def; from malaya.resources import scenario_file;"
            "from malaya.persistence import game_def_hash; print(game_def_hash(load_game_def(scenario_file())))")
    env = {**os.environ, "PYTHONHASHSEED": "12345", "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    # then it is the same
    assert out.stdout.strip() == here


def test_every_old_format_version_has_a_migration() -> None:
    # then versions 1 .. current-1 each migrate to the next
    assert sorted(MIGRATIONS) == list(range(1, FORMAT_VERSION))


@pytest.mark.parametrize("version", [FORMAT_VERSION + 1, 99])
def test_a_save_from_a_future_version_is_refused_as_made_by_a_newer_malaya(
    short_game: GameRecord, version: int,
) -> None:
    # given a save claiming a newer format version
    raw = json.loads(dump_save(short_game.to_save("future")))
    raw["format_version"] = version
    # when it is parsed, then it is refused with a one-line reason
    with pytest.raises(SaveError, match="made by a newer version of malaya") as err:
        parse_save(json.dumps(raw).encode(), "future.json")
    one_line(str(err.value))


@pytest.mark.parametrize(("change", "expected"), [
    ({"format_version": 0}, "unknown format version"),
    ({"format_version": "2"}, "no format version"),
    ({"kind": "other-game"}, "some other JSON file"),
    ({"seed": "five"}, "seed"),
    ({"controllers": {"JP": "human"}}, "controllers"),
    ({"actions": [{"type": "teleport", "side": "JP"}]}, "actions.0"),
], ids=["version 0", "version as text", "other kind", "bad seed", "one controller", "unknown action"])
def test_a_save_with_a_wrong_version_or_field_is_refused_with_the_field_named(
    short_game: GameRecord, change: dict[str, object], expected: str,
) -> None:
    # given a save with one field changed
    raw = {**json.loads(dump_save(short_game.to_save("bad"))), **change}
    # when it is parsed, then a one-line SaveError names the problem
    with pytest.raises(SaveError, match=expected) as err:
        parse_save(json.dumps(raw).encode(), "bad.json")
    assert str(err.value).startswith("bad.json: ")
    one_line(str(err.value))


def test_a_version_1_save_migrates_to_the_current_shape() -> None:
    # given the committed version-1 fixture
    data = (ROOT / "saves" / "v1-opening.json").read_bytes()
    assert json.loads(data)["version"] == 1
    # when it is parsed
    save = parse_save(data, "v1-opening.json")
    # then it is a current-version save with its old fields renamed and no digests
    assert save.format_version == FORMAT_VERSION and save.scenario_id == "malaya1941"
    assert save.name == "Opening (format 1)" and save.controllers["CW"] == "ai:normal"
    assert save.scenario_hash is None and save.final_digest is None and save.checkpoints == ()
    assert [a.type for a in save.actions] == ["end_phase"]


def test_a_damaged_version_1_save_is_refused_in_one_line() -> None:
    # given a version-1 save missing its log
    raw = json.loads((ROOT / "saves" / "v1-opening.json").read_bytes())
    del raw["log"]
    # when it is parsed, then the migration failure is one line naming the version
    with pytest.raises(SaveError, match="damaged version-1 save") as err:
        parse_save(json.dumps(raw).encode(), "old.json")
    one_line(str(err.value))
