"""What the AI knows: static map analysis (cached per game definition) and its side's picture
of the enemy, built only from :func:`malaya.engine.intel.observation` (R2.5).

- :class:`MapKnowledge`: the MP distance of every hex to Singapore for infantry and for armor
  (a reverse Dijkstra over the terrain steps, enemies ignored), road/rail hexes, objectives.
- :class:`EnemyPicture`: every enemy stack the side can see or guess, with estimated attack
  and defense. An "Unknown" stack (R2.5) is estimated from its stacking value.
- :func:`threat_map`: for each hex, the enemy attack strength that could strike it next
  enemy player-turn (the enemy stacks' approximate movement reach, own ZOC stopping them).
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from malaya.engine import (
    Edge,
    GameDef,
    GameState,
    Hex,
    Hexside,
    Location,
    Side,
    Terrain,
    UnitState,
    UnitType,
    base_steps,
    exerts_zoc_across,
    is_rail_hex,
    memoized,
    mp_scale,
    observation,
    static_value,
    steps_from,
    touched_hexes,
)

INF = 10**9

# Estimated factors per stacking point of an Unknown enemy stack (R2.5): what a typical
# unit of that side offers (JP regiment 8-6 per 2 points; CW brigade ~5-6 per 2 points).
UNKNOWN_ATTACK_PER_POINT = {Side.JP: 4.0, Side.CW: 2.6}
UNKNOWN_DEFENSE_PER_POINT = {Side.JP: 3.0, Side.CW: 3.1}
UNKNOWN_MA = {Side.JP: 7, Side.CW: 5}


@dataclass(frozen=True, slots=True)
class MapKnowledge:
    """Static analysis of the map for the AI (see module docstring)."""

    dist_inf: dict[Hex, float]  # infantry MP to the nearest Singapore fortress hex
    dist_arm: dict[Hex, float]  # armor MP (inf where armor cannot go)
    roads: frozenset[Hex]  # hexes touched by a road or rail connection
    rail: frozenset[Hex]
    defense_mult: dict[Hex, float]
    objectives: dict[Hex, int]
    fortress: frozenset[Hex]
    ports: frozenset[Hex]
    redoubt: frozenset[Hex] = frozenset()  # the defender's last zone: the fortress hexes and the land joined to them

    def dist(self, h: Hex | None, armor: bool = False) -> float:
        """MP distance to Singapore (a large number if unreachable or off the map)."""
        if h is None:
            return 500.0
        d = (self.dist_arm if armor else self.dist_inf).get(h, INF)
        if d >= INF:
            d = self.dist_inf.get(h, INF)
        return float(min(d, 500))


def _reverse_dijkstra(gd: GameDef, targets: frozenset[Hex], unit_type: UnitType) -> dict[Hex, float]:
    scale = mp_scale(gd)
    reverse: dict[Hex, list[tuple[Hex, int]]] = {}
    whole = 7 * scale
    for h in gd.board.terrain:
        if gd.board.terrain[h] is Terrain.SEA:
            continue
        for step in steps_from(gd, unit_type, frozenset(), h):
            reverse.setdefault(step.to, []).append((h, whole if step.whole_ma else step.cost))
    dist: dict[Hex, int] = {t: 0 for t in targets}
    heap = [(0, t) for t in sorted(targets)]
    while heap:
        d, h = heapq.heappop(heap)
        if d > dist.get(h, INF):
            continue
        for prev, cost in reverse.get(h, ()):
            nd = d + cost
            if nd < dist.get(prev, INF):
                dist[prev] = nd
                heapq.heappush(heap, (nd, prev))
    return {h: d / scale for h, d in dist.items()}


def redoubt_hexes(gd: GameDef) -> frozenset[Hex]:
    """Singapore island: the land joined to the Singapore fortress hexes without crossing a strait,
    the causeway or the sea (R5.2). Empty if that land is not cut off by a strait or the causeway
    (a map whose fortress lies on the mainland has no island)."""
    barriers = {Hexside.STRAIT, Hexside.CAUSEWAY, Hexside.SEA}
    seen = set(gd.singapore_hexes)
    todo = sorted(seen)
    cut_off = False  # some strait or causeway hexside bounds it
    while todo:
        h = todo.pop()
        for n in gd.adjacent[h]:
            if n in seen or gd.board.terrain_at(n) is Terrain.SEA:
                continue
            kind = gd.board.hexside(h, n)
            if kind in barriers:
                cut_off = cut_off or kind is not Hexside.SEA
                continue
            seen.add(n)
            todo.append(n)
    return frozenset(seen) if cut_off else frozenset()


def map_knowledge(gd: GameDef) -> MapKnowledge:
    """The static map analysis, computed once per game definition."""

    def build() -> MapKnowledge:
        targets = gd.singapore_hexes or frozenset(gd.objective_vp)
        roads = frozenset(h for edges in gd.board.connections.values() for e in edges for h in e)
        rail = frozenset(h for h in gd.board.terrain if is_rail_hex(gd, h))
        terrain_rules = gd.scenario.ruleset.terrain
        mult = {h: float(terrain_rules[t].defense) for h, t in gd.board.terrain.items() if t is not Terrain.SEA}
        ports = frozenset(p.hex for p in gd.board.places if p.port)
        return MapKnowledge(
            dist_inf=_reverse_dijkstra(gd, targets, UnitType.INFANTRY),
            dist_arm=_reverse_dijkstra(gd, targets, UnitType.ARMOR),
            roads=roads, rail=rail, defense_mult=mult, objectives=dict(gd.objective_vp),
            fortress=gd.singapore_hexes, ports=ports, redoubt=redoubt_hexes(gd),
        )

    return static_value(gd, ("ai", "map_knowledge"), build)


# --- the enemy as one side sees it ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EnemyStack:
    """An enemy stack: where, its stacking points and estimated factors; ``known`` if seen in full."""

    hex: Hex
    points: int
    attack: float
    defense: float
    ma: int
    armor: bool
    known: bool
    steps: int


@dataclass(frozen=True, slots=True)
class EnemyPicture:
    """Every enemy stack on the map as ``side`` may know it (R2.5)."""

    side: Side
    stacks: dict[Hex, EnemyStack]

    def near(self, h: Hex, radius: int) -> list[EnemyStack]:
        """Enemy stacks within ``radius`` hexes of ``h``."""
        return [s for s in self.stacks.values() if s.hex.distance(h) <= radius]


def enemy_picture(gd: GameDef, state: GameState, side: Side) -> EnemyPicture:
    """Build the picture from the side's observation only (hidden units are never read)."""
    seen = observation(gd, state, side)
    enemy = side.enemy
    acc: dict[Hex, dict[str, float]] = {}
    for u in seen.enemy:
        if u.location is not Location.MAP or u.hex is None:
            continue
        f = gd.unit_def(u.id).factors(u.steps)
        mult = 1.0 if u.supplied else 0.5
        a = acc.setdefault(u.hex, {"points": 0, "attack": 0.0, "defense": 0.0, "ma": 0, "armor": 0, "known": 1,
                                   "steps": 0})
        a["points"] += gd.stacking_value(u.id)
        a["attack"] += f.attack * mult
        a["defense"] += f.defense * mult
        a["ma"] = max(a["ma"], f.movement)
        a["armor"] = max(a["armor"], 1 if gd.unit_def(u.id).type is UnitType.ARMOR else 0)
        a["steps"] += u.steps
    for s in seen.unknown:
        a = acc.setdefault(s.hex, {"points": 0, "attack": 0.0, "defense": 0.0, "ma": 0, "armor": 0, "known": 1,
                                   "steps": 0})
        a["points"] += s.stacking
        a["attack"] += UNKNOWN_ATTACK_PER_POINT[enemy] * s.stacking
        a["defense"] += UNKNOWN_DEFENSE_PER_POINT[enemy] * s.stacking
        a["ma"] = max(a["ma"], UNKNOWN_MA[enemy])
        a["known"] = 0
        a["steps"] += s.stacking
    stacks = {
        h: EnemyStack(h, int(a["points"]), a["attack"], a["defense"], int(a["ma"]), bool(a["armor"]),
                      bool(a["known"]), int(a["steps"]))
        for h, a in acc.items()
    }
    return EnemyPicture(side, stacks)


def own_hexes(gd: GameDef, state: GameState, side: Side) -> dict[Hex, list[str]]:
    """The side's own on-map units by hex."""
    out: dict[Hex, list[str]] = {}
    for u in state.units:
        if u.location is Location.MAP and u.hex is not None and gd.side_of(u.id) is side:
            out.setdefault(u.hex, []).append(u.id)
    return out


def own_zoc(gd: GameDef, occupied: set[Hex] | frozenset[Hex]) -> frozenset[Hex]:
    """The ZOC the given own-occupied hexes exert (R6.1)."""
    out: set[Hex] = set()
    for h in occupied:
        out.update(n for n in gd.adjacent[h] if exerts_zoc_across(gd, h, n))
    return frozenset(out)


def enemy_reach(gd: GameDef, stack: EnemyStack, blocked: frozenset[Hex], stops: frozenset[Hex],
                demolished: frozenset[Edge]) -> set[Hex]:
    """Hexes an enemy stack could move to next turn (approximate: its MA, our ZOC stops it)."""
    scale = mp_scale(gd)
    budget = stack.ma * scale
    kind = UnitType.ARMOR if stack.armor else UnitType.INFANTRY
    base = base_steps(gd, kind)
    touched = touched_hexes(gd, demolished) if demolished else frozenset()
    dist = {stack.hex: 0}
    heap = [(0, stack.hex)]
    while heap:
        d, h = heapq.heappop(heap)
        if d > dist[h] or (h in stops and h != stack.hex):
            continue
        steps = None if h in touched else base.get(h)
        if steps is None:
            steps = steps_from(gd, kind, demolished, h)
        for to, cost, whole in steps:
            if whole or to in blocked:
                continue
            nd = d + cost
            if nd <= budget and nd < dist.get(to, INF):
                dist[to] = nd
                heapq.heappush(heap, (nd, to))
    return set(dist)


def threat_map(gd: GameDef, state: GameState, side: Side, picture: EnemyPicture) -> dict[Hex, float]:
    """Enemy attack strength that could be brought against each hex next enemy player-turn."""
    mine = own_hexes(gd, state, side)
    blocked = frozenset(mine)
    stops = own_zoc(gd, frozenset(mine))
    threat: dict[Hex, float] = {}
    for stack in picture.stacks.values():
        reach = enemy_reach(gd, stack, blocked, stops, state.demolished)
        hit: set[Hex] = set()
        for h in reach:
            hit.update(gd.adjacent[h])
        for h in hit:
            threat[h] = threat.get(h, 0.0) + stack.attack
    return threat


def units_by_hex(gd: GameDef, state: GameState) -> dict[Hex, tuple[UnitState, ...]]:
    """The on-map units of each hex, in scenario order (``state.units_at`` for every hex at once; cached
    per position, so scoring many hexes does not scan every unit for each)."""

    def build() -> dict[Hex, tuple[UnitState, ...]]:
        out: dict[Hex, list[UnitState]] = {}
        for u in state.units:
            if u.location is Location.MAP and u.hex is not None:
                out.setdefault(u.hex, []).append(u)
        return {h: tuple(us) for h, us in out.items()}

    return memoized(gd, state, ("ai", "units_by_hex"), build)


def distance_to(gd: GameDef, target: Hex, unit_type: UnitType = UnitType.INFANTRY) -> dict[Hex, float]:
    """MP from every hex to ``target`` for this unit type (enemies ignored; hexes it cannot reach from are
    missing), computed once per game definition."""
    kind = UnitType.ARMOR if unit_type is UnitType.ARMOR else UnitType.INFANTRY
    return static_value(gd, ("ai", "distance_to", target, kind.value),
                        lambda: _reverse_dijkstra(gd, frozenset({target}), kind))
