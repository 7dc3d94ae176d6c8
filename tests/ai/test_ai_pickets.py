"""JP road pickets (issue 18 blunder 3): a spare JP unit guards the supply road beside a CW stack
the spearhead bypassed, so that it cannot cut the road (R6.4 ZOC, R10.4 supply along roads)."""

from __future__ import annotations

from malaya.ai.controller import AIController
from malaya.ai.levels import level
from malaya.ai.movement import best_destination
from malaya.ai.pickets import GUARD_REACH, bypassed_stacks, picket_hexes
from malaya.engine.movement import reachable
from malaya.engine.state import Phase
from tests.builder import Game, GameBuilder

ROAD = tuple((2, r) for r in range(30))


def _bypassed_stack(guarded: bool = False) -> Game:
    # given a north-south road held by the JP from its supply source down to its spearhead of three
    # regiments near the fortress, a CW brigade left behind two hexes beside the road, and a spare
    # JP regiment on the road between them
    builder = (GameBuilder(width=8, height=30).terrain((2, 29), "fortress").road(*ROAD).siam(*ROAD)
            .place("JP base", (2, 0), supply_source="JP")
            .unit("jp_a", "JP", at=(2, 27)).unit("jp_b", "JP", at=(2, 26)).unit("jp_c", "JP", at=(1, 26))
            .unit("jp_spare", "JP", at=(2, 7))
            .unit("cw_left", "CW", at=(4, 2), defense=14)
            .at_phase(Phase.MOVEMENT))
    if guarded:
        builder.unit("jp_guard", "JP", at=(2, 2))
    return builder.build()


def _destination(game: Game, level_name: str):
    bot = AIController(level_name, game.state.side)
    ctx = bot._move_context(game.gd, game.state)
    routes = reachable(game.gd, game.state, "jp_spare")
    return best_destination(game.gd, game.state, ctx, level(level_name), "jp_spare", routes, {})


def test_the_bypassed_brigade_beside_the_road_is_seen_as_a_threat_to_it() -> None:
    game = _bypassed_stack()
    bot = AIController("hard", game.state.side)
    ctx = bot._move_context(game.gd, game.state)
    # when the JP looks for bypassed stacks near its road
    road = {game.hex(*c) for c in ROAD}
    # then the brigade far behind the spearhead is one
    assert bypassed_stacks(game.gd, game.state, ctx.know, ctx.picture, road) == [game.hex(4, 2)]


def test_hard_jp_sends_a_spare_unit_to_picket_the_road_where_baseline_does_not() -> None:
    game = _bypassed_stack()
    # when the hard and the baseline JP move the spare regiment
    hard = _destination(game, "hard")
    baseline = _destination(game, "baseline")
    # then the hard JP ends it on the road within two hexes of the brigade; baseline sends it on south
    assert hard is not None and hard in {game.hex(*c) for c in ROAD}
    assert hard.distance(game.hex(4, 2)) <= GUARD_REACH
    assert baseline is None or baseline.distance(game.hex(4, 2)) > GUARD_REACH


def test_a_stack_already_guarded_needs_no_second_picket() -> None:
    # given the same position with a JP regiment already on the road beside the brigade
    game = _bypassed_stack(guarded=True)
    bot = AIController("hard", game.state.side)
    ctx = bot._move_context(game.gd, game.state)
    road = {game.hex(*c) for c in ROAD}
    # when the spare regiment looks for a road to picket, then there is none; the guard itself has one
    assert not picket_hexes(game.gd, game.state, ctx.know, ctx.picture, "jp_spare", road)
    assert picket_hexes(game.gd, game.state, ctx.know, ctx.picture, "jp_guard", road)
