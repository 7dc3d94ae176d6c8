"""What it costs a unit to enter one hex from the next (RULES R5.1, R5.2, R7.7).

:func:`entry_cost` is the one place terrain, connections and hexsides meet.
Movement, retreats, advances and supply lines all ask it whether a step is
possible and what it costs. Exact fractions throughout (R5.3).
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from malaya.engine.board import Connection, Hexside, Terrain
from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Edge, Hex, edge
from malaya.engine.unitdefs import UnitType


class Entry(NamedTuple):
    """The price of one step: its MP cost, and whether it takes the unit's whole MA (strait, R5.2)."""

    cost: Fraction
    whole_ma: bool = False
    along: Connection | None = None  # the connection the step follows, if any


def usable_connections(gd: GameDef, a: Hex, b: Hex, demolished: frozenset[Edge]) -> tuple[Connection, ...]:
    """Road/rail connections joining ``a`` and ``b`` that are not cut by a demolished bridge (R7.7)."""
    e = edge(a, b)
    if e in demolished:
        return ()
    return tuple(kind for kind, edges in gd.board.connections.items() if e in edges)


def effective_hexside(gd: GameDef, a: Hex, b: Hex, demolished: frozenset[Edge]) -> Hexside | None:
    """The hexside feature as it now stands: a demolished causeway is crossed like its ``demolished_as``."""
    kind = gd.board.hexside(a, b)
    if kind is not None and edge(a, b) in demolished:
        replacement = gd.scenario.ruleset.hexsides[kind].demolished_as
        return replacement if replacement is not None else kind
    return kind


def entry_cost(
    gd: GameDef, unit_type: UnitType, a: Hex, b: Hex, demolished: frozenset[Edge] = frozenset()
) -> Entry | None:
    """The cost for a unit of ``unit_type`` to step from ``a`` into adjacent ``b``; None if it may not.

    Along a usable road/rail connection the step costs the connection's MP whatever
    the terrain and any river (a bridge). Otherwise it pays the terrain of ``b`` plus
    the hexside's extra MP; prohibited terrain, all-sea hexsides, armor over a major
    river without a bridge, and armor over a strait are refused.
    """
    board = gd.board
    terrain = board.terrain.get(b)
    if terrain is None or terrain is Terrain.SEA:
        return None
    rules = gd.scenario.ruleset
    along = usable_connections(gd, a, b, demolished)
    if along:
        costs = {Connection.ROAD: rules.movement.road_mp, Connection.RAIL: rules.movement.rail_mp}
        best = min(along, key=lambda kind: costs[kind])
        return Entry(costs[best], along=best)
    side = effective_hexside(gd, a, b, demolished)
    effect = rules.hexsides[side] if side is not None else None
    if effect is not None and effect.prohibited:
        return None
    is_armor = unit_type is UnitType.ARMOR
    if effect is not None and is_armor and (effect.armor_needs_bridge or effect.infantry_only):
        return None
    effects = rules.terrain[terrain]
    cost = effects.armor_mp if is_armor else effects.infantry_mp
    if cost is None:
        return None
    if effect is not None and effect.whole_ma:
        return Entry(cost, whole_ma=True)
    extra = effect.extra_mp if effect is not None else Fraction(0)
    return Entry(cost + extra)


def attack_multiplier(gd: GameDef, a: Hex, b: Hex, demolished: frozenset[Edge] = frozenset()) -> Fraction:
    """Attack multiplier for attacking from ``a`` into ``b`` across their hexside (R5.2, R12.3).

    No penalty when the attack follows a usable bridge (a road/rail connection over the hexside).
    """
    side = effective_hexside(gd, a, b, demolished)
    if side is None or usable_connections(gd, a, b, demolished):
        return Fraction(1)
    return gd.scenario.ruleset.hexsides[side].attack
