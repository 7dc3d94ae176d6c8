"""Speed-ups of the rollouts (issue 29) that must change no answer: each is checked against the plain computation."""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import lru_cache, partial
from typing import TypeVar

import pytest

from malaya.ai import make_ai
from malaya.ai.levels import level
from malaya.ai.move_setup import move_context
from malaya.ai.movement import local_front, score_cw
from malaya.ai.rail import cw_rail_score
from malaya.ai.supply_outlook import ring_of, rings, supply_steps
from malaya.content.campaign import load_game_def
from malaya.engine import blocked_hexes, supplied_hexes, supply_network, supply_sources
from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Hex
from malaya.engine.movement import reachable, route_to
from malaya.engine.sides import Side
from malaya.engine.state import GameState, Location, Phase
from malaya.engine.unitdefs import UnitType
from malaya.engine.view_of_side import side_view
from malaya.resources import scenario_file
from malaya.session.match import Match

T = TypeVar("T")


@lru_cache(maxsize=1)
def campaign() -> GameDef:
    return load_game_def(scenario_file())


@lru_cache(maxsize=1)
def opening_game() -> tuple[GameState, ...]:
    """The true states of the campaign's first game-turn and a half, both sides the rollout level (seed 3)."""
    gd = campaign()
    match = Match.new(gd, seed=3)
    ais = {side: make_ai("rollout", side, 3) for side in Side}
    states = [match.state]
    while match.state.turn < 3:
        match.resolve_chance()
        assert match.submit(ais[match.state.side](gd, side_view(gd, match.state, match.state.side))) is None
        states.append(match.state)
    return tuple(states)


def fresh(compute: Callable[[], T]) -> T:
    """``compute()`` on a new thread: with empty per-thread caches (the position memo and the caches by inputs)."""
    out: list[T] = []
    worker = threading.Thread(target=lambda: out.append(compute()))
    worker.start()
    worker.join()
    return out[0]


@pytest.mark.slow
def test_given_a_played_opening_when_each_view_is_built_again_with_empty_caches_then_it_is_the_same() -> None:
    # given the side views of every position of an opening, built one after another (their stand-ins shared)
    gd = campaign()
    states = opening_game()
    for state in states[::7]:
        for side in Side:
            shared = side_view(gd, state, side)
            # when the same view is built with nothing cached, then it is the very same state
            assert fresh(partial(side_view, gd, state, side)) == shared


@pytest.mark.slow
def test_given_routes_kept_across_positions_then_every_unit_reaches_what_a_fresh_search_finds() -> None:
    # given every position of an opening's JP Movement phases, its routes asked one position after another
    gd = campaign()
    moving = [s for s in opening_game() if s.phase is Phase.MOVEMENT and s.side is Side.JP]
    assert len(moving) > 10
    for state in moving[::3]:
        for u in state.units:
            if u.location is not Location.MAP or gd.side_of(u.id) is not Side.JP:
                continue
            routes = reachable(gd, state, u.id)
            # then they are a fresh search's routes (R5-R7), and one route asked alone is the same route
            assert fresh(partial(reachable, gd, state, u.id)) == routes
            for to in list(routes)[:3]:
                assert fresh(partial(route_to, gd, state, u.id, to)) == routes[to]


@pytest.mark.slow
def test_a_hexs_land_distance_searched_from_it_is_the_distance_the_rings_give() -> None:
    # given the JP's supply area at the start of the campaign (its network and supply steps, R10.4)
    gd = campaign()
    state = opening_game()[0]
    blocked = blocked_hexes(gd, state, Side.JP)
    network = supply_network(gd, state, Side.JP, supply_sources(gd, state, Side.JP), blocked)
    start = set(supply_steps(gd, state, UnitType.INFANTRY, network, blocked))
    whole = rings(gd, start, 20)
    # when every hex's distance is searched from the hex itself, then it is the rings' distance (None: further)
    for h in gd.board.terrain:
        assert ring_of(gd, start, h, 20) == whole.get(h), h


@pytest.mark.slow
def test_the_movement_context_gives_exactly_the_engines_supplied_hexes_for_every_unit_type() -> None:
    # given each side's Movement phase context, whose supplied hexes are worked out when first asked
    gd = campaign()
    for state in opening_game():
        if state.phase is not Phase.MOVEMENT:
            continue
        ctx = move_context(gd, state, level("rollout"), lambda _note: None)
        # then for each unit type they are the engine's supplied hexes (R10.3, R10.4)
        engine = supplied_hexes(gd, state, state.side)
        assert {kind: ctx.supplied[kind] for kind in UnitType} == engine
        assert ctx.supplied.get(UnitType.ARMOR, frozenset()) == engine[UnitType.ARMOR]
        assert set(ctx.supplied) == set(UnitType) and len(ctx.supplied) == len(UnitType)


@pytest.mark.slow
def test_the_cw_rail_scores_are_the_movement_scores_with_each_hexs_local_front() -> None:
    # given the CW's first Rail phase of the campaign and its Movement phase's picture
    gd = campaign()
    rail = next(s for s in opening_game() if s.phase is Phase.RAIL and s.side is Side.CW)
    lvl = level("rollout")
    ctx = move_context(gd, rail, lvl, lambda _note: None)
    score = cw_rail_score(gd, rail, ctx, lvl)
    cw = [u.id for u in rail.units if u.location is Location.MAP and gd.side_of(u.id) is Side.CW]
    hexes: list[Hex] = sorted({h for h in gd.board.terrain if gd.board.on_map(h)})[::40]
    # then every unit's score on every hex is score_cw's with that hex's local front, asked in any order
    for unit_id in cw[:12]:
        for h in hexes:
            assert score(unit_id, h) == score_cw(gd, rail, ctx, lvl, unit_id, h, local_front(ctx, h))


@pytest.mark.slow
def test_given_the_full_search_is_not_kept_a_route_asked_alone_is_the_full_searchs_route() -> None:
    # given the opening's first JP Movement position and a unit's full search (R5-R7)
    gd = campaign()
    state = next(s for s in opening_game() if s.phase is Phase.MOVEMENT and s.side is Side.JP)
    unit = next(u for u in state.units if u.location is Location.MAP and gd.side_of(u.id) is Side.JP)
    routes = fresh(partial(reachable, gd, state, unit.id))
    # when each route is asked on its own, on a thread that searched nothing yet, then it is the same route
    for to, route in list(routes.items())[:8]:
        assert fresh(partial(route_to, gd, state, unit.id, to)) == route
