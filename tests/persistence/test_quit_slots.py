"""Leaving a game never loses it (issue 13 §1): every game left gets its own quit autosave, listed with the
autosaves; the Resume offer after a crash never names a finished game."""

from __future__ import annotations

from malaya.engine.actions import EndPhase
from malaya.engine.gamedef import GameDef
from malaya.persistence import (
    Autosaver,
    GameRecord,
    list_slots,
    load_match,
    mark_session_started,
    resume_candidate,
)
from malaya.persistence.autosave import autosave_dir


def _fresh_game(gd: GameDef, seed: int) -> GameRecord:
    """A new game of ``seed`` with its first phase ended (so it has a log)."""
    record = GameRecord.new(gd, seed)
    assert record.submit(EndPhase(side=record.match.state.side)) is None
    return record


def test_leaving_two_games_keeps_both_in_their_own_listed_slots(gd: GameDef, full_game: GameRecord) -> None:
    """Given a game in progress left, when a finished game is left after it, then both are on the autosave list."""
    autosaver = Autosaver()
    first = autosaver.on_quit(_fresh_game(gd, 11))
    second = autosaver.on_quit(full_game)
    assert first != second and first.is_file() and second.is_file()
    listed = {s.path for s in list_slots(autosave_dir()).slots}
    assert {first, second} <= listed
    assert load_match(first, gd)[0].seed == 11


def test_leaving_the_same_game_again_rewrites_its_own_slot(gd: GameDef) -> None:
    """Given a game left once, when it is played on and left again, then its own slot holds the newer position."""
    autosaver = Autosaver()
    record = _fresh_game(gd, 12)
    path = autosaver.on_quit(record)
    assert record.submit(EndPhase(side=record.match.state.side)) is None
    assert autosaver.on_quit(record) == path
    assert len(load_match(path, gd)[0].log) == len(record.match.log)
    assert len([p for p in autosave_dir().glob("quit-*.json") if not p.stem.endswith(".bak")]) == 1


def test_resume_after_a_crash_never_offers_a_finished_game(gd: GameDef, full_game: GameRecord) -> None:
    """Given a game in progress and then a finished game left, when the last session crashed, then the game in
    progress is offered."""
    autosaver = Autosaver()
    running = autosaver.on_quit(_fresh_game(gd, 13))
    autosaver.on_quit(full_game)
    mark_session_started()
    offer = resume_candidate()
    assert offer is not None and offer.path == running and not offer.finished
