"""The battle screen's questions asked one unit at a time give the answers of the whole legal list
(issue 16: a click builds only the clicked unit's moves). Checked on Movement positions of the
bundled example game."""

from __future__ import annotations

from dataclasses import replace

import pytest

from malaya.engine import rules
from malaya.engine.sides import Side
from malaya.session.game_client import GameClient
from malaya.session.match import Match
from tests.example_game import Positions, example_positions


@pytest.fixture(scope="module")
def movement_positions() -> Positions:
    """The campaign and every 9th Movement position of the example game."""
    gd, states = example_positions()
    return gd, [s for s in states[:-1] if rules.builds_per_unit(s)][::9]


def _answers(client: GameClient) -> tuple[object, ...]:
    """Everything the screen asks of a position: marks, each unit's destinations and undo, the rest."""
    units = [u.id for u in client.state.units]
    return (client.available_units(), [client.destinations(u) for u in units], [client.undo_for(u) for u in units],
            client.unit_actions(None), client.declarable_hexes(), client.nothing_to_do())


@pytest.mark.slow
def test_a_movement_position_asked_unit_by_unit_answers_as_its_whole_legal_list(movement_positions: Positions) -> None:
    """R2.4, R7.1: Available marks and destinations are the same whether or not the side's list was built."""
    gd, states = movement_positions
    assert len(states) > 20
    for state in states:
        # given a client that has not built the side's list, and one that has
        alone = GameClient(Match(gd, 1, replace(state)), frozenset(Side))
        whole = GameClient(Match(gd, 1, state), frozenset(Side))
        whole.legal()
        # when both are asked everything the screen asks, then they answer alike
        assert _answers(alone) == _answers(whole), (state.turn, state.side)
        # and the unit-by-unit client never built the whole list
        assert alone._legal_for is None
