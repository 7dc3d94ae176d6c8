"""The replay timeline (viewer, branch, report): states match the engine's replay, stepping both ways."""

from __future__ import annotations

from pathlib import Path

import pytest

from malaya.engine.gamedef import GameDef
from malaya.engine.sides import Side
from malaya.persistence import GameRecord, SaveError, load_record, save_record, write_save
from malaya.persistence.branch import branch_record
from malaya.persistence.replay_cursor import ReplayCursor
from malaya.persistence.replay_log import ReplayLog
from malaya.persistence.sample import play_random
from malaya.session.controllers import controller_names
from malaya.session.match import replay
from tests.persistence.conftest import one_line, snapshot


@pytest.fixture(scope="module")
def log(gd: GameDef) -> ReplayLog:
    """Three player-turns of random play, indexed."""
    return ReplayLog.build(gd, play_random(gd, seed=8, player_turns=3).to_save("three"))


def test_every_state_of_the_timeline_is_the_engine_replay_of_that_prefix(gd: GameDef, log: ReplayLog) -> None:
    # given an indexed game; when states are asked for out of order (jumps) and in order (steps)
    save = log.save
    for i in (len(log), 0, 17, 16, 1, len(log) // 2, 33, 32, 31):
        # then each is exactly the engine's replay of the first i actions
        assert log.state_at(i).digest() == replay(gd, save.actions[:i], save.options).digest(), i


@pytest.mark.slow
def test_stepping_forwards_then_backwards_passes_through_the_same_states(log: ReplayLog) -> None:
    # given a cursor at the opening; when it steps to the end, noting each digest
    cursor = ReplayCursor(log)
    forwards = []
    while not cursor.at_end:
        cursor.step(1)
        forwards.append(cursor.state.digest())
    # when it steps back to the opening
    backwards = []
    while cursor.index > 0:
        backwards.append(cursor.state.digest())
        cursor.step(-1)
    # then the states are the same, in reverse order
    assert backwards == forwards[::-1]
    assert log.final.digest() == log.save.final_digest


def test_jumps_land_on_player_turn_and_phase_starts(log: ReplayLog) -> None:
    # given a cursor; when it jumps to game-turn 2
    cursor = ReplayCursor(log)
    cursor.jump_to_turn(2)
    # then it stands at the first state of turn 2, JP
    assert (cursor.state.turn, cursor.state.side) == (2, Side.JP)
    assert log.state_at(cursor.index - 1).turn == 1
    # when it jumps to the next and previous player-turn
    cursor.next_mark(turns=True)
    assert cursor.index in log.turn_starts() and cursor.state.side is Side.CW
    cursor.prev_mark(turns=True)
    assert cursor.state.turn == 2 and cursor.state.side is Side.JP
    # and the next phase changes the phase
    phase = cursor.state.phase
    cursor.next_mark(turns=False)
    assert cursor.state.phase is not phase or cursor.state.side is not Side.JP


def test_playback_advances_at_the_chosen_speed(log: ReplayLog) -> None:
    # given a cursor playing at 5 actions per second; when 1 second passes in 10 frames
    cursor = ReplayCursor(log)
    cursor.set_speed(5)
    cursor.toggle_play()
    for _ in range(10):
        cursor.tick(0.1)
    # then it has applied about 5 actions
    assert 4 <= cursor.index <= 5


@pytest.mark.slow
def test_a_file_that_does_not_replay_is_refused_with_one_line(gd: GameDef, log: ReplayLog, tmp_path: Path) -> None:
    # given a save whose final digest was tampered with
    bad = log.save.model_copy(update={"final_digest": "0" * 64})
    path = write_save(bad, tmp_path / "bad.json", backup=False)
    before = snapshot(tmp_path)
    # when it is opened for replay; then a one-line SaveError, and nothing on disk changed
    with pytest.raises(SaveError) as err:
        ReplayLog.open(path, gd)
    assert "does not match" in one_line(str(err.value))
    assert snapshot(tmp_path) == before


def test_a_branch_is_a_playable_game_whose_saves_replay_from_the_opening(gd: GameDef, log: ReplayLog,
                                                                          tmp_path: Path) -> None:
    # given a replay; when a hotseat game branches off after 20 actions
    record = branch_record(log, 20, controller_names(frozenset(Side)))
    assert record.match.log == list(log.actions[:20])
    assert record.match.state.digest() == log.state_at(20).digest()
    # when it is played on for a player-turn by random bots and saved
    from malaya.ai.random_bot import RandomBot

    bot = RandomBot(3)
    start = len(record.tracker.checkpoints)
    while len(record.tracker.checkpoints) < start + 1:
        assert record.submit(bot(gd, record.match.state)) is None
    path = save_record(record, "branch", tmp_path)
    # then the save loads (every checkpoint checked) to the same position
    loaded, save = load_record(path, gd)
    assert loaded.match.state.digest() == record.match.state.digest()
    assert save.controllers == {Side.JP: "human", Side.CW: "human"}


def test_a_branch_keeps_the_games_dice(gd: GameDef) -> None:
    # given a recorded game and its replay
    original: GameRecord = play_random(gd, seed=21, player_turns=2)
    log = ReplayLog.build(gd, original.to_save("x"))
    # when it branches at the end
    record = branch_record(log, len(log), original.controllers)
    # then the branch's dice continue as the original's would (same seed, same draws)
    assert record.match._dice.getstate() == original.match._dice.getstate()
