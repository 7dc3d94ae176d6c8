"""The computer's last resort when a phase cannot end (R3.2): it takes a unit out of an overstacked hex (R4.1)
rather than wandering, so the phase gets nearer its end."""

from __future__ import annotations

from malaya.ai.controller import relieving_move
from malaya.engine import rules
from malaya.engine.actions import EndPhase, MoveUnit
from malaya.engine.sides import Side
from malaya.engine.stacking import overstacked_hexes
from malaya.engine.state import Phase
from tests.builder import GameBuilder


def test_a_phase_that_cannot_end_for_an_overstack_is_relieved_by_a_move_out_of_that_hex() -> None:
    # given three JP regiments (2 points each) on one hex, over its limit of 4 (R4.1), and a lone one elsewhere
    game = (GameBuilder(width=8, height=8).unit("jp_a", "JP", at=(3, 3)).unit("jp_b", "JP", at=(3, 3))
            .unit("jp_c", "JP", at=(3, 3)).unit("jp_far", "JP", at=(7, 7)).at_phase(Phase.MOVEMENT).build())
    gd, state = game.gd, game.state
    assert rules.check(gd, state, EndPhase(side=Side.JP)) is not None  # R3.2
    # when the computer looks for a move among the legal ones, the lone regiment's listed first
    legal = rules.legal_actions(gd, state)
    first_far = [a for a in legal if isinstance(a, MoveUnit) and a.unit == "jp_far"]
    move = relieving_move(gd, state, first_far + legal)
    # then it moves a regiment out of the crowded hex to one where it fits, and the phase can end
    assert move is not None and move.unit in {"jp_a", "jp_b", "jp_c"} and move.to != game.hex(3, 3)
    after = rules.apply(gd, state, move).state
    assert overstacked_hexes(gd, after) == []
    assert rules.check(gd, after, EndPhase(side=Side.JP)) is None
