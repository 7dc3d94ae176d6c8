"""Exact, fast path-finding for ground and rail movement (RULES R5, R6, R7, R8).

Dijkstra on the integer step tables of :mod:`malaya.engine.step_tables`; the results convert back to
exact ``Fraction`` MP. Per-position inputs (enemy ZOC, occupied hexes) come from
:mod:`malaya.engine.position_memo`.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Hex, edge
from malaya.engine.sides import Side
from malaya.engine.state import GameState
from malaya.engine.step_tables import (
    base_steps,
    exact_mp,
    is_rail_hex,
    rail_neighbours,
    static_of,
    steps_from,
    touched_hexes,
)
from malaya.engine.unitdefs import UnitType


class Route(NamedTuple):
    """How a unit reaches a hex: the MP it costs and the hexes it passes, start and destination included."""

    cost: Fraction
    path: tuple[Hex, ...]




# --- searches ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GroundSearch:
    """The inputs of one ground-movement search (R6, R7); MP in scaled integers."""

    start: Hex
    unit_type: UnitType
    budget: int  # MP left, scaled
    fresh: bool  # nothing spent yet: minimum move (R7.4) and strait crossing (R5.2) allowed
    blocked: frozenset[Hex]  # enemy-occupied (R7.2)
    ezoc: frozenset[Hex]  # enemy ZOC (R6.2)


def ground_routes(gd: GameDef, state: GameState, search: GroundSearch) -> dict[Hex, Route]:
    """Every hex a unit can move to with its remaining MP, with the cheapest route (R5-R7).

    Dijkstra on scaled integer costs; ties go to the first-found route, the heap
    ordering (cost, hex) makes this deterministic. Entering an EZOC hex ends the
    move; from the start hex (possibly in EZOC) the unit may not step EZOC→EZOC.
    A strait crossing (whole MA) and the minimum move are one-hex moves from the
    start, offered only to a unit that has spent nothing (R5.2, R7.4).
    """
    start, budget, blocked, ezoc = search.start, search.budget, search.blocked, search.ezoc
    demolished = state.demolished
    dist: dict[Hex, int] = {start: 0}
    prev: dict[Hex, Hex] = {}
    paths: dict[Hex, tuple[Hex, ...]] = {start: (start,)}
    heap: list[tuple[int, Hex]] = [(0, start)]
    start_in_ezoc = start in ezoc
    base = base_steps(gd, search.unit_type)
    touched = touched_hexes(gd, demolished) if demolished else frozenset()
    over = budget + 1  # dist.get(to, over): a hex not yet seen counts as just out of reach
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        d, h = pop(heap)
        if d > dist[h]:
            continue
        if h != start:
            paths[h] = paths[prev[h]] + (h,)
            if h in ezoc:
                continue  # entering an EZOC hex stops the unit (R6.2)
            closed = blocked
        else:
            closed = blocked | ezoc if start_in_ezoc else blocked  # no EZOC→EZOC step from the start
        steps = None if h in touched else base.get(h)
        if steps is None:
            steps = steps_from(gd, search.unit_type, demolished, h)
        for to, cost, whole in steps:
            if whole or to in closed:
                continue
            nd = d + cost
            if nd < dist.get(to, over):  # within the budget too: every dist is at most the budget
                dist[to] = nd
                prev[to] = h
                push(heap, (nd, to))
    exact_mp(gd, max(dist.values()))  # fills the table of exact costs up to the dearest route found
    exact, new = static_of(gd).costs, tuple.__new__  # Route's own __new__ is a Python-level call
    routes = {h: new(Route, (exact[d], paths[h])) for h, d in dist.items() if h != start}
    if search.fresh and budget > 0:
        for to, cost, whole in steps_from(gd, search.unit_type, demolished, start):
            if to in routes or to in blocked or (start_in_ezoc and to in ezoc):
                continue
            routes[to] = Route(exact_mp(gd, budget if whole else cost), (start, to))
    return routes


@dataclass(frozen=True, slots=True)
class RailSearch:
    """The inputs of one rail-movement search (R8.3, R8.5)."""

    start: Hex
    side: Side
    max_hexes: int
    blocked: frozenset[Hex]  # enemy-occupied or in an enemy ZOC


def rail_routes(gd: GameDef, state: GameState, search: RailSearch) -> dict[Hex, Route]:
    """Every rail hex reachable along rail connections through friendly, unblocked rail hexes (R8.3, R8.5).

    Breadth-first, so each route has the fewest hexes; its cost is the number of hexes entered.
    """
    start, side, blocked = search.start, search.side, search.blocked
    if not is_rail_hex(gd, start) or start in blocked or state.controller(start) is not side:
        return {}
    paths: dict[Hex, tuple[Hex, ...]] = {start: (start,)}
    frontier = [start]
    for _ in range(search.max_hexes):
        nxt: list[Hex] = []
        for h in frontier:
            for n in rail_neighbours(gd, h):
                if n in paths or n in blocked or state.controller(n) is not side:
                    continue
                if edge(h, n) in state.demolished:
                    continue
                paths[n] = paths[h] + (n,)
                nxt.append(n)
        if not nxt:
            break
        frontier = nxt
    return {h: Route(_hexes_entered(len(p) - 1), p) for h, p in paths.items() if h != start}


_WHOLE = tuple(Fraction(n) for n in range(64))
"""Whole numbers of MP as exact fractions, made once (a rail route costs the hexes it enters)."""


def _hexes_entered(n: int) -> Fraction:
    """``Fraction(n)``, made once for the usual counts."""
    return _WHOLE[n] if n < len(_WHOLE) else Fraction(n)


def ground_route(gd: GameDef, state: GameState, search: GroundSearch, target: Hex) -> Route | None:
    """The cheapest route to ``target``: exactly ``ground_routes(gd, state, search).get(target)``.

    The same Dijkstra, stopped once ``target`` leaves the heap; the route is then read back
    along the predecessors (each fixed when its hex left the heap), so it is the very route
    the full search records, found without building every other route.
    """
    start, budget, blocked, ezoc = search.start, search.budget, search.blocked, search.ezoc
    if target == start:
        return None
    demolished = state.demolished
    dist: dict[Hex, int] = {start: 0}
    prev: dict[Hex, Hex] = {}
    heap: list[tuple[int, Hex]] = [(0, start)]
    start_in_ezoc = start in ezoc
    base = base_steps(gd, search.unit_type)
    touched = touched_hexes(gd, demolished) if demolished else frozenset()
    from_start = blocked | ezoc if start_in_ezoc else blocked  # no EZOC→EZOC step from the start
    over = budget + 1  # dist.get(to, over): a hex not yet seen counts as just out of reach
    pop, push, seen = heapq.heappop, heapq.heappush, dist.get
    while heap:
        d, h = pop(heap)
        if d > dist[h]:
            continue
        if h == target:
            path = [h]
            while h != start:
                h = prev[h]
                path.append(h)
            return Route(exact_mp(gd, d), tuple(reversed(path)))
        if h == start:
            closed = from_start
        elif h in ezoc:
            continue  # entering an EZOC hex stops the unit (R6.2)
        else:
            closed = blocked
        steps = None if h in touched else base.get(h)
        if steps is None:
            steps = steps_from(gd, search.unit_type, demolished, h)
        for to, cost, whole in steps:
            if whole or to in closed:
                continue
            nd = d + cost
            if nd < seen(to, over):  # within the budget too: every dist is at most the budget
                dist[to] = nd
                prev[to] = h
                push(heap, (nd, to))
    if search.fresh and budget > 0:
        for to, cost, whole in steps_from(gd, search.unit_type, demolished, start):
            if to == target and to not in blocked and not (start_in_ezoc and to in ezoc):
                return Route(exact_mp(gd, budget if whole else cost), (start, to))
    return None
