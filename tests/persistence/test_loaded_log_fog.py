"""R2.5: a loaded game's message log tells each side exactly what it was told while the game was played.

Live, each accepted action's events are fogged with the state right after it; a save opened again tells
its history the same way (``session.told_history``, following the save check's replay), not with the
state now: a move made out of sight stays untold though the unit is seen now.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from malaya.ai.random_bot import RandomBot
from malaya.engine import rules
from malaya.engine.gamedef import GameDef
from malaya.engine.movement import UnitMoved
from malaya.engine.sides import Side
from malaya.persistence import GameRecord, load_record, save_record
from malaya.persistence.quick_open import check_opened_record, open_record
from malaya.session.game_client import GameClient
from malaya.session.log_fog import hidden_enemies
from malaya.session.words.event_text import describe

SEED, ACTIONS = 1, 225
"""Random play that moves units of both sides out of the other's sight and later into it (found by a search)."""


def _played_live(gd: GameDef, humans: frozenset[Side], tmp_path: Path) -> tuple[GameClient, Path]:
    """A game of random play through the client (its logs as told live), saved mid player-turn."""
    names = {side: "human" if side in humans else "random" for side in Side}
    record = GameRecord.new(gd, SEED, (), names)
    client = GameClient(record.match, humans)
    client.after_submit.append(record.sync)
    bots = {Side.JP: RandomBot(SEED * 2 + 1), Side.CW: RandomBot(SEED * 2 + 2)}
    for _ in range(ACTIONS):
        state = record.match.state
        assert not rules.is_terminal(state) and client.submit(bots[state.side](gd, state)) is None
    return client, save_record(record, "fog", tmp_path / "slots")


def _loaded(gd: GameDef, path: Path, humans: frozenset[Side]) -> GameClient:
    """The save opened as the Load page opens it, its history told once the full check has run (SaveCheck)."""
    record, _ = open_record(path, gd)
    assert record.unchecked is not None  # opened from its snapshot, history told later
    client = GameClient(record.match, humans, history_later=True)
    teller = client.history_teller(record.options)
    problem, earlier = check_opened_record(record, teller.step)
    assert problem is None
    client.prepend_events(earlier)
    client.tell_history(*teller.told())
    return client


def _hidden_move_seen_now(gd: GameDef, live: GameClient, viewer: Side) -> str:
    """The line of an enemy move ``viewer`` was not told live, of a unit it sees now (what the old log leaked)."""
    now_hidden = hidden_enemies(gd, live.state, viewer)
    told = set(live.logs[viewer].texts())
    lines = [text for e in live.match.events if isinstance(e, UnitMoved) and gd.side_of(e.unit) is viewer.enemy
             and e.unit not in now_hidden and (text := describe(gd, e)) and text not in told]
    assert lines, "the game must have a move made out of sight by a unit seen now"
    return lines[0]


def _check_side(gd: GameDef, viewer: Side, tmp_path: Path) -> None:
    # given a game played with ``viewer`` at this computer, in which an enemy unit moved out of its sight
    # and is seen now
    humans = frozenset({viewer})
    live, path = _played_live(gd, humans, tmp_path)
    hidden_move = _hidden_move_seen_now(gd, live, viewer)
    # when it is saved and opened again
    loaded = _loaded(gd, path, humans)
    # then its log has no line about the hidden move, and reads line for line as it did live
    assert hidden_move not in loaded.logs[viewer].texts()
    assert loaded.logs[viewer].texts() == live.logs[viewer].texts()
    assert loaded.dice == live.dice


@pytest.mark.slow
def test_the_cw_log_after_loading_tells_no_move_made_out_of_its_sight(gd: GameDef, tmp_path: Path) -> None:
    _check_side(gd, Side.CW, tmp_path)


@pytest.mark.slow
def test_the_jp_log_after_loading_tells_no_move_made_out_of_its_sight(gd: GameDef, tmp_path: Path) -> None:
    _check_side(gd, Side.JP, tmp_path)


@pytest.mark.slow
def test_hotseat_logs_after_loading_read_as_they_did_live(gd: GameDef, tmp_path: Path) -> None:
    # given a hotseat game (two logs, one per side) with moves made out of each side's sight
    humans = frozenset(Side)
    live, path = _played_live(gd, humans, tmp_path)
    hidden = {side: _hidden_move_seen_now(gd, live, side) for side in Side}
    # when it is saved and opened again
    loaded = _loaded(gd, path, humans)
    # then each side's log reads line for line as it did live, without the other side's hidden moves
    for side in Side:
        assert hidden[side] not in loaded.logs[side].texts()
        assert loaded.logs[side].texts() == live.logs[side].texts()


@pytest.mark.slow
def test_a_line_told_live_stays_though_its_unit_is_hidden_now(gd: GameDef, tmp_path: Path) -> None:
    # given a game in which the CW was told of a JP unit that is hidden from it now
    humans = frozenset({Side.CW})
    live, path = _played_live(gd, humans, tmp_path)
    now_hidden = hidden_enemies(gd, live.state, Side.CW)
    told = live.logs[Side.CW].texts()
    kept = [text for e in live.match.events if isinstance(e, UnitMoved) and e.unit in now_hidden
            and (text := describe(gd, e)) and text in told]
    assert kept, "the game must have a move told live of a unit hidden now"
    # when it is saved and opened again
    loaded = _loaded(gd, path, humans)
    # then the line is still told
    assert set(kept) <= set(loaded.logs[Side.CW].texts())


@pytest.mark.slow
def test_a_game_loaded_whole_tells_its_history_as_it_was_told_live(gd: GameDef, tmp_path: Path) -> None:
    # given a hotseat game played live and saved
    humans = frozenset(Side)
    live, path = _played_live(gd, humans, tmp_path)
    # when it is loaded checked in full (as a save without digests, a branch or a lesson is) and its history told
    record, _ = load_record(path, gd)
    loaded = GameClient(record.match, humans, history_later=True)
    loaded.tell_recorded_history(record.options)
    # then each side's log reads line for line as it did live (R2.5)
    for side in Side:
        assert loaded.logs[side].texts() == live.logs[side].texts()
    assert loaded.dice == live.dice
