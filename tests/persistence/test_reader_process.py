"""Issue 27: whole saves are read, checked and replayed in the save reader's process, with the same result.

The window hands the work to :class:`SaveReader` so that no frame waits on Python's lock; what comes back
must be what the same call gives in-process: the same record (playing on the caller's own definition
object), the same save, the same one-line refusal.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from malaya.content.campaign import load_game_def
from malaya.engine.gamedef import GameDef
from malaya.persistence import SaveError, load_record, save_record
from malaya.persistence.quick_open import open_record
from malaya.persistence.reader_process import SaveReader
from malaya.persistence.record import GameRecord
from malaya.persistence.replay_log import ReplayLog
from malaya.persistence.sample import play_random
from malaya.resources import scenarios_dir


@pytest.fixture
def reader(gd: GameDef) -> Iterator[SaveReader]:
    """A save reader for the campaign (its worker stopped after the test)."""
    reading = SaveReader(gd)
    yield reading
    reading.close()


def _same_record(ours: GameRecord, theirs: GameRecord) -> None:
    """The two records hold the same game: state, log, events, dice, checkpoints, options, controllers."""
    assert ours.match.state == theirs.match.state and ours.match.log == theirs.match.log
    assert ours.match.events == theirs.match.events
    assert ours.match._dice.getstate() == theirs.match._dice.getstate()
    assert ours.tracker.checkpoints == theirs.tracker.checkpoints
    assert (ours.options, ours.controllers, ours.unchecked) == (theirs.options, theirs.controllers, theirs.unchecked)


def test_a_save_opened_in_the_reader_is_the_one_opened_in_process(gd: GameDef, short_game: GameRecord,
                                                                   reader: SaveReader) -> None:
    # given a saved game of the campaign
    path = save_record(short_game, "short")
    # when it is opened (quick open and full load) in the reader's process and here
    opened, save = reader.open_record(path, gd)
    loaded, _ = reader.load_record(path, gd)
    # then the results are the same, and the match plays on the caller's own definition object
    here, here_save = open_record(path, gd)
    _same_record(opened, here)
    _same_record(loaded, load_record(path, gd)[0])
    assert save == here_save
    assert opened.match.gd is gd and loaded.match.gd is gd and opened.tracker.gd is gd
    assert not reader.definition_sent  # the worker read the installed campaign, whose content hash is the same


@pytest.mark.slow
def test_the_replay_viewer_log_from_the_reader_is_the_one_built_in_process(gd: GameDef, short_game: GameRecord,
                                                                           reader: SaveReader) -> None:
    # given a saved game; when its replay log is built in the reader's process and here
    path = save_record(short_game, "short")
    theirs, ours = reader.replay_log(path, gd), ReplayLog.open(path, gd)
    # then every position and event is the same, on the caller's definition
    assert theirs.gd is gd and theirs.save == ours.save and len(theirs) == len(ours)
    assert all(theirs.state_at(i) == ours.state_at(i) for i in range(len(ours)))


@pytest.mark.slow
def test_a_refusal_from_the_reader_is_the_same_line_as_in_process(gd: GameDef, short_game: GameRecord,
                                                                 reader: SaveReader) -> None:
    # given a save cut short
    path = save_record(short_game, "cut")
    path.write_bytes(path.read_bytes()[:3000])
    # when it is opened in the reader's process, then it is refused with the words the in-process open gives
    with pytest.raises(SaveError) as here:
        open_record(path, gd)
    with pytest.raises(SaveError) as there:
        reader.open_record(path, gd)
    assert str(there.value) == str(here.value) and "cut.json" in str(there.value)


@pytest.mark.slow
def test_a_definition_that_is_not_installed_is_sent_to_the_reader(tmp_path: Path) -> None:
    # given a game of Kampar as changed in a folder of its own (not installed: its content differs)
    folder = tmp_path / "kampar"
    shutil.copytree(scenarios_dir() / "kampar", folder)
    text = (folder / "scenario.toml").read_text(encoding="utf-8")
    text = text.replace('name = "', 'name = "Changed ', 1)
    (folder / "scenario.toml").write_text(text, encoding="utf-8")
    changed = load_game_def(folder / "scenario.toml")
    path = save_record(play_random(changed, seed=3, player_turns=1), "changed")
    reader = SaveReader(changed)
    try:
        # when it is opened through a reader for that definition
        record, _ = reader.open_record(path, changed)
    finally:
        reader.close()
    # then the reader was given the definition, and the game is the one opened here
    _same_record(record, open_record(path, changed)[0])
    assert reader.definition_sent and record.match.gd is changed
