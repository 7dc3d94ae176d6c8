"""Save → load gives back the same game: same state, same log, and dice that go on as before."""

from __future__ import annotations

from pathlib import Path

import pytest

from malaya.ai.random_bot import RandomBot
from malaya.engine.actions import ChanceResult
from malaya.engine.gamedef import GameDef
from malaya.engine.sides import Side
from malaya.engine.state import PHASE_ORDER, Phase
from malaya.persistence import GameRecord, load_match, load_record, save_match, save_record
from malaya.persistence.sample import RANDOM_CONTROLLERS

PLAYER_PHASES = {p for p in PHASE_ORDER if p not in (Phase.SUPPLY, Phase.END)}


def test_a_save_in_every_phase_of_a_player_turn_loads_to_the_same_state(gd: GameDef, tmp_path: Path) -> None:
    # given a random game played through two whole player-turns
    record = GameRecord.new(gd, seed=3, controllers=RANDOM_CONTROLLERS)
    bots = {Side.JP: RandomBot(7), Side.CW: RandomBot(8)}
    saved: dict[tuple[int, Side, Phase], Path] = {}
    digests: dict[tuple[int, Side, Phase], str] = {}
    while len(record.tracker.checkpoints) <= 2:
        state = record.match.state
        key = (state.turn, state.side, state.phase)
        # when it is saved once in every phase it passes through
        if key not in saved:
            saved[key] = save_record(record, f"{key[0]} {key[1].value} {key[2].value}", tmp_path)
            digests[key] = state.digest()
        assert record.submit(bots[state.side](gd, state)) is None
    assert {phase for _, _, phase in saved} == PLAYER_PHASES
    # then every save loads back to exactly the state it was made in
    for key, path in saved.items():
        match, save = load_match(path, gd)
        assert match.state.digest() == digests[key] == save.final_digest
        assert (save.turn, save.side, save.phase) == (key[0], key[1], key[2].value)


def test_a_loaded_game_goes_on_with_the_same_dice_as_the_original(gd: GameDef, tmp_path: Path) -> None:
    # given a random game saved at the start of its second player-turn
    record = GameRecord.new(gd, seed=9, controllers=RANDOM_CONTROLLERS)
    bots = {Side.JP: RandomBot(1), Side.CW: RandomBot(2)}
    path = None
    while len(record.tracker.checkpoints) <= 4:
        if path is None and len(record.tracker.checkpoints) == 2:
            path = save_record(record, "midgame", tmp_path)
        state = record.match.state
        assert record.submit(bots[state.side](gd, state)) is None
    assert path is not None
    # when it is loaded and the original's later player actions are submitted again
    loaded, save = load_record(path, gd)
    later = record.match.log[len(save.actions):]
    assert any(isinstance(a, ChanceResult) for a in later), "the continuation should roll some dice"
    for action in later:
        if not isinstance(action, ChanceResult):
            assert loaded.submit(action) is None
    # then the loaded game rolled the same dice and reached the same position
    assert loaded.match.log == record.match.log
    assert loaded.match.state.digest() == record.match.state.digest()
    # and its checkpoints went on exactly as the original's
    assert loaded.tracker.checkpoints == record.tracker.checkpoints


def test_save_match_records_a_plain_match_with_its_checkpoints(short_game: GameRecord, tmp_path: Path) -> None:
    # given a bare match (not played through a GameRecord)
    match = short_game.match
    # when it is saved with save_match and loaded
    path = save_match(match, "plain", {Side.JP: "human", Side.CW: "ai:normal"}, folder=tmp_path)
    loaded, save = load_match(path, short_game.match.gd)
    # then the checkpoints equal those taken live, and the state is the same
    assert list(save.checkpoints) == short_game.tracker.checkpoints
    assert loaded.state.digest() == match.state.digest()
    assert save.controllers == {Side.JP: "human", Side.CW: "ai:normal"}


def test_a_finished_campaign_saves_and_loads(full_game: GameRecord, tmp_path: Path) -> None:
    # given a whole random campaign, played to its end
    end = full_game.match.state
    assert end.finished
    # when it is saved and loaded
    match, save = load_match(save_record(full_game, "full", tmp_path), full_game.match.gd)
    # then the final state comes back, with one checkpoint per player-turn played
    assert save.finished and match.state.digest() == end.digest()
    assert len(save.checkpoints) == 2 * (end.turn - 1) + (1 if end.side is Side.JP else 2)


def test_recording_a_match_with_the_wrong_options_is_refused_at_once(short_game: GameRecord) -> None:
    # given a match started without options
    match = short_game.match
    option = match.gd.scenario.options[0].id
    # when it is recorded as if an option had been bought, then the mismatch is caught before any save
    with pytest.raises(ValueError, match="were these its options"):
        GameRecord.of(match, options=[option])


@pytest.mark.slow
def test_saves_load_from_a_plain_string_path_as_well(short_game: GameRecord, tmp_path: Path) -> None:
    # given a game saved into a folder named by a string
    from malaya.persistence import load_match, save_record

    path = save_record(short_game, "strings", str(tmp_path))
    # when it is loaded by a string path, then it is the same game
    match, save = load_match(str(path), short_game.match.gd)
    assert match.state.digest() == short_game.match.state.digest()
    assert save.name == "strings"
