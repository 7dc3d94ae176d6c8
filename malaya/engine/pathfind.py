"""Exact, fast path-finding for ground and rail movement (RULES R5, R6, R7, R8).

Costs are exact: every MP cost of the ruleset is scaled by the least common
multiple of their denominators (2 for the campaign's road ½ MP), so Dijkstra runs
on integers and the results convert back to exact ``Fraction`` MP.

Static data derived from a :class:`GameDef` (the legal steps out of each hex for
each unit type, the rail network) is built lazily and cached per game definition.
Demolished bridges are an overlay: a step's cost depends on the demolished set only
through its own edge, so one table per unit type serves every hex that touches no
demolished edge, and a hex that touches one keeps its steps by the demolished edges at
that hex, shared by every demolished set holding the same edges there. Per-position data
(enemy ZOC, occupied hexes, reachable sets) is cached for the last ``(gd, state)``
pair seen, so that the legality gate re-checking every generated action costs a
dictionary look-up.
"""

from __future__ import annotations

import heapq
import math
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import NamedTuple, TypeVar

from malaya.engine.board import Connection, Hexside, Terrain
from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Edge, Hex, edge
from malaya.engine.sides import Side
from malaya.engine.state import GameState
from malaya.engine.terrain import entry_cost
from malaya.engine.unitdefs import UnitType
from malaya.engine.zoc import occupied_hexes, zoc_hexes

T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")


class Route(NamedTuple):
    """How a unit reaches a hex: the MP it costs and the hexes it passes, start and destination included."""

    cost: Fraction
    path: tuple[Hex, ...]


class Step(NamedTuple):
    """One legal step out of a hex: the neighbour, its scaled MP cost, and whether it takes the whole MA."""

    to: Hex
    cost: int
    whole_ma: bool


@dataclass(eq=False)
class _Static:
    """Per-GameDef caches (see module docstring)."""

    gd: GameDef
    scale: int
    steps: dict[UnitType, dict[Hex, tuple[Step, ...]]] = field(default_factory=dict)  # nothing demolished
    # steps out of a hex beside a demolished edge, by (unit type, hex, the demolished edges touching the hex)
    overlay: dict[tuple[UnitType, Hex, frozenset[Edge]], tuple[Step, ...]] = field(default_factory=dict)
    touched: dict[frozenset[Edge], frozenset[Hex]] = field(default_factory=dict)  # hexes on a demolished edge
    local: dict[frozenset[Edge], dict[Hex, frozenset[Edge]]] = field(default_factory=dict)  # touched hex → its edges
    costs: list[Fraction] = field(default_factory=list)  # scaled integer MP → exact MP, by index
    rail: dict[Hex, tuple[Hex, ...]] = field(default_factory=dict)
    extra: dict[object, object] = field(default_factory=dict)
    step_rules: dict[UnitType, _StepRules] = field(default_factory=dict)
    along: dict[Edge, int] = field(default_factory=dict)  # scaled MP of the cheapest connection on an edge


class _StepRules(NamedTuple):
    """``entry_cost`` with nothing demolished, as look-ups in scaled MP for one unit type."""

    terrain: dict[Terrain, int]  # enterable terrain → scaled MP (prohibited and sea are absent)
    hexside: dict[Hexside, tuple[bool, int] | None]  # feature → (takes the whole MA, extra scaled MP); None = refused


_STATIC: dict[int, _Static] = {}
_STATIC_LIMIT = 8
_OVERLAY_LIMIT = 256  # demolished sets whose touched hexes are remembered


def _mp_scale(gd: GameDef) -> int:
    """The least common multiple of the denominators of every MP cost of the ruleset."""
    rules = gd.scenario.ruleset
    costs = [rules.movement.road_mp, rules.movement.rail_mp]
    for t in rules.terrain.values():
        costs += [c for c in (t.infantry_mp, t.armor_mp) if c is not None]
    costs += [h.extra_mp for h in rules.hexsides.values()]
    return math.lcm(*(Fraction(c).denominator for c in costs))


def _rail_network(gd: GameDef) -> dict[Hex, tuple[Hex, ...]]:
    """Each rail hex and its rail neighbours, in direction order."""
    rails = gd.board.connections.get(Connection.RAIL, frozenset())
    out: dict[Hex, list[Hex]] = {}
    for a, b in rails:
        out.setdefault(a, []).append(b)
        out.setdefault(b, []).append(a)
    return {h: tuple(n for n in h.neighbors() if n in nbrs) for h, nbrs in sorted(out.items())}


def static_of(gd: GameDef) -> _Static:
    """The cached static data of a game definition (built on first use)."""
    cached = _STATIC.get(id(gd))
    if cached is None or cached.gd is not gd:
        if len(_STATIC) >= _STATIC_LIMIT:
            _STATIC.pop(next(iter(_STATIC)))
        cached = _Static(gd=gd, scale=_mp_scale(gd), rail=_rail_network(gd))
        cached.along = _connection_costs(gd, cached.scale)
        _STATIC[id(gd)] = cached
    return cached


def _connection_costs(gd: GameDef, scale: int) -> dict[Edge, int]:
    """The scaled MP of the cheapest road/rail connection on each connected edge (R5.2)."""
    movement = gd.scenario.ruleset.movement
    costs = {Connection.ROAD: movement.road_mp, Connection.RAIL: movement.rail_mp}
    out: dict[Edge, int] = {}
    for kind, edges in gd.board.connections.items():
        scaled = int(costs[kind] * scale)
        for e in edges:
            out[e] = min(out.get(e, scaled), scaled)
    return out


def _step_rules(static: _Static, unit_type: UnitType) -> _StepRules:
    """The scaled look-up tables of :func:`entry_cost` for ``unit_type`` (built once per game definition)."""
    found = static.step_rules.get(unit_type)
    if found is None:
        rules, scale = static.gd.scenario.ruleset, static.scale
        is_armor = unit_type is UnitType.ARMOR
        terrain: dict[Terrain, int] = {}
        for ground, effects in rules.terrain.items():
            cost = effects.armor_mp if is_armor else effects.infantry_mp
            if cost is not None and ground is not Terrain.SEA:
                terrain[ground] = int(cost * scale)
        hexside: dict[Hexside, tuple[bool, int] | None] = {}
        for feature, effect in rules.hexsides.items():
            refused = effect.prohibited or (is_armor and (effect.armor_needs_bridge or effect.infantry_only))
            hexside[feature] = None if refused else (effect.whole_ma, int(effect.extra_mp * scale))
        found = static.step_rules[unit_type] = _StepRules(terrain, hexside)
    return found


def _base_steps_of(static: _Static, unit_type: UnitType, h: Hex) -> tuple[Step, ...]:
    """The steps out of ``h`` with nothing demolished: exactly what :func:`entry_cost` gives, scaled."""
    board, along = static.gd.board, static.along
    rules = _step_rules(static, unit_type)
    terrain_of, hexsides = board.terrain, board.hexsides
    out = []
    for n in static.gd.adjacent[h]:
        terrain = terrain_of[n]
        if terrain is Terrain.SEA:
            continue
        e = edge(h, n)
        connection = along.get(e)
        if connection is not None:
            out.append(Step(n, connection, False))
            continue
        cost = rules.terrain.get(terrain)
        if cost is None:
            continue
        kind = hexsides.get(e)
        effect = (False, 0) if kind is None else rules.hexside[kind]
        if effect is not None:
            whole, extra = effect
            out.append(Step(n, cost, True) if whole else Step(n, cost + extra, False))
    return tuple(out)


def static_value(gd: GameDef, key: object, compute: Callable[[], T]) -> T:
    """``compute()`` cached for the lifetime of this game definition (static data only)."""
    extra = static_of(gd).extra
    if key not in extra:
        extra[key] = compute()
    return extra[key]  # type: ignore[return-value]


def mp_scale(gd: GameDef) -> int:
    """The integer MP unit: exact MP × this is an integer for every cost of the ruleset."""
    return static_of(gd).scale


def _bounded_put(table: dict[K, V], key: K, value: V, limit: int) -> V:
    """Store ``value`` under ``key``, first dropping the oldest entry if the table is full."""
    if len(table) >= limit:
        table.pop(next(iter(table)))
    table[key] = value
    return value


def touched_hexes(gd: GameDef, demolished: frozenset[Edge]) -> frozenset[Hex]:
    """Hexes at either end of a demolished edge: the only ones whose steps differ from the base table."""
    static = static_of(gd)
    found = static.touched.get(demolished)
    if found is None:
        found = _bounded_put(static.touched, demolished, frozenset(h for e in demolished for h in e), _OVERLAY_LIMIT)
    return found


def base_steps(gd: GameDef, unit_type: UnitType) -> dict[Hex, tuple[Step, ...]]:
    """The (lazily filled) table of steps out of each hex with nothing demolished; see :func:`steps_from`."""
    table = static_of(gd).steps.get(unit_type)
    if table is None:
        table = static_of(gd).steps[unit_type] = {}
    return table


def demolished_near(gd: GameDef, demolished: frozenset[Edge], h: Hex) -> frozenset[Edge]:
    """The edges of ``demolished`` that touch ``h``: all a step out of or into ``h`` depends on (R7.7)."""
    static = static_of(gd)
    by_hex = static.local.get(demolished)
    if by_hex is None:
        near: dict[Hex, set[Edge]] = {}
        for e in demolished:
            for x in e:
                near.setdefault(x, set()).add(e)
        by_hex = _bounded_put(static.local, demolished, {x: frozenset(es) for x, es in near.items()}, _OVERLAY_LIMIT)
    return by_hex.get(h, frozenset())


def steps_from(gd: GameDef, unit_type: UnitType, demolished: frozenset[Edge], h: Hex) -> tuple[Step, ...]:
    """Every step a unit of ``unit_type`` may take out of ``h`` by terrain alone (R5), cached.

    A step's cost depends on the demolished set only through its own edge (R7.7), so a hex
    touching no demolished edge reads the base table shared by every demolished set, and a hex
    beside one reads the steps kept for the demolished edges that touch it (shared by every set
    holding the same edges there).
    """
    if not demolished or h not in touched_hexes(gd, demolished):
        table = base_steps(gd, unit_type)
        found = table.get(h)
        if found is None:
            found = table[h] = _base_steps_of(static_of(gd), unit_type, h)
        return found
    near = demolished_near(gd, demolished, h)
    overlay = static_of(gd).overlay
    found = overlay.get((unit_type, h, near))
    if found is None:
        scale = static_of(gd).scale
        out = []
        for n in gd.adjacent[h]:
            entry = entry_cost(gd, unit_type, h, n, near)
            if entry is not None:
                out.append(Step(n, int(entry.cost * scale), entry.whole_ma))
        found = overlay[(unit_type, h, near)] = tuple(out)
    return found


def exact_mp(gd: GameDef, scaled: int) -> Fraction:
    """The exact MP of a scaled integer cost (shared immutable Fractions, built once per value)."""
    static = static_of(gd)
    costs = static.costs
    while len(costs) <= scaled:
        costs.append(Fraction(len(costs), static.scale))
    return costs[scaled]


def rail_neighbours(gd: GameDef, h: Hex) -> tuple[Hex, ...]:
    """Hexes joined to ``h`` by a rail connection, in direction order."""
    return static_of(gd).rail.get(h, ())


def is_rail_hex(gd: GameDef, h: Hex) -> bool:
    """True if a rail connection touches ``h``."""
    return h in static_of(gd).rail


# --- per-position cache -----------------------------------------------------------------------


class _PositionMemo(threading.local):
    """The cache of the last position looked at, one per thread (the UI asks from two threads)."""

    def __init__(self) -> None:
        self.gd: GameDef | None = None
        self.state: GameState | None = None
        self.values: dict[object, object] = {}


_POSITION = _PositionMemo()


def memoized(gd: GameDef, state: GameState, key: object, compute: Callable[[], T]) -> T:
    """``compute()`` cached for this exact ``(gd, state)`` pair (by identity; states are immutable)."""
    memo = _POSITION
    if memo.gd is not gd or memo.state is not state:
        memo.gd, memo.state, memo.values = gd, state, {}
    if key not in memo.values:
        memo.values[key] = compute()
    return memo.values[key]  # type: ignore[return-value]


def remembered(gd: GameDef, state: GameState, key: object) -> object | None:
    """What :func:`memoized` holds under ``key`` for this exact ``(gd, state)`` pair, or None."""
    memo = _POSITION
    if memo.gd is not gd or memo.state is not state:
        return None
    return memo.values.get(key)


def enemy_zoc(gd: GameDef, state: GameState, side: Side) -> frozenset[Hex]:
    """Hexes in the zone of control of ``side``'s enemy (R6.1), cached per position."""
    return memoized(gd, state, ("ezoc", side), lambda: zoc_hexes(gd, state, side.enemy))


def enemy_occupied(gd: GameDef, state: GameState, side: Side) -> frozenset[Hex]:
    """Hexes holding an enemy unit of ``side`` (R7.2), cached per position."""
    return memoized(gd, state, ("enemy", side), lambda: occupied_hexes(gd, state, side.enemy))


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
    return {h: Route(Fraction(len(p) - 1), p) for h, p in paths.items() if h != start}


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
