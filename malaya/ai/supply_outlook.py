"""The Japanese supply outlook a destination is scored by (R10): the supply network the side can use (repaired
bridges counted), the supply steps of a unit type out from it, and land-hex rings around them; each worked out
once per position and kept in the Movement phase's context."""

from __future__ import annotations

from malaya.ai.move_context import LazyRings, MoveContext, SupplyOutlook
from malaya.engine import (
    GameDef,
    GameState,
    Hex,
    Location,
    Side,
    Terrain,
    UnitType,
    overland_feeders,
    road_links,
    static_value,
)


def effective_network(gd: GameDef, state: GameState, ctx: MoveContext) -> set[Hex]:
    """The supply network as it will be when this phase's moves take control of their hexes
    (R13.2: a hex a unit ends in becomes its side's; R10.4: the road part needs friendly hexes)."""
    links = road_links(gd, state.demolished)
    mine = {u.hex for u in state.units
            if u.location is Location.MAP and u.hex is not None and gd.side_of(u.id) is ctx.side}
    seen = set(ctx.network)
    frontier = list(seen)
    blocked, jp_control, jp_side = ctx.blocked, state.jp_control, ctx.side is Side.JP
    while frontier:
        nxt = []
        for h in frontier:
            for n in links.get(h, ()):
                if n in seen or (n in blocked and n not in mine):
                    continue
                if (n in jp_control) is jp_side or n in mine:  # state.controller(n) is ctx.side, inline
                    seen.add(n)
                    nxt.append(n)
        frontier = nxt
    return seen


def supply_steps(gd: GameDef, state: GameState, unit_type: UnitType, network: set[Hex],
                 blocked: frozenset[Hex]) -> dict[Hex, int]:
    """Overland steps (0…N) from the network for hexes a unit of this type could be supplied in
    (R10.4); a hex in the enemy ZOC counts as the end of a line (the unit's own hex, R6.4)."""
    feeders = overland_feeders(gd, unit_type, state.demolished)
    reach = gd.scenario.ruleset.supply.overland_hexes
    out = {h: 0 for h in network}
    frontier = list(network)
    for k in range(1, reach + 1):
        nxt = []
        for x in frontier:
            for y in feeders.get(x, ()):
                if y in out:
                    continue
                out[y] = k
                if y not in blocked:
                    nxt.append(y)
        frontier = nxt
    return out


def land_adjacent(gd: GameDef) -> dict[Hex, tuple[Hex, ...]]:
    """Each hex's land neighbours, in direction order (cached per game definition)."""

    def build() -> dict[Hex, tuple[Hex, ...]]:
        terrain = gd.board.terrain
        return {h: tuple(n for n in ns if terrain[n] is not Terrain.SEA) for h, ns in gd.adjacent.items()}

    return static_value(gd, ("ai", "land_adjacent"), build)


def jp_supply_outlook(gd: GameDef, state: GameState, ctx: MoveContext, unit_type: UnitType,
                      network: set[Hex]) -> SupplyOutlook:
    """The network, the supply steps of ``unit_type`` from it and the land rings around those, memoised in
    the context by their inputs (the network rarely changes between two units' moves)."""
    key = (unit_type, frozenset(network), state.demolished)
    found = ctx.supply_outlook.get(key)
    if found is None:
        steps = supply_steps(gd, state, unit_type, network, ctx.blocked)
        start = set(steps)
        found = ctx.supply_outlook[key] = (network, steps, LazyRings(lambda h: ring_of(gd, start, h, 20)))
    return found


def rings(gd: GameDef, start: set[Hex], depth: int) -> dict[Hex, int]:
    """Hex distance (over land) from ``start``, up to ``depth``."""
    land = land_adjacent(gd)
    out = {h: 0 for h in start}
    frontier = list(start)
    for k in range(1, depth + 1):
        nxt = []
        for h in frontier:
            for n in land[h]:
                if n not in out:
                    out[n] = k
                    nxt.append(n)
        frontier = nxt
    return out


def ring_of(gd: GameDef, start: set[Hex], h: Hex, depth: int) -> int | None:
    """``rings(gd, start, depth).get(h)`` for one hex, searched from ``h`` back toward ``start`` (None: further).

    A ring step enters a land hex; so, searched backward, a step leaves a land hex for any hex next to it,
    and goes on from there only if that hex is land (a sea hex is reached only as one of ``start``)."""
    if h in start:
        return 0
    terrain, adjacent = gd.board.terrain, gd.adjacent
    if terrain[h] is Terrain.SEA:
        return None
    seen = {h}
    frontier = [h]
    for k in range(1, depth + 1):
        nxt = []
        for x in frontier:
            for n in adjacent[x]:
                if n in seen:
                    continue
                if n in start:
                    return k
                seen.add(n)
                if terrain[n] is not Terrain.SEA:
                    nxt.append(n)
        frontier = nxt
    return None
