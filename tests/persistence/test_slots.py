"""Save slots, autosaves (the last N kept, one on quit) and resuming after a crash."""

from __future__ import annotations

import datetime
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from malaya.ai.random_bot import RandomBot
from malaya.cli import main
from malaya.engine.gamedef import GameDef
from malaya.engine.sides import Side
from malaya.persistence import (
    Autosaver,
    GameRecord,
    crashed_last_session,
    last_autosave,
    list_slots,
    load_match,
    mark_session_ended,
    mark_session_started,
    resume_candidate,
    save_record,
    saves_dir,
    slot_path,
)
from malaya.persistence.sample import RANDOM_CONTROLLERS

ROOT = Path(__file__).resolve().parents[2]


def test_slots_live_in_the_data_folder_named_by_the_environment(private_data_dir: Path) -> None:
    # then MALAYA_DATA_DIR decides where slots go, and names become safe file names
    assert saves_dir() == private_data_dir / "saves"
    assert slot_path("Before Kota Bharu!") == private_data_dir / "saves" / "before-kota-bharu.json"
    assert slot_path("../../etc/passwd").parent == saves_dir()
    assert slot_path("nul").name == "save-nul.json"


def test_the_slot_list_shows_scenario_turn_side_and_date_newest_first(
    short_game: GameRecord, full_game: GameRecord, private_data_dir: Path,
) -> None:
    # given two saves made at different times, a backup and an unreadable file
    older = save_record(short_game, "Older")
    raw = json.loads(older.read_bytes())
    raw["saved_at"] = (datetime.datetime.now(datetime.UTC) - datetime.timedelta(days=1)).isoformat()
    older.write_text(json.dumps(raw))
    save_record(full_game, "Newer")
    save_record(full_game, "Newer")
    (saves_dir() / "junk.json").write_text("{not json")
    # when the slots are listed
    listing = list_slots()
    # then the readable saves come newest first with their summary, backups left out
    assert [s.name for s in listing.slots] == ["Newer", "Older"]
    newer = listing.slots[0]
    assert (newer.scenario, newer.turn, newer.finished) == ("malaya1941", full_game.match.state.turn, True)
    assert listing.slots[1].side is short_game.match.state.side
    # and the unreadable file is reported, not hidden or fatal
    assert [(p.name, "junk.json: " in why) for p, why in listing.unreadable] == [("junk.json", True)]


def _play_with_autosaves(gd: GameDef, autosaver: Autosaver, player_turns: int) -> tuple[GameRecord, list[Path]]:
    record = GameRecord.new(gd, seed=4, controllers=RANDOM_CONTROLLERS)
    bots = {Side.JP: RandomBot(1), Side.CW: RandomBot(2)}
    written = [p for p in [autosaver.after_action(record)] if p]
    while len(record.tracker.checkpoints) <= player_turns:
        state = record.match.state
        assert record.submit(bots[state.side](gd, state)) is None
        path = autosaver.after_action(record)
        written += [path] if path else []
    return record, written


@pytest.mark.slow
def test_an_autosave_is_written_at_the_start_of_every_player_turn_and_only_the_last_n_kept(gd: GameDef) -> None:
    # given an autosaver keeping 3
    autosaver = Autosaver(keep=3)
    # when a game is played through 5 player-turns into the 6th
    record, written = _play_with_autosaves(gd, autosaver, player_turns=5)
    # then one autosave was written per player-turn start (6), and only the last 3 remain
    assert len(written) == 6
    assert sorted(p.name for p in autosaver.directory.glob("*.json")) == [p.name for p in written[-3:]]
    # and the newest one is the current position, loadable
    newest = last_autosave()
    assert newest is not None and newest.path == written[-1]
    assert load_match(newest.path, gd)[0].state.digest() == record.match.state.digest()


def test_a_quit_autosave_keeps_its_predecessor_as_a_backup(short_game: GameRecord) -> None:
    # when a game is autosaved on quit twice
    autosaver = Autosaver()
    first = autosaver.on_quit(short_game).read_bytes()
    path = autosaver.on_quit(short_game)
    # then the game's own quit slot holds it and its previous quit save is kept as a backup
    assert path.name == f"quit-{short_game.match.seed}-1.json"
    assert (path.parent / f"{path.stem}.bak.json").read_bytes() == first
    assert last_autosave() is not None


def test_after_a_crash_the_last_autosave_is_offered_but_not_after_a_clean_exit(short_game: GameRecord) -> None:
    # given a session that autosaved and then crashed (its marker never removed)
    mark_session_started()
    Autosaver().save_numbered(short_game)
    # then the next start finds the crash and offers the autosave
    assert crashed_last_session()
    offer = resume_candidate()
    assert offer is not None and offer.turn == short_game.match.state.turn
    # when a session ends cleanly, then nothing is offered
    mark_session_ended()
    assert not crashed_last_session() and resume_candidate() is None


def test_cli_saves_lists_every_slot(short_game: GameRecord, capsys: pytest.CaptureFixture[str]) -> None:
    # given one saved slot
    save_record(short_game, "My game")
    # when `malaya saves` runs, then it lists it with its turn and side
    assert main(["saves"]) == 0
    out = capsys.readouterr().out
    state = short_game.match.state
    assert "My game" in out and f"turn {state.turn} {state.side.value}" in out


def test_cli_saves_shows_times_to_the_second_without_microseconds(short_game: GameRecord,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    # given a slot saved now (its header holds the time with microseconds)
    save_record(short_game, "Timed")
    # when `malaya saves` runs, then the time reads YYYY-MM-DD HH:MM:SS, with no microseconds or zone
    assert main(["saves"]) == 0
    out = capsys.readouterr().out
    assert re.search(r", \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\]", out) and not re.search(r"\d\d\.\d{6}", out), out


@pytest.mark.slow
def test_cli_saves_lists_a_file_whose_name_is_not_utf8(short_game: GameRecord, tmp_path: Path) -> None:
    # given a save and a damaged file whose names hold bytes that are not UTF-8
    path = save_record(short_game, "fine")
    odd = path.with_name(os.fsdecode(b"caf\xe9.json"))
    odd.write_bytes(path.read_bytes())
    path.with_name(os.fsdecode(b"junk\xff.json")).write_bytes(b"junk")
    # when `malaya saves` runs on a UTF-8 terminal (strict encoding, as a real terminal's stream)
    result = subprocess.run([sys.executable, "-m", "malaya", "saves"], capture_output=True, cwd=ROOT,
                            env={**os.environ, "PYTHONIOENCODING": "utf-8:strict"}, timeout=120, check=False)
    # then it lists both, the bad bytes shown as �, and exits 0 without a traceback
    out = result.stdout.decode("utf-8")
    assert result.returncode == 0, result.stderr
    assert "caf\ufffd.json" in out and "junk\ufffd.json" in out and b"Traceback" not in result.stderr
