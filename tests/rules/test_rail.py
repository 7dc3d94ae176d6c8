"""Rail movement (R8.1-R8.6, R16.2 Increased Rail Capacity)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from malaya.engine import rules
from malaya.engine.actions import EndPhase, MoveUnit, RailMove, UndoMove
from malaya.engine.hexgrid import edge
from malaya.engine.rail import UnitRailMoved, rail_available, rail_reachable
from malaya.engine.sides import Side
from malaya.engine.state import GameState, Phase
from tests.builder import Game, GameBuilder

LINE = [(c, 0) for c in range(8)]


def _line(width: int = 8, **kwargs: object) -> GameBuilder:
    """A strip of ``width`` hexes with a railway along it, in the JP Rail phase."""
    cells = [(c, 0) for c in range(width)]
    return GameBuilder(width=width, height=1).rail(*cells).at_phase(Phase.RAIL, **kwargs)  # type: ignore[arg-type]


def _jp_line(game_builder: GameBuilder) -> Game:
    """Make every hex of the strip JP-controlled (Siam) and build."""
    return game_builder.siam(*LINE).build()


def _with(game: Game, state: GameState, unit_id: str, **changes: object) -> GameState:
    index = game.gd.unit_index[unit_id]
    return state.with_units({index: replace(state.units[index], **changes)})


def _rail(game: Game, unit: str, col: int, side: Side = Side.JP) -> RailMove:
    return RailMove(side=side, unit=unit, to=game.hex(col, 0))


def test_a_rail_move_runs_along_friendly_rail_hexes_whatever_the_ma_R8_1_R8_5() -> None:
    # given an MA-1 unit at one end of a JP-controlled railway
    game = _jp_line(_line().unit("jp", "JP", at=(0, 0), movement=1))
    # then every other hex of the line is reachable by rail
    assert set(rail_reachable(game.gd, game.state, "jp")) == {game.hex(c, 0) for c in range(1, 8)}
    # when it rail-moves to the far end
    outcome = rules.apply(game.gd, game.state, _rail(game, "jp", 7))
    # then it is there, Used, and one unit of capacity is spent
    unit = outcome.state.units[0]
    assert (unit.hex, unit.used, unit.start_hex, outcome.state.rail_moves) == (game.hex(7, 0), True, game.hex(0, 0), 1)
    (event,) = [e for e in outcome.events if isinstance(e, UnitRailMoved)]
    assert event.path[0] == game.hex(0, 0) and event.path[-1] == game.hex(7, 0) and len(event.path) == 8


def test_a_rail_move_is_at_most_forty_hexes_R8_3() -> None:
    game = _line(width=45).unit("jp", "JP", at=(0, 0)).siam(*[(c, 0) for c in range(45)]).build()
    reach = rail_reachable(game.gd, game.state, "jp")
    assert game.hex(40, 0) in reach and game.hex(41, 0) not in reach


def test_rail_moves_stay_in_friendly_controlled_rail_hexes_R8_5() -> None:
    # given a railway JP controls only up to (3, 0)
    game = _line().siam(*LINE[:4]).unit("jp", "JP", at=(0, 0)).build()
    assert set(rail_reachable(game.gd, game.state, "jp")) == {game.hex(c, 0) for c in (1, 2, 3)}


def test_rail_moves_never_pass_enemy_units_or_enemy_zoc_R8_5() -> None:
    # given a CW unit at (6, 0): its ZOC covers (5, 0) and (7, 0)
    game = _jp_line(_line().unit("jp", "JP", at=(0, 0)).unit("cw", "CW", at=(6, 0)))
    assert set(rail_reachable(game.gd, game.state, "jp")) == {game.hex(c, 0) for c in (1, 2, 3, 4)}


def test_rail_moves_never_cross_a_demolished_bridge_R8_5() -> None:
    game = _jp_line(_line().hexside((2, 0), (3, 0), "river_major").unit("jp", "JP", at=(0, 0)))
    state = replace(game.state, demolished=frozenset({edge(game.hex(2, 0), game.hex(3, 0))}))
    assert set(rail_reachable(game.gd, state, "jp")) == {game.hex(1, 0), game.hex(2, 0)}


@pytest.mark.parametrize(
    ("changes", "code"),
    [
        ({"supplied": False}, "unsupplied"),
        ({"ground_moved": True}, "moved_this_turn"),
        ({"sea_moved": True}, "moved_this_turn"),
    ],
)
def test_only_supplied_units_that_did_not_move_by_land_or_sea_may_rail_move_R8_4(changes: dict, code: str) -> None:
    game = _jp_line(_line().unit("jp", "JP", at=(0, 0)))
    state = _with(game, game.state, "jp", **changes)
    rejection = rules.check(game.gd, state, _rail(game, "jp", 3))
    assert rejection is not None and rejection.code == code
    assert rail_available(game.gd, state) == [] and rail_reachable(game.gd, state, "jp") == {}


def test_a_unit_adjacent_to_an_enemy_unit_at_phase_start_may_not_rail_move_R8_4() -> None:
    # given a JP unit on the rail line with a CW unit next to it off the line
    game = (GameBuilder(width=4, height=3).rail((0, 1), (1, 1), (2, 1), (3, 1)).siam(*[(c, 1) for c in range(4)])
            .unit("jp", "JP", at=(0, 1)).unit("cw", "CW", at=(0, 2)).at_phase(Phase.RAIL).build())
    rejection = rules.check(game.gd, game.state, RailMove(side=Side.JP, unit="jp", to=game.hex(3, 1)))
    assert rejection is not None and rejection.code == "adjacent_to_enemy"


def test_the_phase_start_marks_every_eligible_unit_available_R8_6() -> None:
    game = _jp_line(_line().unit("a", "JP", at=(0, 0)).unit("b", "JP", at=(1, 0)).unit("c", "JP", at=(2, 0)))
    state = _with(game, game.state, "b", supplied=False)
    assert rail_available(game.gd, state) == ["a", "c"]


def test_jp_may_rail_move_one_unit_per_phase_R8_2() -> None:
    # given two eligible JP units and a JP capacity of 1
    game = _jp_line(_line().unit("a", "JP", at=(0, 0)).unit("b", "JP", at=(1, 0)))
    state = rules.apply(game.gd, game.state, _rail(game, "a", 5)).state
    # then the second rail move is refused, and no rail move is offered any more
    rejection = rules.check(game.gd, state, _rail(game, "b", 4))
    assert rejection is not None and rejection.code == "rail_capacity_used"
    assert not any(isinstance(a, RailMove) for a in rules.legal_actions(game.gd, state))


def test_cancelling_a_rail_move_refunds_the_capacity_R8_6() -> None:
    # given a unit that rail-moved
    game = _jp_line(_line().unit("a", "JP", at=(0, 0)).unit("b", "JP", at=(1, 0)))
    moved = rules.apply(game.gd, game.state, _rail(game, "a", 5)).state
    assert UndoMove(side=Side.JP, unit="a") in rules.legal_actions(game.gd, moved)
    # when the move is cancelled
    state = rules.apply(game.gd, moved, UndoMove(side=Side.JP, unit="a")).state
    # then the unit is back, Available, and the capacity is free again
    assert (state.units[0].hex, state.units[0].used, state.rail_moves) == (game.hex(0, 0), False, 0)
    assert rules.check(game.gd, state, _rail(game, "b", 4)) is None


def test_a_unit_that_rail_moved_may_not_rail_move_again_R8_6() -> None:
    # given a CW unit that rail-moved, with capacity to spare
    game = _line(side="CW").unit("a", "CW", at=(0, 0)).option("rail2", "CW", rail_capacity=2).build()
    state = rules.apply(game.gd, game.state, _rail(game, "a", 5, Side.CW)).state
    # then it may not rail-move a second time
    rejection = rules.check(game.gd, state, _rail(game, "a", 6, Side.CW))
    assert rejection is not None and rejection.code == "already_rail_moved"


def test_cw_moves_one_unit_by_rail_or_two_with_increased_rail_capacity_R8_2_R16_2() -> None:
    # given three CW units on a CW railway, with and without the option
    def build(chosen: bool) -> Game:
        return (_line(side="CW").unit("a", "CW", at=(0, 0)).unit("b", "CW", at=(1, 0)).unit("c", "CW", at=(2, 0))
                .option("cw_rail", "CW", chosen=chosen, rail_capacity=2).build())

    for chosen, allowed in ((False, 1), (True, 2)):
        game = build(chosen)
        state, moves = game.state, 0
        for unit, col in (("a", 5), ("b", 6), ("c", 7)):
            if rules.check(game.gd, state, _rail(game, unit, col, Side.CW)) is None:
                state = rules.apply(game.gd, state, _rail(game, unit, col, Side.CW)).state
                moves += 1
        # then the capacity decides how many moved
        assert moves == allowed


def test_rail_and_ground_moves_belong_to_their_own_phases_R8_1() -> None:
    game = _jp_line(_line().unit("jp", "JP", at=(0, 0)))
    move = rules.check(game.gd, game.state, MoveUnit(side=Side.JP, unit="jp", to=game.hex(1, 0)))
    assert move is not None and move.code == "wrong_phase"
    movement = replace(game.state, phase=Phase.MOVEMENT)
    rail = rules.check(game.gd, movement, _rail(game, "jp", 3))
    assert rail is not None and rail.code == "wrong_phase"


def test_a_unit_that_moved_in_the_movement_phase_cannot_rail_move_after_R8_4() -> None:
    # given the JP Movement phase in which a unit moves one hex
    game = _jp_line(_line().unit("jp", "JP", at=(0, 0)).at_phase(Phase.MOVEMENT))
    state = rules.apply(game.gd, game.state, MoveUnit(side=Side.JP, unit="jp", to=game.hex(1, 0))).state
    # when the Rail phase begins
    state = rules.apply(game.gd, state, EndPhase(side=Side.JP)).state
    assert state.phase is Phase.RAIL
    # then that unit may not rail-move
    assert rail_reachable(game.gd, state, "jp") == {}
