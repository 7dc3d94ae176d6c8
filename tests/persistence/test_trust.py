"""Issue 17: a save says only what its game did, its dice come from the seed, and no file hangs or floods.

Every reader — loading, ``replay --verify``, the replay log (viewer and report), and opening a save to
play with its full check after the first frame (issue 16) — applies one check; the slot list applies
the header part of it.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from malaya.cli import main
from malaya.engine.gamedef import GameDef
from malaya.persistence import (
    GameRecord,
    ReplayLog,
    SaveError,
    list_slots,
    load_match,
    save_record,
    slot_path,
    sweep_interrupted_saves,
    verify_replay,
)
from malaya.persistence.format import max_actions
from malaya.persistence.quick_open import check_opened, open_record
from malaya.persistence.reading import read_checked

from .conftest import one_line, snapshot

Edit = Callable[[dict], None]


@pytest.fixture
def saved(short_game: GameRecord, private_data_dir: Path) -> Path:
    """A good save of the short game (two player-turns, with dice) in the slots folder."""
    return save_record(short_game, "victim")


def _edit(path: Path, edit: Edit) -> Path:
    raw = json.loads(path.read_bytes())
    edit(raw)
    path.write_text(json.dumps(raw), encoding="utf-8")
    return path


def _refusals(path: Path, gd: GameDef) -> list[str]:
    """The one-line refusal of each reader (load, replay log, open and check, verify); all must refuse."""
    messages = []
    for read in (lambda: load_match(path, gd), lambda: ReplayLog.open(path, gd)):
        with pytest.raises(SaveError) as err:
            read()
        messages.append(one_line(str(err.value)))
    try:
        record, save = open_record(path, gd)
        problem = check_opened(gd, save) if record.unchecked is not None else None
        messages.append(f"{path.name}: {problem}" if problem else "open and check accepted it")
    except SaveError as err:
        messages.append(one_line(str(err)))
    try:
        report = verify_replay(path, gd)
        messages.append(one_line(report.line()) if not report.ok else "verify accepted it")
    except SaveError as err:
        messages.append(one_line(str(err)))
    return messages


def _all_refuse(path: Path, gd: GameDef, expected: str, folder: Path) -> None:
    before = snapshot(folder)
    messages = _refusals(path, gd)
    assert all(expected in m for m in messages), messages
    assert snapshot(folder) == before


def _chance_with_choice(raw: dict) -> int:
    """The index of the first recorded die roll."""
    return next(i for i, a in enumerate(raw["actions"]) if a["type"] == "chance")


def test_a_phase_no_game_has_is_refused_by_every_reader_and_the_slot_list(saved: Path, gd: GameDef,
                                                                          private_data_dir: Path) -> None:
    # given a save whose summary says the phase is "lunch"
    _edit(saved, lambda raw: raw.__setitem__("phase", "lunch"))
    # then every reader refuses it, naming the field, and the slot list reports it unreadable
    _all_refuse(saved, gd, "phase: Input should be 'supply'", private_data_dir)
    assert [p.name for p, _ in list_slots().unreadable] == ["victim.json"]


def test_a_summary_that_is_not_the_replayed_game_is_refused_naming_the_field(saved: Path, gd: GameDef,
                                                                             private_data_dir: Path) -> None:
    # given a save claiming to be finished, and one claiming the combat phase
    _edit(saved, lambda raw: raw.__setitem__("finished", True))
    # then every reader (the report's replay log too) names the field and the game's real position
    _all_refuse(saved, gd, "the save says finished but the game is at turn 2, JP", private_data_dir)
    _edit(saved, lambda raw: (raw.__setitem__("finished", False), raw.__setitem__("phase", "combat")))
    _all_refuse(saved, gd, "the save says phase combat but the game is at turn 2, JP", private_data_dir)


@pytest.mark.parametrize("text, expected", [
    ('"turn": 1e30', "turn: Input should be a valid integer"),
    ('"turn": 2, "turn": 2', "the key 'turn' appears twice"),
])
def test_a_float_turn_or_a_repeated_key_is_refused_everywhere(saved: Path, gd: GameDef, private_data_dir: Path,
                                                              text: str, expected: str) -> None:
    # given a save whose header has a float turn or says "turn" twice
    data = saved.read_text(encoding="utf-8")
    saved.write_text(data.replace('"turn":2', text, 1), encoding="utf-8")
    # then every reader and the slot list refuse it
    _all_refuse(saved, gd, expected, private_data_dir)
    assert list_slots().unreadable and not list_slots().slots


def test_a_checkpoint_in_a_phase_no_game_has_is_refused(saved: Path, gd: GameDef, private_data_dir: Path) -> None:
    _edit(saved, lambda raw: raw["checkpoints"][1].__setitem__("phase", "lunch"))
    _all_refuse(saved, gd, "checkpoints.1.phase: Input should be 'supply'", private_data_dir)


def test_a_checkpoint_in_another_real_phase_is_refused_by_every_reader(saved: Path, gd: GameDef,
                                                                       private_data_dir: Path) -> None:
    _edit(saved, lambda raw: raw["checkpoints"][1].__setitem__("phase", "combat"))
    _all_refuse(saved, gd, "the save has combat", private_data_dir)


@pytest.mark.parametrize("key", ["final_digest", "scenario_hash"])
def test_a_current_save_cannot_switch_its_integrity_checks_off_with_null(saved: Path, gd: GameDef,
                                                                         private_data_dir: Path, key: str) -> None:
    # given a version-2 save whose digest or scenario hash is null (only the v1 migration makes those)
    _edit(saved, lambda raw: raw.__setitem__(key, None))
    # then it is refused, naming the field
    _all_refuse(saved, gd, f"{key}: missing: only a version-1 save may lack it", private_data_dir)


def test_a_die_the_seed_did_not_give_is_refused_even_if_the_game_comes_out_the_same(
        saved: Path, gd: GameDef, private_data_dir: Path) -> None:
    # given a save where a recorded die was changed to another possible outcome
    raw = json.loads(saved.read_bytes())
    at = _chance_with_choice(raw)
    real = raw["actions"][at]["value"]
    other = real + 1 if real < 6 else real - 1
    _edit(saved, lambda r: r["actions"][at].__setitem__("value", other))
    # then every reader refuses it, naming the action, the die and what the seed gives
    expected = f"action {at + 1}: die {other}, but the seed gives {real}"
    _all_refuse(saved, gd, expected, private_data_dir)


def test_a_changed_seed_is_refused(saved: Path, gd: GameDef, private_data_dir: Path) -> None:
    # given a save whose seed was changed (so later dice would differ)
    _edit(saved, lambda raw: raw.__setitem__("seed", raw["seed"] + 1))
    # then every reader refuses it at the first die the new seed does not give
    _all_refuse(saved, gd, "but the seed gives", private_data_dir)


def test_an_unknown_computer_player_is_refused_with_a_reason(saved: Path, gd: GameDef,
                                                             private_data_dir: Path) -> None:
    _edit(saved, lambda raw: raw["controllers"].__setitem__("CW", "ai:godmode"))
    _all_refuse(saved, gd, "controllers: CW: 'ai:godmode' is not a player this version knows", private_data_dir)
    assert "godmode" in list_slots().unreadable[0][1]


def test_malaya_saves_prints_no_control_characters(saved: Path, short_game: GameRecord,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    # given a save whose name would set the terminal title and clear the screen
    _edit(save_record(short_game, "x"), lambda raw: raw.__setitem__("name", "\x1b]0;owned\x07\x1b[2Jevil\x9b"))
    (saved.parent / "bad\x1b[2J.json").write_text("{", encoding="utf-8")
    # when the slots are listed, then no control character reaches the terminal
    assert main(["saves"]) == 0
    out = capsys.readouterr().out
    assert "owned" in out and "evil" in out and "bad" in out
    assert not any(ord(c) < 32 and c != "\n" or 0x7f <= ord(c) <= 0x9f for c in out), repr(out)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_fifo_or_folder_named_json_is_listed_unreadable_and_never_opened(
        saved: Path, gd: GameDef, capsys: pytest.CaptureFixture[str]) -> None:
    # given a FIFO (nobody writes to it: opening it for reading would hang) and a folder named *.json
    os.mkfifo(saved.parent / "pipe.json")
    (saved.parent / "folder.json").mkdir()
    # when the slots are listed and the pipe is loaded, then neither hangs
    listing = list_slots()
    assert sorted(p.name for p, _ in listing.unreadable) == ["folder.json", "pipe.json"]
    assert any("it is a pipe" in why for _, why in listing.unreadable)
    assert [s.name for s in listing.slots] == ["victim"]
    with pytest.raises(SaveError, match="it is a pipe, not a save"):
        load_match(saved.parent / "pipe.json", gd)
    # and `malaya saves` lists them as unreadable
    assert main(["saves"]) == 0
    assert "unreadable: pipe.json: cannot read the file: it is a pipe, not a save" in capsys.readouterr().out


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_the_resume_check_does_not_hang_on_a_fifo_autosave(private_data_dir: Path) -> None:
    from malaya.persistence import mark_session_started, resume_candidate
    from malaya.persistence.autosave import autosave_dir

    mark_session_started()
    os.mkfifo(autosave_dir() / "auto-000001.json")
    assert resume_candidate() is None


def test_a_log_longer_than_the_scenario_can_hold_is_refused_before_models_are_built(
        saved: Path, gd: GameDef, private_data_dir: Path) -> None:
    # given a save padded with more tiny actions than a 28-turn game can hold
    limit = max_actions(gd.scenario.calendar.turns)
    tiny = {"type": "end_phase", "side": "JP"}
    _edit(saved, lambda raw: raw["actions"].extend([tiny] * (limit + 1 - len(raw["actions"]))))
    # then every reader refuses it, saying why
    _all_refuse(saved, gd, f"more than a game of this scenario can (at most {limit:,})", private_data_dir)


def test_a_file_of_many_tiny_values_is_refused_before_it_is_parsed(saved: Path, gd: GameDef,
                                                                  private_data_dir: Path) -> None:
    # given a save whose checkpoints begin with a list of a million tiny values (memory, not actions)
    data = saved.read_text(encoding="utf-8")
    saved.write_text(data.replace('"checkpoints":[', '"checkpoints":[[' + ",".join(["1"] * 1_000_000) + "],", 1))
    # then the readers refuse it in one line; the slot list does not even read that far
    with pytest.raises(SaveError, match="far more data than a game of this scenario can"):
        read_checked(saved, gd)


def test_the_slot_list_reads_only_the_header(saved: Path, gd: GameDef) -> None:
    # given a save followed by 8 MiB of junk after the start of its log
    data = saved.read_bytes()
    at = data.index(b'"actions":') + len(b'"actions":')
    saved.write_bytes(data[:at] + b"[" + b"0," * (4 * 2**20) + b"0]}")
    # when the slots are listed, then it is listed from its header alone, quickly
    started = time.perf_counter()
    listing = list_slots()
    assert [s.name for s in listing.slots] == ["victim"] and time.perf_counter() - started < 1.0
    # and loading it is refused
    with pytest.raises(SaveError):
        load_match(saved, gd)


def test_temporary_files_of_a_killed_save_are_swept_at_start(saved: Path) -> None:
    # given a temp file whose writer is gone, and one whose writer (this process) is alive
    dead = 2**22 + 12345  # above any pid this machine hands out
    orphan = saved.parent / f".victim.json.{dead}.abcd1234.tmp"
    mine = saved.parent / f".victim.json.{os.getpid()}.abcd1234.tmp"
    orphan.write_bytes(b"{")
    mine.write_bytes(b"{")
    # when the program starts
    sweep_interrupted_saves()
    # then the orphan is gone at once (not ten minutes later) and the live writer's file stays
    assert not orphan.exists() and mine.exists()


def test_names_in_other_scripts_get_their_own_slots_and_keep_their_names(short_game: GameRecord) -> None:
    # given three saves named only in Japanese, and two names that differ only in punctuation
    names = ["マレー作戦", "シンガポール", "ペナン", "Save 1", "save-1!"]
    for name in names:
        save_record(short_game, name)
    save_record(short_game, names[0])  # a second save of the first name replaces its own slot only
    # then each name has its own file, and the list shows every name as typed
    listing = list_slots()
    assert sorted(s.name for s in listing.slots) == sorted(names)
    assert len({s.path for s in listing.slots}) == len(names)
    assert all(slot_path(n).name.isascii() for n in names)
    assert slot_path(names[0]) == next(s.path for s in listing.slots if s.name == names[0])


def test_a_loaded_name_holds_no_control_characters_for_any_screen(short_game: GameRecord, gd: GameDef) -> None:
    # given a save whose name carries terminal escapes, then the loaded save's name (shown by the
    # Load page, the replay viewer, the branch note and the report) has them as spaces; letters stay
    path = _edit(save_record(short_game, "plain"), lambda raw: raw.__setitem__("name", "マレー\x1b[2J作戦\x07"))
    assert b"\\u001b" in path.read_bytes()
    assert load_match(path, gd)[1].name == "マレー [2J作戦 "
    # and saving that name again goes to the same slot, not a new one each time
    assert save_record(short_game, "マレー\x1b[2J作戦\x07") == save_record(short_game, "マレー\x1b[2J作戦\x07")


def test_the_report_refuses_a_summary_lie_and_writes_nothing(saved: Path, tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    # given a save that says it is finished although its game is at turn 2
    _edit(saved, lambda raw: raw.__setitem__("finished", True))
    out = tmp_path / "report"
    # when `malaya report` is run on it, then it fails in one line and writes no report
    assert main(["report", str(saved), "--out", str(out)]) != 0
    assert "the save says finished but the game is at turn 2" in one_line(capsys.readouterr().err.strip())
    assert not out.exists()
