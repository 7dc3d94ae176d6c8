"""Names in the game state are enum members, never free strings (issue 12), and serialize as before."""

from __future__ import annotations

from malaya.engine.scenario import Arrival
from malaya.engine.state import ChanceKind, ForceZStatus, Pending, canonical
from tests.builder import GameBuilder


def test_given_a_new_game_when_started_then_force_z_is_afloat_as_an_enum_member() -> None:
    """R9.7: Force Z begins afloat; its status is a ForceZStatus, written "afloat" in a digest."""
    state = GameBuilder(width=3, height=3).unit("jp_a", "JP", at=(1, 1)).build().state
    assert state.force_z is ForceZStatus.AFLOAT
    assert state.to_dict()["force_z"] == "afloat"


def test_given_a_scheduled_reinforcement_when_the_game_starts_then_its_arrival_is_an_arrival_member() -> None:
    """R14.2: a pending reinforcement carries where it enters as an Arrival, written as its value."""
    game = (GameBuilder(width=3, height=3).unit("jp_a", "JP", at=(1, 1))
            .reinforcement("jp_new", "JP", turn=3, where="north_edge").build())
    unit = game.state.units[game.gd.unit_index["jp_new"]]
    assert unit.arrival is Arrival.NORTH_EDGE and canonical(unit)["arrival"] == "north_edge"  # type: ignore[index]


def test_given_a_chance_node_when_made_canonical_then_its_kind_is_the_enum_value() -> None:
    """A chance node names its kind by ChanceKind; the digest holds the same text as before."""
    node = Pending(ChanceKind.LOSS_PICK, (0, 1), ("a", "b"))
    assert canonical(node) == {"kind": "loss_pick", "outcomes": [0, 1], "context": ["a", "b"]}
