"""A save's ``phase`` (and each checkpoint's) is a Phase enum value, validated on load (issue 12, R3.1)."""

from __future__ import annotations

import json

import pytest

from malaya.engine.state import Phase
from malaya.persistence import GameRecord, SaveError, dump_save, parse_save

from .conftest import one_line


def test_given_a_save_when_parsed_then_its_phase_and_checkpoint_phases_are_phase_members(
    short_game: GameRecord,
) -> None:
    # given a save of a game in progress, when it is parsed back
    save = parse_save(dump_save(short_game.to_save("phases")), "phases.json")
    # then its phase is the engine's Phase, not free text
    assert save.phase is short_game.match.state.phase and isinstance(save.phase, Phase)
    assert all(isinstance(c.phase, Phase) for c in save.checkpoints)


@pytest.mark.parametrize("phase", ["lunch", "Movement", "", 3])
def test_given_a_save_whose_phase_is_not_a_phase_of_the_turn_when_parsed_then_it_is_refused_naming_phase(
    short_game: GameRecord, phase: object,
) -> None:
    # given a save whose phase names no phase of the sequence of play (R3.1)
    raw = {**json.loads(dump_save(short_game.to_save("bad phase"))), "phase": phase}
    # when it is parsed, then a one-line SaveError names the field
    with pytest.raises(SaveError, match="phase") as err:
        parse_save(json.dumps(raw).encode(), "bad.json")
    one_line(str(err.value))


def test_given_a_checkpoint_whose_phase_is_not_a_phase_when_parsed_then_the_save_is_refused(
    short_game: GameRecord,
) -> None:
    # given a save whose first checkpoint claims a phase that does not exist
    raw = json.loads(dump_save(short_game.to_save("bad checkpoint")))
    raw["checkpoints"][0]["phase"] = "teatime"
    # when it is parsed, then it is refused with the checkpoint's field named
    with pytest.raises(SaveError, match="checkpoints.0.phase") as err:
        parse_save(json.dumps(raw).encode(), "bad.json")
    one_line(str(err.value))
