"""Supply lines (RULES R10.3, R10.4, R6.4): the hexes a side can supply, found once per side.

A supply line runs from a unit up to ``ruleset.supply.overland_hexes`` hexes
overland to a friendly-controlled road/rail hex, then along any length of usable
road/rail connections through friendly-controlled road/rail hexes to a source.
Instead of tracing a line per unit, one search per side finds every hex that
could start such a line:

1. the *network*: a breadth-first search from the side's usable sources along
   road/rail connections (not over demolished bridges) through friendly-controlled
   hexes that are neither enemy-occupied nor in an enemy ZOC free of friendly units;
2. the *reach*: a breadth-first search of at most N overland steps outward from the
   network, one per unit type, through hexes the type could enter, never across a
   hexside that blocks supply, never through an enemy-occupied hex or an enemy-ZOC
   hex without a friendly unit.

Static look-ups (which steps are possible at all) are cached per game definition
and set of demolished bridges. See docs/rules-notes.md, "Supply (R10)".
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from malaya.engine.board import Terrain
from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Edge, Hex, edge
from malaya.engine.sides import Side
from malaya.engine.state import GameState
from malaya.engine.step_tables import demolished_near, steps_from
from malaya.engine.terrain import effective_hexside
from malaya.engine.unitdefs import UnitType
from malaya.engine.zoc import occupied_hexes, zoc_hexes

Links = dict[Hex, tuple[Hex, ...]]


def blocks_supply(gd: GameDef, a: Hex, b: Hex, demolished: frozenset[Edge]) -> bool:
    """True if the hexside between ``a`` and ``b`` blocks supply lines (all-sea, strait; R10.4)."""
    kind = effective_hexside(gd, a, b, demolished)
    return kind is not None and gd.scenario.ruleset.hexsides[kind].blocks_supply


@lru_cache(maxsize=16)
def road_links(gd: GameDef, demolished: frozenset[Edge]) -> Links:
    """For each road/rail hex, the neighbours joined to it by a usable connection (R10.4, R7.7)."""
    linked: dict[Hex, list[Hex]] = {}
    for a, b in sorted(frozenset().union(*gd.board.connections.values())):
        if (a, b) in demolished or blocks_supply(gd, a, b, demolished):
            continue
        linked.setdefault(a, []).append(b)
        linked.setdefault(b, []).append(a)
    return {h: tuple(sorted(ns)) for h, ns in linked.items()}


def overland_feeders(gd: GameDef, unit_type: UnitType, demolished: frozenset[Edge]) -> Links:
    """For each land hex ``x``, the land neighbours ``y`` from which a unit of ``unit_type`` may step into ``x``.

    Built once per game definition and unit type; demolished bridges only change
    the entries of the hexes on either side of them.
    """
    base = _intact_feeders(gd, unit_type)
    return base if not demolished else _demolished_feeders(gd, unit_type, demolished)


@lru_cache(maxsize=64)
def _demolished_feeders(gd: GameDef, unit_type: UnitType, demolished: frozenset[Edge]) -> Links:
    """The intact feeders with the hexes beside demolished bridges replaced (a game has about 18 sets)."""
    out = dict(_intact_feeders(gd, unit_type))
    for x in sorted({h for e in demolished for h in e if h in out}):
        out[x] = _feeders_of(gd, unit_type, x, demolished_near(gd, demolished, x))
    return out


@lru_cache(maxsize=1 << 12)
def _feeders_of(gd: GameDef, unit_type: UnitType, x: Hex, demolished: frozenset[Edge]) -> tuple[Hex, ...]:
    """The land neighbours from which a unit of ``unit_type`` may step into ``x`` (one hex, by the steps table).

    A step into ``x`` depends on the demolished set only through its own edge (R7.7), so callers pass the
    demolished edges touching ``x`` and every set with the same edges there shares the answer."""
    terrain = gd.board.terrain
    return tuple(
        y for y in gd.adjacent[x]
        if terrain[y] is not Terrain.SEA and _special_step_ok(gd, unit_type, y, x, demolished)
    )


@lru_cache(maxsize=16)
def _intact_feeders(gd: GameDef, unit_type: UnitType) -> Links:
    """Feeders of every land hex with no bridge demolished.

    Steps with a connection or a hexside feature read the steps table (:func:`step_tables.steps_from`); a plain
    step (neither) depends only on the terrain of ``x``, so that is looked up once.
    """
    none: frozenset[Edge] = frozenset()
    terrain = gd.board.terrain
    special = frozenset(gd.board.hexsides).union(*gd.board.connections.values())
    effects = gd.scenario.ruleset.hexsides
    blocking = frozenset(e for e, kind in gd.board.hexsides.items() if effects[kind].blocks_supply)
    costs = gd.scenario.ruleset.terrain
    is_armor = unit_type is UnitType.ARMOR
    enterable = {t for t, e in costs.items() if (e.armor_mp if is_armor else e.infantry_mp) is not None}
    out: Links = {}
    for x, kind in terrain.items():
        if kind is Terrain.SEA:
            continue
        plain_ok = kind in enterable
        feeders = []
        for y in gd.adjacent[x]:
            if terrain[y] is Terrain.SEA:
                continue
            e = edge(x, y)
            if e not in special:
                if plain_ok:
                    feeders.append(y)
            elif e not in blocking and any(step.to == x for step in steps_from(gd, unit_type, none, y)):
                feeders.append(y)
        out[x] = tuple(feeders)
    return out


def _special_step_ok(gd: GameDef, unit_type: UnitType, a: Hex, b: Hex, demolished: frozenset[Edge]) -> bool:
    """A step across a hexside feature or along a connection: enterable and not blocking supply."""
    return not blocks_supply(gd, a, b, demolished) and any(s.to == b for s in steps_from(gd, unit_type, demolished, a))


def blocked_hexes(gd: GameDef, state: GameState, side: Side) -> frozenset[Hex]:
    """Hexes no supply line of ``side`` may pass: enemy-occupied, or in an EZOC with no friendly unit (R6.4)."""
    enemy = side.enemy
    friendly = occupied_hexes(gd, state, side)
    return occupied_hexes(gd, state, enemy) | (zoc_hexes(gd, state, enemy) - friendly)


def supply_network(
    gd: GameDef, state: GameState, side: Side, sources: Iterable[Hex], blocked: frozenset[Hex]
) -> set[Hex]:
    """Usable ``sources`` plus every friendly road/rail hex joined to one by an open road/rail path (R10.4)."""
    links = road_links(gd, state.demolished)
    start = [h for h in sorted(sources) if h not in blocked]
    seen = set(start)
    frontier = start
    jp_control, jp_side = state.jp_control, side is Side.JP  # state.controller(n) is side, inline (the hot path)
    while frontier:
        nxt: list[Hex] = []
        for h in frontier:
            for n in links.get(h, ()):
                if n in seen or n in blocked or (n in jp_control) is not jp_side:
                    continue
                seen.add(n)
                nxt.append(n)
        frontier = nxt
    return seen


def overland_reach(
    gd: GameDef, state: GameState, unit_type: UnitType, network: Iterable[Hex], blocked: frozenset[Hex]
) -> frozenset[Hex]:
    """Hexes from which a unit of ``unit_type`` can trace at most N overland hexes to the network (R10.4)."""
    feeders = overland_feeders(gd, unit_type, state.demolished)
    seen = set(network)
    frontier = list(seen)
    for _ in range(gd.scenario.ruleset.supply.overland_hexes):
        nxt: list[Hex] = []
        for x in frontier:
            for y in feeders.get(x, ()):
                if y not in seen and y not in blocked:
                    seen.add(y)
                    nxt.append(y)
        frontier = nxt
    return frozenset(seen)


def traces_to(
    gd: GameDef, state: GameState, unit_type: UnitType, start: Hex, network: set[Hex] | frozenset[Hex],
    blocked: frozenset[Hex],
) -> bool:
    """True if a unit of ``unit_type`` on ``start`` can trace at most N overland hexes to the network (R10.4):
    exactly ``start in overland_reach(...)``, searched from the unit toward the network instead of from the
    whole network outward (a unit is usually on the network or a step or two from it)."""
    if start in network:
        return True
    if start in blocked:
        return False
    feeders = overland_feeders(gd, unit_type, state.demolished)
    seen = {start}
    frontier = [start]
    for _ in range(gd.scenario.ruleset.supply.overland_hexes):
        nxt: list[Hex] = []
        for y in frontier:
            for x in gd.adjacent[y]:  # y feeds x: a unit may step from y into x
                if x in seen or y not in feeders.get(x, ()):
                    continue
                if x in network:
                    return True
                seen.add(x)
                if x not in blocked:
                    nxt.append(x)
        frontier = nxt
    return False


def reach_by_type(
    gd: GameDef, state: GameState, side: Side, sources: Iterable[Hex], unit_types: Iterable[UnitType]
) -> dict[UnitType, frozenset[Hex]]:
    """For each unit type, the hexes where a unit of ``side`` of that type can trace supply (R10.4)."""
    blocked = blocked_hexes(gd, state, side)
    network = supply_network(gd, state, side, sources, blocked)
    return {t: overland_reach(gd, state, t, network, blocked) for t in unit_types}


def clear_caches() -> None:
    """Forget the cached static look-ups (benchmarks measure the first, cold search)."""
    for cached in (road_links, _intact_feeders, _demolished_feeders, _feeders_of):
        cached.cache_clear()
