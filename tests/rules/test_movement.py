"""Ground movement over terrain, connections and hexsides (R5.1, R5.2, R7.1, R7.2)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from malaya.engine import rules
from malaya.engine.actions import MoveUnit
from malaya.engine.hexgrid import edge
from malaya.engine.movement import Route, UnitMoved, reachable
from malaya.engine.sides import Side
from tests.builder import Game, GameBuilder

ROW = 2


def _row(width: int = 8) -> GameBuilder:
    """A clear map; cells (0, 2), (1, 2), ... of one row are consecutive neighbours."""
    return GameBuilder(width=width, height=5)


def _cost(game: Game, unit: str, cell: tuple[int, int]) -> Fraction | None:
    route = reachable(game.gd, game.state, unit).get(game.hex(*cell))
    return None if route is None else route.cost


def test_clear_terrain_costs_one_mp_per_hex_so_ma_bounds_the_distance_R5_1_R7_1() -> None:
    # given an infantry unit with MA 3 on an all-clear map
    game = _row().unit("jp", "JP", at=(0, ROW), movement=3).build()
    # when its reachable hexes are listed
    routes = reachable(game.gd, game.state, "jp")
    # then every hex within 3 is reachable at a cost equal to its distance, and nothing farther
    start = game.hex(0, ROW)
    assert routes and all(r.cost == start.distance(h) for h, r in routes.items())
    assert max(start.distance(h) for h in routes) == 3
    assert _cost(game, "jp", (3, ROW)) == 3 and _cost(game, "jp", (4, ROW)) is None


@pytest.mark.parametrize(
    ("terrain", "infantry", "armor"),
    [
        ("clear", 1, 1), ("plantation", 1, 2), ("jungle", 2, None), ("swamp", 3, None),
        ("mountain", 3, None), ("town", 1, 1), ("city", 1, 1), ("fortress", 1, 1), ("sea", None, None),
    ],
)
def test_entering_a_hex_costs_its_terrain_mp_per_unit_type_R5_1(
    terrain: str, infantry: int | None, armor: int | None
) -> None:
    # given an infantry and an armor unit next to a hex of this terrain
    game = (_row().terrain((1, ROW), terrain)
            .unit("inf", "JP", at=(0, ROW)).unit("tank", "JP", at=(0, ROW), type="armor", movement=10).build())
    # then entering it costs the R5.1 table's MP, and prohibited terrain cannot be entered
    assert _cost(game, "inf", (1, ROW)) == infantry
    assert _cost(game, "tank", (1, ROW)) == armor


def test_a_road_costs_half_an_mp_per_hex_in_any_terrain_R5_2() -> None:
    # given a road through four jungle hexes and an infantry unit with MA 2 at its start
    cells = [(c, ROW) for c in range(5)]
    builder = _row().road(*cells).unit("inf", "JP", at=(0, ROW), movement=2)
    for c in cells[1:]:
        builder.terrain(c, "jungle")
    game = builder.build()
    # then it moves four hexes along the road at 1/2 MP each
    assert [_cost(game, "inf", c) for c in cells[1:]] == [Fraction(1, 2), 1, Fraction(3, 2), 2]


def test_armor_enters_prohibited_terrain_only_along_a_road_or_rail_R5_1() -> None:
    # given jungle all around and a road into one jungle hex
    builder = _row().road((0, ROW), (1, ROW)).unit("tank", "JP", at=(0, ROW), type="armor", movement=10)
    for c in range(8):
        for r in range(5):
            if (c, r) != (0, ROW):
                builder.terrain((c, r), "jungle")
    game = builder.build()
    # then the tank can enter the jungle hex along the road, and no other hex
    assert set(reachable(game.gd, game.state, "tank")) == {game.hex(1, ROW)}


def test_a_rail_connection_costs_one_mp_per_hex_whatever_the_terrain_R5_2() -> None:
    # given a railway through swamp
    game = (_row().rail((0, ROW), (1, ROW), (2, ROW)).terrain((1, ROW), "swamp").terrain((2, ROW), "swamp")
            .unit("tank", "JP", at=(0, ROW), type="armor", movement=10).build())
    # then even armor enters the swamp along it, 1 MP per hex
    assert _cost(game, "tank", (1, ROW)) == 1 and _cost(game, "tank", (2, ROW)) == 2


def test_a_minor_river_costs_one_more_mp_to_cross_R5_2() -> None:
    game = _row().hexside((0, ROW), (1, ROW), "river_minor").unit("inf", "JP", at=(0, ROW)).build()
    assert _cost(game, "inf", (1, ROW)) == 2


def _strip(width: int) -> GameBuilder:
    """A one-row strip of clear hexes: (0, 0), (1, 0), ... each the only neighbour of the next."""
    return GameBuilder(width=width, height=1)


def test_a_major_river_costs_two_more_mp_and_armor_crosses_only_by_a_bridge_R5_2() -> None:
    # given a major river between the two hexes of a strip
    game = (_strip(2).hexside((0, 0), (1, 0), "river_major")
            .unit("inf", "JP", at=(0, 0)).unit("tank", "JP", at=(0, 0), type="armor", movement=10).build())
    # then infantry pays +2 to cross; armor may not cross without a bridge
    assert _cost(game, "inf", (1, 0)) == 3
    assert _cost(game, "tank", (1, 0)) is None


def test_along_a_bridge_a_river_costs_nothing_extra_even_for_armor_R5_2() -> None:
    # given a road bridge over a major river
    game = (_strip(2).hexside((0, 0), (1, 0), "river_major").road((0, 0), (1, 0))
            .unit("inf", "JP", at=(0, 0)).unit("tank", "JP", at=(0, 0), type="armor", movement=10).build())
    # then both cross at the road's 1/2 MP
    assert _cost(game, "inf", (1, 0)) == Fraction(1, 2)
    assert _cost(game, "tank", (1, 0)) == Fraction(1, 2)


def test_a_demolished_bridge_no_longer_waives_the_river_R7_7() -> None:
    # given a road bridge over a minor river, demolished
    game = (_row().hexside((0, ROW), (1, ROW), "river_minor").road((0, ROW), (1, ROW))
            .unit("inf", "JP", at=(0, ROW)).build())
    e = edge(game.hex(0, ROW), game.hex(1, ROW))
    state = replace(game.state, demolished=frozenset({e}))
    # then crossing costs terrain + river again
    assert _cost(game, "inf", (1, ROW)) == Fraction(1, 2)
    assert reachable(game.gd, state, "inf")[game.hex(1, ROW)].cost == 2


def test_crossing_a_strait_takes_the_whole_ma_from_the_start_and_ends_the_move_R5_2() -> None:
    # given infantry (MA 7) and armor beside a strait hexside
    game = (_strip(3).hexside((0, 0), (1, 0), "strait")
            .unit("inf", "JP", at=(0, 0)).unit("tank", "JP", at=(0, 0), type="armor", movement=10).build())
    target = game.hex(1, 0)
    # then infantry may cross, and the crossing costs its whole MA
    assert reachable(game.gd, game.state, "inf") == {target: Route(Fraction(7), (game.hex(0, 0), target))}
    # and armor may not cross a strait at all
    assert reachable(game.gd, game.state, "tank") == {}
    # when the infantry crosses, it has no MP left to go on
    after = rules.apply(game.gd, game.state, MoveUnit(side=Side.JP, unit="inf", to=target)).state
    assert reachable(game.gd, after, "inf") == {}


def test_a_unit_that_spent_mp_may_not_cross_a_strait_R5_2() -> None:
    # given infantry that first moved next to a strait
    game = _strip(3).hexside((1, 0), (2, 0), "strait").unit("inf", "JP", at=(0, 0)).build()
    assert _cost(game, "inf", (2, 0)) is None  # not adjacent at the start: no crossing
    state = rules.apply(game.gd, game.state, MoveUnit(side=Side.JP, unit="inf", to=game.hex(1, 0))).state
    # then it cannot cross the strait in the same phase
    assert set(reachable(game.gd, state, "inf")) == {game.hex(0, 0)}


def test_a_demolished_causeway_is_crossed_like_the_strait_R7_7() -> None:
    # given a causeway (road + rail) between the two hexes of a strip, demolished
    game = (_strip(2).hexside((0, 0), (1, 0), "causeway").road((0, 0), (1, 0)).rail((0, 0), (1, 0))
            .unit("inf", "JP", at=(0, 0)).unit("tank", "JP", at=(0, 0), type="armor", movement=10).build())
    assert _cost(game, "tank", (1, 0)) == Fraction(1, 2)  # standing, it is a road bridge
    state = replace(game.state, demolished=frozenset({edge(game.hex(0, 0), game.hex(1, 0))}))
    # then infantry crosses using its whole MA, armor not at all
    assert reachable(game.gd, state, "inf")[game.hex(1, 0)].cost == 7
    assert reachable(game.gd, state, "tank") == {}


def test_an_all_sea_hexside_cannot_be_crossed_R5_2() -> None:
    # given a one-row strip whose only link is an all-sea hexside
    game = _strip(3).hexside((0, 0), (1, 0), "sea").unit("inf", "JP", at=(0, 0)).build()
    assert reachable(game.gd, game.state, "inf") == {}


def test_enemy_occupied_hexes_can_never_be_entered_but_friendly_ones_can_R7_2() -> None:
    # given an enemy unit and a friendly unit next to a JP unit
    game = (_row().unit("jp", "JP", at=(0, ROW)).unit("friend", "JP", at=(0, ROW - 1))
            .unit("cw", "CW", at=(1, ROW)).build())
    routes = reachable(game.gd, game.state, "jp")
    # then the enemy hex is never reachable, the friendly one is
    assert game.hex(1, ROW) not in routes and game.hex(0, ROW - 1) in routes
    rejection = rules.check(game.gd, game.state, MoveUnit(side=Side.JP, unit="jp", to=game.hex(1, ROW)))
    assert rejection is not None and rejection.code == "enemy_occupied"


def test_a_move_follows_the_cheapest_path_and_reports_it_R7_1() -> None:
    # given a road detour around a jungle hex
    game = (_row().terrain((1, ROW), "jungle").road((0, ROW), (1, ROW - 1), (2, ROW))
            .unit("inf", "JP", at=(0, ROW)).build())
    to = game.hex(2, ROW)
    # when the unit moves two hexes east
    outcome = rules.apply(game.gd, game.state, MoveUnit(side=Side.JP, unit="inf", to=to))
    # then it went along the road (1 MP) rather than through the jungle (3 MP)
    (event,) = [e for e in outcome.events if isinstance(e, UnitMoved)]
    assert event.path == (game.hex(0, ROW), game.hex(1, ROW - 1), to) and event.cost == 1
    unit = outcome.state.units[game.gd.unit_index["inf"]]
    assert (unit.hex, unit.mp_used, unit.used, unit.ground_moved) == (to, 1, True, True)


def test_moving_an_enemy_unit_or_to_an_unreachable_hex_is_refused_with_a_reason_R7_2() -> None:
    game = _row().unit("jp", "JP", at=(0, ROW), movement=2).unit("cw", "CW", at=(7, 4)).build()
    far = rules.check(game.gd, game.state, MoveUnit(side=Side.JP, unit="jp", to=game.hex(6, ROW)))
    assert far is not None and far.code == "out_of_reach"
    enemy = rules.check(game.gd, game.state, MoveUnit(side=Side.JP, unit="cw", to=game.hex(6, 4)))
    assert enemy is not None and enemy.code == "not_your_unit"
