"""Issue 16: a save opens at once trusting its log; the full check follows and finds what the quick path trusts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from malaya.engine.actions import ChanceResult
from malaya.engine.gamedef import GameDef
from malaya.persistence import GameRecord, SaveError, load_record, save_record
from malaya.persistence.quick_open import check_opened, check_opened_record, open_record

SAVES = Path(__file__).resolve().parents[2] / "saves"


@pytest.mark.slow
def test_the_quick_open_reaches_the_same_game_as_the_full_load(gd: GameDef) -> None:
    # given the bundled 28-turn game (format 3: with a snapshot at its last checkpoint)
    path = SAVES / "full-game.json"
    # when it is opened quickly and loaded in full
    quick, save = open_record(path, gd)
    full, _ = load_record(path, gd)
    # then both stand at the same state, with the same log and checkpoints
    assert save.snapshot is not None and save.snapshot.action_index == save.checkpoints[-1].action_index
    assert quick.match.state.digest() == full.match.state.digest() == save.final_digest
    assert quick.match.log == full.match.log
    assert quick.tracker.checkpoints == full.tracker.checkpoints
    assert quick.tracker.last_state == full.tracker.last_state
    # and the quick one is marked for its full check, which passes
    assert quick.unchecked is save and full.unchecked is None
    problem, earlier = check_opened_record(quick)
    assert problem is None and check_opened(gd, save) is None
    # and then it has the whole game's events (those the snapshot skipped first) and its dice go on alike
    assert earlier + quick.match.events == full.match.events
    assert quick.match._dice.random() == full.match._dice.random()


def test_a_save_whose_game_ends_elsewhere_is_refused_at_once_with_the_load_message(
        short_game: GameRecord, gd: GameDef) -> None:
    # given a save whose recorded final state is not where its log leads
    path = save_record(short_game, "tampered")
    raw = json.loads(path.read_bytes())
    raw["final_digest"] = "0" * 64
    path.write_text(json.dumps(raw), encoding="utf-8")
    # when it is opened quickly, then it is refused with the full load's message
    with pytest.raises(SaveError) as full:
        load_record(path, gd)
    with pytest.raises(SaveError) as quick:
        open_record(path, gd)
    assert str(quick.value) == str(full.value) and "final state" in str(quick.value)


def test_a_die_the_seed_did_not_give_opens_but_its_full_check_names_it(short_game: GameRecord, gd: GameDef) -> None:
    # given a save in which one recorded die was changed to another outcome the game allows
    path = save_record(short_game, "loaded die")
    raw = json.loads(path.read_bytes())
    at = next(i for i, a in enumerate(raw["actions"]) if a["type"] == "chance")
    real = raw["actions"][at]["value"]
    raw["actions"][at]["value"] = real + 1 if real < 6 else real - 1
    path.write_text(json.dumps(raw), encoding="utf-8")
    # when it is opened quickly (the dice are not checked before the first frame: the game comes out the same)
    record, save = open_record(path, gd)
    # then it is held for its check, and the full check names the die the seed did not give
    assert record.unchecked is save
    problem = check_opened(gd, save)
    assert isinstance(save.actions[at], ChanceResult)
    assert problem is not None and f"action {at + 1}: die" in problem and f"the seed gives {real}" in problem
