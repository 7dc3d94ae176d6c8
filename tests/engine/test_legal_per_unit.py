"""One unit's legal actions, built alone, are exactly its share of the whole side's (issue 16: a click
asks only for the clicked unit's moves, through the same gate). Checked on every position of the
bundled 28-turn example game."""

from __future__ import annotations

from dataclasses import replace

import pytest

from malaya.engine import rules
from malaya.engine.actions import Action, MoveUnit
from malaya.engine.state import Phase
from tests.example_game import Positions, example_positions


@pytest.fixture(scope="module")
def positions() -> Positions:
    """The campaign and every position of the example game, the last one included."""
    return example_positions()


def _share(legal: list[Action], unit_id: str | None) -> list[Action]:
    """The actions of ``legal`` that name ``unit_id`` (None: no unit), in order."""
    return [a for a in legal if getattr(a, "unit", None) == unit_id]


@pytest.mark.slow
def test_each_units_legal_actions_built_alone_are_its_share_of_the_whole_list(positions: Positions) -> None:
    """R7.1: in every Movement position, each unit's own list equals its part of ``legal_actions``."""
    gd, states = positions
    built_alone = [s for s in states if rules.builds_per_unit(s)]
    assert len(built_alone) > 100 and all(s.phase is Phase.MOVEMENT for s in built_alone)
    for state in built_alone:
        # given a Movement position and its whole legal list
        legal = rules.legal_actions(gd, state)
        # when each unit's actions (and those naming no unit) are built alone, on an equal, fresh position
        fresh = replace(state)
        shares = {u.id: rules.legal_actions_for(gd, fresh, u.id) for u in state.units}
        shares[None] = rules.legal_actions_for(gd, fresh, None)
        # then each is that unit's share, in the same order, and together they are the whole list
        for unit_id, share in shares.items():
            assert share == _share(legal, unit_id), (state.turn, state.side, unit_id)
        assert sum(len(s) for s in shares.values()) == len(legal)


@pytest.mark.slow
def test_outside_movement_a_units_legal_actions_are_the_whole_list_filtered(positions: Positions) -> None:
    """In the other phases a unit's list is read off the whole one, so the two cannot differ."""
    gd, states = positions
    others = [s for s in states if not rules.builds_per_unit(s)][::25]
    assert others
    for state in others:
        legal = rules.legal_actions(gd, state)
        for unit_id in [u.id for u in state.units[::7]] + [None]:
            assert rules.legal_actions_for(gd, state, unit_id) == _share(legal, unit_id)


@pytest.mark.slow
def test_whether_a_unit_may_move_is_whether_its_legal_list_holds_a_move(positions: Positions) -> None:
    """R7.1: the Available mark's question (R2.4), answered without listing the moves, agrees with the list."""
    gd, states = positions
    for state in [s for s in states if rules.builds_per_unit(s)][::3]:
        legal = rules.legal_actions(gd, state)
        fresh = replace(state)
        for unit in state.units:
            moves = any(isinstance(a, MoveUnit) for a in _share(legal, unit.id))
            assert rules.unit_may_move(gd, fresh, unit.id) is moves, (state.turn, state.side, unit.id)
