"""The computer's last resort when a phase cannot end (R3.2): it takes a unit out of an overstacked hex (R4.1)
rather than wandering, so the phase gets nearer its end."""

from __future__ import annotations

from malaya.ai.controller import make_ai
from malaya.ai.fallback import relieving_move
from malaya.engine import rules
from malaya.engine.actions import EndPhase, MoveUnit, UndoMove
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


def test_a_move_the_computer_had_to_take_back_is_not_made_again_in_that_phase(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # given two JP regiments filling a hex's stacking limit (R4.1) and a third beside it, and a computer player
    # whose plan keeps sending the third onto the full hex (as a Singapore garrison plan did, for ever)
    game = (GameBuilder(width=8, height=8).unit("jp_a", "JP", at=(3, 3)).unit("jp_b", "JP", at=(3, 3))
            .unit("jp_c", "JP", at=(3, 4)).at_phase(Phase.MOVEMENT).build())
    gd, state, full = game.gd, game.state, game.hex(3, 3)
    player = make_ai("hard", Side.JP, 1)
    onto_full = MoveUnit(side=Side.JP, unit="jp_c", to=full)

    def plan(gd, state):  # type: ignore[no-untyped-def]
        return onto_full if rules.check(gd, state, onto_full) is None else EndPhase(side=Side.JP)

    monkeypatch.setattr(player, "_choose", plan)
    # when it plays the phase out
    actions = []
    while state.phase is Phase.MOVEMENT and len(actions) < 10:
        actions.append(player(gd, state))
        state = rules.apply(gd, state, actions[-1]).state
    # then the move is made once, taken back once (the phase cannot end overstacked, R3.2), and the phase ends
    assert actions == [onto_full, UndoMove(side=Side.JP, unit="jp_c"), EndPhase(side=Side.JP)]
