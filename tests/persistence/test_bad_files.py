"""Bad save files give one clear line, change nothing on disk and never crash — in the API and the CLI."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from malaya.cli import main
from malaya.engine.gamedef import GameDef
from malaya.persistence import GameRecord, SaveError, dump_save, load_match, save_record
from malaya.persistence.format import FORMAT_VERSION, MAX_SAVE_BYTES

from .conftest import one_line, snapshot

Edit = Callable[[dict], None]


def _flip_side_of_an_end_phase(raw: dict) -> None:
    """Make the 5th end_phase of the log the other side's (always illegal: not their turn)."""
    ends = [i for i, a in enumerate(raw["actions"]) if a["type"] == "end_phase"]
    action = raw["actions"][ends[4]]
    action["side"] = "CW" if action["side"] == "JP" else "JP"


def _impossible_die(raw: dict) -> None:
    """Record a die roll no die can give."""
    chance = next(a for a in raw["actions"] if a["type"] == "chance")
    chance["value"] = 999


def _set(key: str, value: object) -> Edit:
    return lambda raw: raw.__setitem__(key, value)


def _corrupt_checkpoint(raw: dict) -> None:
    raw["checkpoints"][1]["digest"] = "0" * 64


@pytest.fixture
def saved(short_game: GameRecord, private_data_dir: Path) -> Path:
    """A good save of the short game in the slots folder."""
    return save_record(short_game, "victim")


def _edited(path: Path, edit: Edit) -> Path:
    raw = json.loads(path.read_bytes())
    edit(raw)
    path.write_text(json.dumps(raw), encoding="utf-8")
    return path


BYTES_CASES = {
    "truncated": (lambda data: data[: len(data) // 2], "truncated"),
    "not json": (lambda data: b"PK\x03\x04 this is a zip, not a save", "not a malaya save"),
    "not utf-8": (lambda data: b"\xff\xfe" + data, "not UTF-8"),
    "empty": (lambda data: b"", "empty"),
    "a json list": (lambda data: b"[1, 2, 3]", "expected a JSON object"),
}

EDIT_CASES = {
    "wrong version": (_set("format_version", 0), "unknown format version"),
    "future version": (_set("format_version", FORMAT_VERSION + 1), "made by a newer version of malaya"),
    "different scenario": (_set("scenario_id", "burma1942"), "made for scenario burma1942"),
    "changed scenario": (_set("scenario_hash", "a" * 64), "made with a different version of the scenario"),
    "illegal action": (_flip_side_of_an_end_phase, r"action \d+ \(end_phase\) is illegal: "),
    "impossible die": (_impossible_die, r"action \d+ \(chance\) is illegal: 999 is not a possible outcome"),
    "checkpoint edited": (_corrupt_checkpoint, r"checkpoint at action \d+ \(turn 1 CW\) does not match"),
    "final digest edited": (_set("final_digest", "b" * 64), "final state after action"),
    "summary edited": (_set("turn", 9), "the save says turn 9"),
    "unknown option": (_set("options", ["no_such_option"]), "the game cannot start"),
}


def _expect_refusal(path: Path, gd: GameDef | None, expected: str, folder: Path) -> None:
    """Loading ``path`` raises a one-line SaveError matching ``expected`` and writes nothing."""
    before = snapshot(folder)
    with pytest.raises(SaveError, match=expected) as err:
        load_match(path, gd)
    one_line(str(err.value))
    assert snapshot(folder) == before


@pytest.mark.parametrize("case", BYTES_CASES, ids=list(BYTES_CASES))
def test_a_damaged_file_is_refused_in_one_line_and_nothing_on_disk_changes(
    saved: Path, gd: GameDef, private_data_dir: Path, case: str,
) -> None:
    # given a save whose bytes were damaged
    damage, expected = BYTES_CASES[case]
    saved.write_bytes(damage(saved.read_bytes()))
    # when it is loaded, then it is refused in one line and the folder is untouched
    _expect_refusal(saved, gd, expected, private_data_dir)


@pytest.mark.parametrize("case", EDIT_CASES, ids=list(EDIT_CASES))
def test_an_edited_save_is_refused_in_one_line_and_nothing_on_disk_changes(
    saved: Path, gd: GameDef, private_data_dir: Path, case: str,
) -> None:
    # given a save edited by hand
    edit, expected = EDIT_CASES[case]
    _edited(saved, edit)
    # when it is loaded, then it is refused in one line naming the problem, and the folder is untouched
    _expect_refusal(saved, gd, expected, private_data_dir)


def test_a_save_for_a_scenario_that_is_not_installed_is_refused(saved: Path, private_data_dir: Path) -> None:
    # given a save made for a scenario this installation does not have
    _edited(saved, _set("scenario_id", "burma1942"))
    # when it is loaded without naming a scenario, then it says which scenario it needs
    _expect_refusal(saved, None, "made for scenario burma1942, which is not installed", private_data_dir)


def test_a_huge_file_is_refused_unread(tmp_path: Path, private_data_dir: Path) -> None:
    # given a file larger than any save could be (sparse, so the test writes almost nothing)
    huge = private_data_dir / "saves" / "huge.json"
    huge.parent.mkdir(parents=True)
    with huge.open("wb") as fh:
        fh.truncate(MAX_SAVE_BYTES + 1)
    # when it is loaded, then it is refused as too large
    _expect_refusal(huge, None, "too large", private_data_dir)


def test_a_missing_file_and_a_folder_are_refused_in_one_line(tmp_path: Path, private_data_dir: Path) -> None:
    # when a missing file or a folder is loaded, then each is a one-line SaveError
    _expect_refusal(tmp_path / "nope.json", None, "file not found", private_data_dir)
    _expect_refusal(tmp_path, None, "cannot read the file", private_data_dir)


@pytest.mark.parametrize("case", ["truncated", "illegal action", "future version"])
def test_the_command_line_reports_a_bad_file_in_one_line_with_exit_status_1(
    saved: Path, capsys: pytest.CaptureFixture[str], case: str,
) -> None:
    # given a bad save
    if case in BYTES_CASES:
        saved.write_bytes(BYTES_CASES[case][0](saved.read_bytes()))
    else:
        _edited(saved, EDIT_CASES[case][0])
    # when the command line verifies it
    status = main(["replay", "--verify", str(saved)])
    out = capsys.readouterr()
    # then it prints one line and exits 1
    assert status == 1
    one_line((out.out + out.err).strip())


def test_dump_of_a_loaded_save_is_stable(saved: Path, gd: GameDef) -> None:
    # given a save loaded back
    _, save = load_match(saved, gd)
    # then writing it again gives the same bytes (loading changes nothing)
    assert dump_save(save) == saved.read_bytes()
