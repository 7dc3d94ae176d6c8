"""The rollout level (issue 29): the analysis's computer player, cheaper than normal and as deterministic."""

from __future__ import annotations

import random
from functools import lru_cache

import pytest

from malaya.ai import make_ai
from malaya.ai.destinations import DRAWN, weighed_routes
from malaya.ai.levels import LEVELS, Behaviour, level
from malaya.ai.move_context import MoveContext
from malaya.ai.move_setup import move_context
from malaya.cli_parser import ANALYSIS_LEVELS, build_parser
from malaya.content.campaign import load_game_def
from malaya.engine.actions import Action
from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Hex
from malaya.engine.movement import reachable
from malaya.engine.sides import Side
from malaya.engine.state import GameState, Location, Phase
from malaya.engine.view_of_side import side_view
from malaya.resources import scenario_file
from malaya.session.analysis.rollout import ANALYSIS_LEVEL
from malaya.session.match import Match


@lru_cache(maxsize=1)
def campaign() -> GameDef:
    return load_game_def(scenario_file())


@lru_cache(maxsize=1)
def jp_movement() -> tuple[GameState, MoveContext]:
    """The JP's view at the start of its first Movement phase of the campaign, and what it knows there."""
    gd = campaign()
    match = Match.new(gd, seed=5)
    ais = {side: make_ai("rollout", side, 5) for side in Side}
    while not (match.state.phase is Phase.MOVEMENT and match.state.side is Side.JP):
        assert match.submit(ais[match.state.side](gd, side_view(gd, match.state, match.state.side))) is None
    view = side_view(gd, match.state, Side.JP)
    return view, move_context(gd, view, level("rollout"), lambda _note: None)


def widest_jp_unit(gd: GameDef, state: GameState) -> str:
    """The JP unit on the map that can reach the most hexes."""
    jp = [u.id for u in state.units if u.location is Location.MAP and gd.side_of(u.id) is Side.JP]
    return max(jp, key=lambda u: (len(reachable(gd, state, u)), u))


def test_the_analysis_plays_its_rollouts_at_the_rollout_level_by_default() -> None:
    # given the analysis's level, then it is the rollout level: normal with the rollout behaviours on
    assert ANALYSIS_LEVEL == "rollout" and ANALYSIS_LEVEL in LEVELS
    rollout = level("rollout")
    assert rollout.has(Behaviour.DRAW_DESTINATIONS) and rollout.has(Behaviour.RAIL_BY_MOVE_PICTURE)
    assert not any(lvl.has(Behaviour.DRAW_DESTINATIONS) for name, lvl in LEVELS.items() if name != "rollout")


@pytest.mark.slow
def test_given_the_same_seed_when_the_rollout_level_plays_jitra_twice_then_the_game_is_the_same() -> None:
    """Its drawn destinations come from the AI's seeded generator only: same seed, same game."""
    gd = load_game_def(scenario_file("jitra"))

    def play(seed: int) -> tuple[list[Action], str]:
        match = Match.new(gd, seed=seed)
        match.play({Side.JP: make_ai("rollout", Side.JP, 2 * seed), Side.CW: make_ai("rollout", Side.CW, 2 * seed + 1)})
        return match.log, match.state.digest()

    # given one game, when the same seed is played again, then every action and the final state are identical
    first = play(7)
    assert len(first[0]) > 50 and play(7) == first
    # and another seed plays another game
    assert play(8) != first


def test_given_a_jp_unit_that_reaches_many_hexes_then_it_weighs_the_key_ones_and_a_seeded_draw() -> None:
    # given the JP unit that reaches the most hexes at its first Movement phase
    gd = campaign()
    view, ctx = jp_movement()
    unit = widest_jp_unit(gd, view)
    routes = reachable(gd, view, unit)
    assert len(routes) > DRAWN
    # when the routes it weighs are picked twice with the same seed
    weighed = weighed_routes(gd, ctx, unit, routes, random.Random(3))
    assert weighed == weighed_routes(gd, ctx, unit, routes, random.Random(3))
    # then they are some of its routes, every objective and every hex next to a known enemy stack among them
    assert set(weighed) <= set(routes) and len(weighed) < len(routes)
    contact = {n for h in ctx.picture.stacks for n in gd.adjacent[h]}
    key = {d for d in routes if d in contact or d in ctx.know.objectives}
    assert key <= set(weighed)
    # and DRAWN more
    assert len(weighed) == len(key) + DRAWN


def test_given_a_cw_unit_then_it_weighs_every_destination() -> None:
    """A drawn defence line leaks: the CW weighs every hex it can reach."""
    # given the CW's context and forty destinations
    gd = campaign()
    _view, ctx = jp_movement()
    routes: dict[Hex, object] = {h: None for h in sorted(gd.adjacent)[:40]}
    cw_ctx = MoveContext(Side.CW, ctx.know, ctx.picture, {}, {}, 0.0, 0)
    # when it picks the routes it weighs, then they are all of them
    assert weighed_routes(gd, cw_ctx, "any", routes, random.Random(1)) is routes


def test_given_malaya_analyze_without_a_level_then_its_rollouts_are_at_the_analysis_level() -> None:
    # given the command line, when analyze is asked for without --level, then the level is the analysis level
    args = build_parser().parse_args(["analyze", "game.json"])
    assert args.level == ANALYSIS_LEVEL
    # and every level it offers is one the AI has
    assert set(ANALYSIS_LEVELS) <= set(LEVELS)
