"""CW: bring a stranded unit home to the redoubt (``Behaviour.RETURN_STRANDED``; issue 18, blunder 4).

Most CW unit-turns lost near Singapore are fortress stacks the JP's attacks pushed back across the
Johore Strait into the swamp east of Johore Bahru (retreats are the game's, R12.8), where they stay out
of supply (R10) until they die. Infantry that starts its Movement phase beside the strait may cross it
with its whole MA (R5.2), so such a unit goes straight back to a supplied island hex when it can reach
one, or else to the nearest supplied hex (:func:`return_value`). It moves before the garrison, and
where the island hex it can reach is full (stacking, R4.1) the CW units there move first and make room
for it (:func:`room_wanted`, :func:`crowding_cost`).
"""

from __future__ import annotations

from collections.abc import Mapping

from malaya.ai.knowledge import MapKnowledge
from malaya.ai.move_context import MoveContext
from malaya.ai.redoubt_path import NEAR_REDOUBT
from malaya.ai.redoubt_shore import cw_points
from malaya.engine import GameDef, GameState, Hex, Location, Side, UnitType, reachable

REDOUBT_HOME = 20.0
"""The score of a supplied Singapore island hex for a stranded unit (above any other hex)."""
SUPPLIED = 8.0
"""The score of any other hex where the unit would be supplied again."""
PER_MP = 0.2
"""The score lost per MP from Singapore (nearer the island is nearer home)."""
BLOCK = 5.0
"""The worth, per island stack served, of a stranded unit standing where that stack's retreat off the island
would end (below a supplied hex: a unit that can get supply again does)."""
CROWDING = 12.0
"""The score lost by a CW unit ending on an island hex where it keeps a stranded unit out (above the
shore bonus of :mod:`malaya.ai.redoubt_shore`)."""


def is_stranded(gd: GameDef, state: GameState, know: MapKnowledge, unit_id: str) -> bool:
    """True if CW unit ``unit_id`` is out of supply on the mainland within :data:`NEAR_REDOUBT` hexes
    of a Singapore fortress hex (what the AI ladder counts as a stranded unit-turn)."""
    unit = state.units[gd.unit_index[unit_id]]
    if gd.side_of(unit_id) is not Side.CW or unit.location is not Location.MAP or unit.hex is None:
        return False
    if unit.supplied or unit.hex in know.redoubt or not know.fortress:
        return False
    return min(unit.hex.distance(f) for f in know.fortress) <= NEAR_REDOUBT


def return_value(gd: GameDef, state: GameState, ctx: MoveContext, unit_id: str, d: Hex) -> float:
    """The worth of stranded unit ``unit_id`` ending on ``d``: a supplied redoubt hex first, then any
    supplied hex, nearer the redoubt better; with ``ctx.strand_block`` (``Behaviour.STRANDED_BLOCK_RETREATS``) a
    hex where it blocks the retreat of a redoubt stack off the redoubt (:mod:`malaya.ai.redoubt_room`) before any
    unsupplied one."""
    supplied = d in ctx.supplied.get(gd.unit_def(unit_id).type, frozenset())
    home = REDOUBT_HOME if supplied and d in ctx.know.redoubt else 0.0
    block = BLOCK * ctx.strand_block.get(d, 0) if cw_points(gd, state, d, unit_id) == 0 else 0.0
    return home + (SUPPLIED if supplied else 0.0) + block - PER_MP * ctx.know.dist(d)


def room_wanted(gd: GameDef, state: GameState, know: MapKnowledge,
                supplied: Mapping[UnitType, frozenset[Hex]]) -> dict[Hex, int]:
    """The stacking points the stranded CW units want on the supplied island hexes they can reach: each
    takes the one with the most room left (then the nearest to Singapore)."""
    want: dict[Hex, int] = {}
    for u in state.units:
        if not is_stranded(gd, state, know, u.id):
            continue
        kind = gd.unit_def(u.id).type
        homes = [h for h in reachable(gd, state, u.id) if h in know.redoubt and h in supplied.get(kind, frozenset())]
        if not homes:
            continue
        home = min(homes, key=lambda h: (want.get(h, 0) + cw_points(gd, state, h, u.id)
                                         - gd.stacking_limit(h, state), know.dist(h), h))
        want[home] = want.get(home, 0) + gd.stacking_value(u.id)
    return want


def crowding_cost(gd: GameDef, state: GameState, ctx: MoveContext, unit_id: str, d: Hex) -> float:
    """:data:`CROWDING` if CW unit ``unit_id`` ending on ``d`` leaves too little room there for the stranded
    units coming home (:func:`room_wanted`), else 0."""
    want = ctx.strand_room.get(d, 0)
    if not want:
        return 0.0
    full = cw_points(gd, state, d, unit_id) + gd.stacking_value(unit_id) + want > gd.stacking_limit(d, state)
    return CROWDING if full else 0.0
