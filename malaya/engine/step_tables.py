"""Step tables for movement and supply (RULES R5, R7.7, R8): the legal steps out of each hex.

Costs are exact: every MP cost of the ruleset is scaled by the least common
multiple of their denominators (2 for the campaign's road ½ MP), so searches run
on integers and the results convert back to exact ``Fraction`` MP.

Static data derived from a :class:`GameDef` (the legal steps out of each hex for
each unit type, the rail network) is built lazily and cached per game definition.
Demolished bridges are an overlay: a step's cost depends on the demolished set only
through its own edge, so one table per unit type serves every hex that touches no
demolished edge, and a hex that touches one keeps its steps by the demolished edges at
that hex, shared by every demolished set holding the same edges there.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import NamedTuple, TypeVar

from malaya.engine.board import Connection, Hexside, Terrain
from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Edge, Hex, edge
from malaya.engine.terrain import entry_cost
from malaya.engine.unitdefs import UnitType

T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")

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

