"""CW: guard the shore of its redoubt, the land joined to its fortress hexes across a strait
(``Behaviour.GUARD_REDOUBT_SHORE``; Singapore island in the campaign; issue 18, blunder 4).

Watching the hard CW lose showed where its units are stranded: its Singapore garrison packed the
fortress hexes and left the island's plantation hexes on the Johore Strait empty, so the JP walked
onto the island over the causeway or across the strait, attacked the fortress from the land side
(no strait halving, R5.2), and the fortress stacks retreated the only way left, east across the
strait into the mangrove swamp (R12.8), where they starved once Johore Bahru fell (R10).

An island hex held by the CW cannot be entered (R7.2): the JP must attack it from the mainland, across
the strait at half strength, and a defender forced back retreats inland, away from the mainland.
So the garrison first puts a unit on every *shore hex* (an island hex beside the mainland across the
strait or the causeway), then stacks there against the threat (:func:`guard_value`), and the causeway
is blown once the garrison is home (:func:`crossing_ready`), so every attack on the island is halved.
"""

from __future__ import annotations

from malaya.ai.knowledge import MapKnowledge, units_by_hex
from malaya.ai.redoubt_room import room_value
from malaya.engine import GameDef, GameState, Hex, Hexside, Location, Side, Terrain, static_value

SHORE_BONUS = 6.0
"""The garrison score of standing on a shore hex no other CW unit holds (more than any distance)."""
SHORE_STACK = 5.0
"""The garrison score of adding to a shore hex another unit holds while the JP can attack it (above the
fortress interior: the JP must come through the shore)."""
CROSSING_REACH = 4
"""CW units on the mainland this close (hexes) to the causeway still need it to come back."""
EARLY_REACH = 1
"""With ``Behaviour.BLOW_CROSSING_EARLY``: only CW units beside the causeway's mainland end hold it open."""


def shore_hexes(gd: GameDef, know: MapKnowledge) -> frozenset[Hex]:
    """Island hexes with a mainland land neighbour across a strait or the causeway (cached per map)."""

    def build() -> frozenset[Hex]:
        out = set()
        for h in know.redoubt:
            for n in gd.adjacent[h]:
                if n in know.redoubt or gd.board.terrain_at(n) is Terrain.SEA:
                    continue
                if gd.board.hexside(h, n) in (Hexside.STRAIT, Hexside.CAUSEWAY):
                    out.add(h)
        return frozenset(out)

    return static_value(gd, ("ai", "redoubt_shore"), build)


def cw_points(gd: GameDef, state: GameState, h: Hex, besides: str) -> int:
    """Stacking points of the CW units on ``h`` other than ``besides``."""
    return sum(gd.stacking_value(u.id) for u in units_by_hex(gd, state).get(h, ())
               if u.id != besides and gd.side_of(u.id) is Side.CW)


def guard_value(gd: GameDef, state: GameState, know: MapKnowledge, threat: dict[Hex, float],
                unit_id: str, d: Hex, room: bool = False) -> float:
    """The garrison score of CW unit ``unit_id`` ending on ``d``: a shore hex nobody else holds is worth
    :data:`SHORE_BONUS` (leaving one bare costs as much), a threatened one held by another unit less; with
    ``room`` (``Behaviour.KEEP_RETREAT_ROOM``) also the retreat room it leaves on the redoubt
    (:mod:`malaya.ai.redoubt_room`)."""
    shore = shore_hexes(gd, know)
    here = state.units[gd.unit_index[unit_id]].hex
    value = room_value(gd, state, know, threat, unit_id, d) if room else 0.0
    if here in shore and here != d and cw_points(gd, state, here, unit_id) == 0:
        value -= SHORE_BONUS  # it would leave its shore hex open to a walk-in
    if d in shore:
        others = cw_points(gd, state, d, unit_id)
        if others == 0:
            value += SHORE_BONUS
        elif threat.get(d, 0.0) > 0:
            value += SHORE_STACK
    return value


def crossing_ready(gd: GameDef, state: GameState, know: MapKnowledge, a: Hex, b: Hex,
                   reach: int = CROSSING_REACH) -> bool:
    """True if blowing the causeway between ``a`` and ``b`` strands no CW unit: none stands on the
    mainland within ``reach`` hexes of it (units on the island never need it)."""
    if gd.board.hexside(a, b) is not Hexside.CAUSEWAY:
        return False
    mainland = a if a not in know.redoubt else b
    return not any(u.location is Location.MAP and u.hex is not None and gd.side_of(u.id) is Side.CW
                   and u.hex not in know.redoubt and u.hex.distance(mainland) <= reach
                   for u in state.units)
