"""The Movement phase: MA modifiers, several moves per unit, undo and the generated actions (R7.1, R7.3, R7.6)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from malaya.engine import rules
from malaya.engine.actions import DemolishBridge, EndPhase, MoveUnit, UndoMove
from malaya.engine.movement import MoveUndone, movement_allowance, reachable
from malaya.engine.sides import Side
from malaya.engine.state import GameState, Phase
from tests.builder import Game, GameBuilder


def _unit(game: Game, state: GameState, unit_id: str):  # type: ignore[no-untyped-def]
    return state.units[game.gd.unit_index[unit_id]]


def _with(game: Game, unit_id: str, **changes: object) -> GameState:
    unit = _unit(game, game.state, unit_id)
    return game.state.with_units({game.gd.unit_index[unit_id]: replace(unit, **changes)})


@pytest.mark.parametrize(
    ("printed", "changes", "expected"),
    [
        (7, {}, 7),
        (7, {"supplied": False}, 3),  # halved, rounded down
        (1, {"supplied": False}, 1),  # minimum 1
        (7, {"sea_moved": True}, 3),
        (7, {"landed": True}, 0),
    ],
)
def test_ma_depends_on_supply_and_naval_movement_R7_3(printed: int, changes: dict, expected: int) -> None:
    game = GameBuilder().unit("jp", "JP", at=(0, 2), movement=printed).build()
    state = _with(game, "jp", **changes)
    assert movement_allowance(game.gd, _unit(game, state, "jp")) == expected


def test_a_reduced_unit_uses_its_reduced_movement_factor_R2_2_R7_3() -> None:
    game = GameBuilder().unit("jp", "JP", at=(0, 2), movement=7, reduced_movement=4).build()
    state = _with(game, "jp", steps=1)
    assert movement_allowance(game.gd, _unit(game, state, "jp")) == 4


def test_an_unsupplied_unit_reaches_only_as_far_as_its_halved_ma_R7_3() -> None:
    game = GameBuilder(width=8, height=1).unit("jp", "JP", at=(0, 0), movement=7).build()
    state = _with(game, "jp", supplied=False)
    assert max(r.cost for r in reachable(game.gd, state, "jp").values()) == 3


def test_a_unit_that_landed_amphibiously_cannot_move_at_all_R7_3() -> None:
    game = GameBuilder(width=3, height=1).unit("jp", "JP", at=(0, 0)).build()
    state = _with(game, "jp", landed=True)
    assert reachable(game.gd, state, "jp") == {}


def test_a_unit_may_move_several_times_within_its_ma_R7_1() -> None:
    # given an MA-4 unit on a strip
    game = GameBuilder(width=8, height=1).unit("jp", "JP", at=(0, 0), movement=4).build()
    # when it moves one hex, then two more
    s1 = rules.apply(game.gd, game.state, MoveUnit(side=Side.JP, unit="jp", to=game.hex(1, 0))).state
    s2 = rules.apply(game.gd, s1, MoveUnit(side=Side.JP, unit="jp", to=game.hex(3, 0))).state
    # then its spent MP add up and it keeps the phase's start hex; one MP is left
    unit = _unit(game, s2, "jp")
    assert (unit.mp_used, unit.start_hex, unit.hex) == (3, game.hex(0, 0), game.hex(3, 0))
    assert set(reachable(game.gd, s2, "jp")) == {game.hex(2, 0), game.hex(4, 0)}


def test_undo_returns_the_unit_to_its_start_hex_and_refunds_its_mp_R7_6() -> None:
    # given a unit that moved twice
    game = GameBuilder(width=8, height=1).unit("jp", "JP", at=(0, 0), movement=4).build()
    s1 = rules.apply(game.gd, game.state, MoveUnit(side=Side.JP, unit="jp", to=game.hex(1, 0))).state
    s2 = rules.apply(game.gd, s1, MoveUnit(side=Side.JP, unit="jp", to=game.hex(3, 0))).state
    # when the move is undone
    outcome = rules.apply(game.gd, s2, UndoMove(side=Side.JP, unit="jp"))
    # then it stands where the phase began, Available, with its whole MA
    unit = _unit(game, outcome.state, "jp")
    assert (unit.hex, unit.mp_used, unit.used, unit.start_hex, unit.ground_moved) == (
        game.hex(0, 0), Fraction(0), False, None, False)
    assert MoveUndone(unit="jp", to=game.hex(0, 0)) in outcome.events
    assert reachable(game.gd, outcome.state, "jp") == reachable(game.gd, game.state, "jp")


def test_a_unit_that_has_not_moved_has_nothing_to_undo_R7_6() -> None:
    game = GameBuilder().unit("jp", "JP", at=(0, 2)).build()
    rejection = rules.check(game.gd, game.state, UndoMove(side=Side.JP, unit="jp"))
    assert rejection is not None and rejection.code == "nothing_to_undo"


def test_legal_actions_offer_every_reachable_hex_and_the_undo_of_moved_units_R7_2_R7_6() -> None:
    # given two JP units, one of which has moved
    game = (
        GameBuilder(width=6, height=1)
        .unit("a", "JP", at=(0, 0), movement=2)
        .unit("b", "JP", at=(5, 0), movement=1)
        .build()
    )
    state = rules.apply(game.gd, game.state, MoveUnit(side=Side.JP, unit="b", to=game.hex(4, 0))).state
    # when the legal actions are listed
    actions = rules.legal_actions(game.gd, state)
    # then they are: a's moves in hex order, b's undo, and ending the phase
    assert actions == [
        MoveUnit(side=Side.JP, unit="a", to=game.hex(1, 0)),
        MoveUnit(side=Side.JP, unit="a", to=game.hex(2, 0)),
        UndoMove(side=Side.JP, unit="b"),
        EndPhase(side=Side.JP),
    ]


def test_movement_actions_are_refused_outside_the_movement_phase_R3_1() -> None:
    game = GameBuilder().unit("jp", "JP", at=(0, 2)).at_phase(Phase.COMBAT).build()
    rejection = rules.check(game.gd, game.state, MoveUnit(side=Side.JP, unit="jp", to=game.hex(1, 2)))
    assert rejection is not None and rejection.code == "wrong_phase"


def test_units_not_on_the_map_cannot_move() -> None:
    game = GameBuilder().unit("jp", "JP", at=None).build()
    rejection = rules.check(game.gd, game.state, MoveUnit(side=Side.JP, unit="jp", to=game.hex(1, 2)))
    assert rejection is not None and rejection.code == "unit_not_on_map"


def test_jp_legal_actions_never_include_demolitions_R7_7() -> None:
    game = (GameBuilder(width=2, height=1).hexside((0, 0), (1, 0), "river_minor").road((0, 0), (1, 0))
            .unit("jp", "JP", at=(0, 0)).build())
    assert not any(isinstance(a, DemolishBridge) for a in rules.legal_actions(game.gd, game.state))


def test_a_move_that_reveals_hidden_enemy_units_cannot_be_undone_R7_6() -> None:
    # given a JP unit and a CW unit three hexes apart, the CW unit hidden from JP (R2.5)
    from malaya.engine import rules
    from malaya.engine.actions import MoveUnit, UndoMove
    from malaya.engine.sides import Side
    from malaya.engine.state import Phase
    from tests.builder import GameBuilder

    game = GameBuilder().unit("jp_a", "JP", at=(0, 2)).unit("jp_b", "JP", at=(0, 4)).unit("cw_a", "CW", at=(3, 2)) \
        .at_phase(Phase.MOVEMENT).build()
    gd, state = game.gd, game.state
    # when JP moves jp_b without revealing anything, it may still be taken back
    state = rules.apply(gd, state, MoveUnit(side=Side.JP, unit="jp_b", to=game.hex(0, 5))).state
    assert rules.check(gd, state, UndoMove(side=Side.JP, unit="jp_b")) is None
    # when jp_a moves next to the CW unit, revealing it
    state = rules.apply(gd, state, MoveUnit(side=Side.JP, unit="jp_a", to=game.hex(2, 2))).state
    # then neither move can be undone any more
    for unit in ("jp_a", "jp_b"):
        rejection = rules.check(gd, state, UndoMove(side=Side.JP, unit=unit))
        assert rejection is not None and rejection.code == "move_revealed_enemy"


def test_hexes_a_unit_moves_through_change_hands_at_the_end_of_the_phase_R13_2() -> None:
    # given a JP unit and a road through three CW-controlled hexes
    from malaya.engine import rules
    from malaya.engine.actions import EndPhase, MoveUnit, UndoMove
    from malaya.engine.sides import Side
    from malaya.engine.state import Phase
    from tests.builder import GameBuilder

    game = GameBuilder().road((0, 2), (1, 2), (2, 2), (3, 2)).unit("jp_a", "JP", at=(0, 2)) \
        .at_phase(Phase.MOVEMENT).build()
    gd, state = game.gd, game.state
    passed = [game.hex(1, 2), game.hex(2, 2)]
    # when it moves along the road to (3,2) and the phase ends
    moved = rules.apply(gd, state, MoveUnit(side=Side.JP, unit="jp_a", to=game.hex(3, 2))).state
    ended = rules.apply(gd, moved, EndPhase(side=Side.JP)).state
    # then every hex it passed through is JP's, as is the hex it stands on
    assert all(ended.controller(h) is Side.JP for h in [*passed, game.hex(3, 2)])
    # but a move taken back before the phase ends changes nothing
    undone = rules.apply(gd, moved, UndoMove(side=Side.JP, unit="jp_a")).state
    after_undo = rules.apply(gd, undone, EndPhase(side=Side.JP)).state
    assert all(after_undo.controller(h) is Side.CW for h in [*passed, game.hex(3, 2)])


def test_a_locked_move_into_an_overstack_nothing_can_fix_may_be_taken_back_R3_2_R7_6() -> None:
    # given JP units whose moves were locked by a revelation (R7.6), one of them now in a hex of 6 points
    from dataclasses import replace

    from malaya.engine import rules
    from malaya.engine.actions import EndPhase, MoveUnit, UndoMove
    from malaya.engine.sides import Side
    from malaya.engine.state import Phase
    from tests.builder import GameBuilder

    game = GameBuilder().unit("jp_a", "JP", at=(0, 2)).unit("jp_b", "JP", at=(0, 4)).unit("jp_c", "JP", at=(0, 4)) \
        .at_phase(Phase.MOVEMENT).build()
    gd, state = game.gd, game.state
    state = rules.apply(gd, state, MoveUnit(side=Side.JP, unit="jp_a", to=game.hex(0, 4))).state
    state = replace(state, locked_moves=frozenset({"jp_a"}))  # as if the move had revealed enemy units
    assert rules.check(gd, state, UndoMove(side=Side.JP, unit="jp_a")) is not None
    # when no JP unit has any move left (all MP spent)
    spent = tuple(replace(u, mp_used=u.mp_used + 99) if gd.side_of(u.id) is Side.JP else u for u in state.units)
    stuck = replace(state, units=spent)
    # then the phase cannot end, but the locked move may be taken back, so the game never deadlocks
    assert rules.check(gd, stuck, EndPhase(side=Side.JP)) is not None
    assert UndoMove(side=Side.JP, unit="jp_a") in rules.legal_actions(gd, stuck)
    assert rules.check(gd, stuck, UndoMove(side=Side.JP, unit="jp_a")) is None
    # and while a unit could still move, the lock holds (R7.6)
    assert rules.check(gd, state, UndoMove(side=Side.JP, unit="jp_a")) is not None


def test_a_locked_overstack_its_own_units_cannot_leave_may_be_taken_back_while_others_can_move_R3_2_R7_6() -> None:
    # given a JP unit whose locked move (R7.6) overstacked a hex whose units all spent their MP, and another
    # JP unit far away that could still move
    from dataclasses import replace

    from malaya.engine import rules
    from malaya.engine.actions import EndPhase, MoveUnit, UndoMove
    from malaya.engine.sides import Side
    from malaya.engine.state import Phase
    from tests.builder import GameBuilder

    game = GameBuilder(width=8).unit("jp_a", "JP", at=(0, 2)).unit("jp_b", "JP", at=(0, 4)) \
        .unit("jp_c", "JP", at=(0, 4)).unit("jp_far", "JP", at=(6, 0)).at_phase(Phase.MOVEMENT).build()
    gd, state = game.gd, game.state
    state = rules.apply(gd, state, MoveUnit(side=Side.JP, unit="jp_a", to=game.hex(0, 4))).state
    spent = tuple(replace(u, mp_used=u.mp_used + 99) if u.hex == game.hex(0, 4) else u for u in state.units)
    stuck = replace(state, units=spent, locked_moves=frozenset({"jp_a"}))
    # when the player tries to end the phase, then it cannot (R3.2)
    assert rules.check(gd, stuck, EndPhase(side=Side.JP)) is not None
    # but the locked move may be taken back although jp_far can still move: only leaving the hex relieves it
    assert rules.check(gd, stuck, UndoMove(side=Side.JP, unit="jp_a")) is None
