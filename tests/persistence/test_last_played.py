"""Issue 27 §8 and issue 26 §9: Continue means the game the player last played, never a finished one."""

from __future__ import annotations

import json
from pathlib import Path

from malaya.engine.gamedef import GameDef
from malaya.persistence import GameRecord, save_record, saves_dir
from malaya.persistence.autosave import autosave_dir
from malaya.persistence.last_played import MARK, last_played, note_played


def _future_dated(record: GameRecord, name: str) -> Path:
    """A save of ``record`` whose date is in the year 2999."""
    path = save_record(record, name)
    raw = json.loads(path.read_bytes())
    raw["saved_at"] = "2999-01-01T00:00:00+00:00"
    path.write_text(json.dumps(raw), encoding="utf-8")
    return path


def test_continue_is_the_game_last_written_not_the_newest_date(short_game: GameRecord) -> None:
    # given a save dated in the year 2999 and then a game the player played (written after it)
    _future_dated(short_game, "from the future")
    played = save_record(short_game, "what I played")
    note_played(played, finished=False)
    # when Continue asks for the game last played, then it is the game played, not the future-dated one
    slot = last_played()
    assert slot is not None and slot.path == played and slot.name == "what I played"


def test_nothing_to_continue_before_any_game_is_played(short_game: GameRecord) -> None:
    # given saves on disk (even one dated in the future) but no game played by this player yet
    _future_dated(short_game, "from the future")
    # when Continue asks, then there is nothing to continue: no guess from dates or file times
    assert last_played() is None


def test_a_finished_game_is_never_offered_to_continue(full_game: GameRecord, short_game: GameRecord) -> None:
    # given a game played to its end (R15) and noted as the last played
    assert full_game.match.state.finished
    note_played(save_record(full_game, "over"), finished=True)
    # when Continue asks, then nothing is offered
    assert last_played() is None
    # and even a marker that says unfinished is not trusted over the file: a finished save is never continued
    note_played(save_record(full_game, "over"), finished=False)
    assert last_played() is None


def test_a_deleted_or_damaged_last_game_or_marker_offers_nothing(short_game: GameRecord) -> None:
    # given the game last played, then deleted
    path = save_record(short_game, "gone")
    note_played(path, finished=False)
    path.unlink()
    # then nothing is offered
    assert last_played() is None
    # given markers that are damaged or point out of the saves folder, then nothing is offered either
    mark = autosave_dir() / MARK
    for text in ("[1]", '{"file": "../../etc/passwd", "finished": false}', "{" * 5000, "\xff", "x" * 10000,
                 '{"file": "/etc/passwd", "finished": false}', '{"file": "", "finished": false}'):
        mark.write_text(text, encoding="utf-8", errors="surrogateescape")
        assert last_played() is None, text
    assert saves_dir().is_dir()


def test_a_marker_that_is_a_pipe_is_not_opened(tmp_path: Path, gd: GameDef) -> None:
    # given a FIFO where the marker should be
    import os

    mark = autosave_dir() / MARK
    mark.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(mark)
    # when Continue asks, then it answers at once (the pipe is never opened) with nothing to continue
    assert last_played() is None
