"""Zones of control and the minimum move (R6.1, R6.2, R7.4)."""

from __future__ import annotations

from malaya.engine import rules
from malaya.engine.actions import MoveUnit
from malaya.engine.movement import reachable
from malaya.engine.sides import Side
from malaya.engine.zoc import zoc_hexes
from tests.builder import Game, GameBuilder


def _corridor() -> GameBuilder:
    """Two rows of eight clear hexes; a CW unit at (4, 0) puts (3, 0), (4, 1) and (5, 0) in its ZOC."""
    return GameBuilder(width=8, height=2).unit("cw", "CW", at=(4, 0))


def _ezoc(game: Game) -> frozenset:
    return zoc_hexes(game.gd, game.state, Side.CW)


def test_the_corridor_geometry_is_as_the_tests_assume() -> None:
    game = _corridor().build()
    assert _ezoc(game) == {game.hex(3, 0), game.hex(4, 1), game.hex(5, 0)}


def test_a_unit_entering_an_enemy_zoc_hex_stops_there_R6_2() -> None:
    # given a JP unit west of the CW unit, with plenty of MP
    game = _corridor().unit("jp", "JP", at=(0, 1)).build()
    routes = reachable(game.gd, game.state, "jp")
    # then it can enter the EZOC hexes but never pass through one
    assert game.hex(4, 1) in routes and game.hex(3, 0) in routes
    assert game.hex(5, 1) not in routes and game.hex(6, 0) not in routes
    ezoc = _ezoc(game)
    assert all(h not in ezoc for r in routes.values() for h in r.path[1:-1])


def test_a_unit_that_entered_an_enemy_zoc_cannot_move_on_in_the_same_phase_R6_2() -> None:
    # given a JP unit that moved into an EZOC hex with MP to spare
    game = _corridor().unit("jp", "JP", at=(2, 1)).build()
    state = rules.apply(game.gd, game.state, MoveUnit(side=Side.JP, unit="jp", to=game.hex(3, 1))).state
    state = rules.apply(game.gd, state, MoveUnit(side=Side.JP, unit="jp", to=game.hex(4, 1))).state
    # then it has stopped: no further move is possible
    assert reachable(game.gd, state, "jp") == {}
    rejection = rules.check(game.gd, state, MoveUnit(side=Side.JP, unit="jp", to=game.hex(3, 1)))
    assert rejection is not None and rejection.code == "stopped_in_enemy_zoc"


def test_a_unit_starting_in_enemy_zoc_may_leave_but_not_step_directly_to_another_ezoc_hex_R6_2() -> None:
    # given a JP unit starting in the EZOC hex (4, 1)
    game = _corridor().unit("jp", "JP", at=(4, 1)).build()
    routes = reachable(game.gd, game.state, "jp")
    # then it may leave to non-EZOC hexes
    assert game.hex(3, 1) in routes and game.hex(5, 1) in routes
    # and may reach the adjacent EZOC hex (3, 0) only by leaving the ZOC first
    assert routes[game.hex(3, 0)].path[1] not in _ezoc(game)
    assert routes[game.hex(3, 0)].cost == 2


def test_friendly_units_do_not_cancel_enemy_zoc_R6_2() -> None:
    # given a friendly unit already standing in the EZOC hex (4, 1)
    game = _corridor().unit("jp", "JP", at=(0, 1)).unit("friend", "JP", at=(4, 1)).build()
    # then moving through it still stops there
    routes = reachable(game.gd, game.state, "jp")
    assert game.hex(4, 1) in routes and game.hex(5, 1) not in routes


def test_no_zoc_is_exerted_across_a_strait_or_all_sea_hexside_R6_1() -> None:
    # given a strip where an enemy unit lies across a strait
    game = (GameBuilder(width=4, height=1).hexside((1, 0), (2, 0), "strait")
            .unit("jp", "JP", at=(0, 0)).unit("cw", "CW", at=(2, 0)).build())
    # then the hex on the near side of the strait is not in its ZOC: the unit could go on from it
    assert game.hex(1, 0) not in _ezoc(game)


def test_a_unit_with_full_ma_may_always_move_one_hex_whatever_the_cost_R7_4() -> None:
    # given an MA-1 infantry unit next to swamp (3 MP) and mountain (3 MP)
    game = (GameBuilder(width=3, height=1).terrain((1, 0), "swamp")
            .unit("jp", "JP", at=(0, 0), movement=1).build())
    routes = reachable(game.gd, game.state, "jp")
    # then it may enter the swamp hex, and only that (the move uses more than its MA)
    assert set(routes) == {game.hex(1, 0)} and routes[game.hex(1, 0)].cost == 3
    # and afterwards it cannot go on
    state = rules.apply(game.gd, game.state, MoveUnit(side=Side.JP, unit="jp", to=game.hex(1, 0))).state
    assert reachable(game.gd, state, "jp") == {}


def test_the_minimum_move_needs_an_enterable_hex_R7_4() -> None:
    # given an armor unit with MA 1 whose only neighbour is jungle (prohibited to armor)
    game = (GameBuilder(width=2, height=1).terrain((1, 0), "jungle")
            .unit("tank", "JP", at=(0, 0), type="armor", movement=1).build())
    assert reachable(game.gd, game.state, "tank") == {}


def test_the_minimum_move_is_only_for_a_unit_that_has_spent_nothing_R7_4() -> None:
    # given an MA-2 unit that moved one clear hex, next to a mountain (3 MP)
    game = (GameBuilder(width=3, height=1).terrain((2, 0), "mountain")
            .unit("jp", "JP", at=(0, 0), movement=2).build())
    assert game.hex(2, 0) not in reachable(game.gd, game.state, "jp")
    state = rules.apply(game.gd, game.state, MoveUnit(side=Side.JP, unit="jp", to=game.hex(1, 0))).state
    # then it may not enter the mountain (1 MP left, 3 needed)
    assert game.hex(2, 0) not in reachable(game.gd, state, "jp")


def test_the_minimum_move_may_not_go_from_ezoc_to_ezoc_R7_4() -> None:
    # given an MA-1 unit in the EZOC hex (4, 1) whose neighbour (5, 0) is EZOC and swamp
    game = _corridor().terrain((5, 0), "swamp").unit("jp", "JP", at=(4, 1), movement=1).build()
    routes = reachable(game.gd, game.state, "jp")
    # then it may leave to a non-EZOC hex but not to the EZOC swamp
    assert game.hex(5, 1) in routes and game.hex(5, 0) not in routes
