"""CW: never strand a unit near its redoubt (``Behaviour.KEEP_WAY_TO_REDOUBT``, ``AVOID_STRANDING``; Singapore
island in the campaign; issue 18, blunder 4). A CW unit on the mainland within
``NEAR_REDOUBT`` hexes of the fortress must keep a way back to the redoubt that the JP cannot
reach or attack next turn (the threat map); a hex without one is where units are cut off and die
when Johore Bahru falls (out of supply, R10). The movement scorer charges ``STRAND_COST`` for it.
"""

from __future__ import annotations

from malaya.ai.knowledge import MapKnowledge
from malaya.ai.levels import Behaviour, Level
from malaya.ai.move_context import MoveContext
from malaya.engine import Edge, GameDef, GameState, Hex, Hexside, Terrain, effective_hexside, memoized, static_value

NEAR_REDOUBT = 10
"""Hexes from a Singapore fortress hex within which a mainland CW unit keeps its way back to the island."""
STRAND_COST = 3.0
"""The movement score lost by ending near Singapore without a safe way back to the island."""
UNSUPPLIED_NEAR = 8.0
"""With ``Behaviour.AVOID_STRANDING``: the score lost by ending unsupplied on the mainland near Singapore (above the
usual 2.5 for any unsupplied hex), where no supply line will come back once Johore Bahru falls."""


def open_ways(gd: GameDef, know: MapKnowledge, threat: dict[Hex, float],
              demolished: frozenset[Edge] = frozenset()) -> frozenset[Hex]:
    """Land hexes joined to Singapore island by hexes the JP can neither reach nor attack next turn, never
    across the strait itself (only the causeway carries troops and supply across, R5.2; a blown causeway
    in ``demolished`` is a strait)."""
    land = _land(gd)
    start = set(know.redoubt or know.fortress)
    seen = set(start)
    frontier = list(start)
    while frontier:
        nxt = []
        for h in frontier:
            for n in land[h]:
                crossing = effective_hexside(gd, h, n, demolished)
                if n not in seen and not threat.get(n, 0.0) and crossing is not Hexside.STRAIT:
                    seen.add(n)
                    nxt.append(n)
        frontier = nxt
    return frozenset(seen)


def strands(gd: GameDef, know: MapKnowledge, ways: frozenset[Hex], d: Hex) -> bool:
    """True if a CW unit ending on mainland hex ``d`` near Singapore has no safe way back to the island
    from ``d`` or a neighbour (a unit in contact steps back to the safe hex behind it)."""
    if d in know.redoubt or d not in near_redoubt(gd, know):
        return False
    return d not in ways and not any(n in ways for n in _land(gd)[d])


def near_redoubt(gd: GameDef, know: MapKnowledge) -> frozenset[Hex]:
    """The hexes within :data:`NEAR_REDOUBT` of a Singapore fortress hex (cached per game definition)."""
    def build() -> frozenset[Hex]:
        return frozenset(h for h in gd.adjacent if know.fortress
                         and min(h.distance(f) for f in know.fortress) <= NEAR_REDOUBT)

    return static_value(gd, ("ai", "near_redoubt"), build)


def _land(gd: GameDef) -> dict[Hex, tuple[Hex, ...]]:
    """Each hex's land neighbours (cached per game definition)."""
    def build() -> dict[Hex, tuple[Hex, ...]]:
        return {h: tuple(n for n in ns if gd.board.terrain_at(n) is not Terrain.SEA) for h, ns in gd.adjacent.items()}

    return static_value(gd, ("ai", "redoubt_path_land"), build)


def strand_cost(gd: GameDef, state: GameState, ctx: MoveContext, lvl: Level, unit_id: str, d: Hex) -> float:
    """What CW unit ``unit_id`` ending on ``d`` loses for where it leaves its way back to the island
    (``Behaviour.KEEP_WAY_TO_REDOUBT``) and, with ``Behaviour.AVOID_STRANDING``, for ending there without supply."""
    cost = 0.0
    if lvl.has(Behaviour.KEEP_WAY_TO_REDOUBT):
        if ctx.redoubt_ways is None:
            blown = state.demolished if lvl.has(Behaviour.AVOID_STRANDING) else frozenset()
            ctx.redoubt_ways = open_ways(gd, ctx.know, ctx.threat, blown)
        cost += STRAND_COST if strands(gd, ctx.know, ctx.redoubt_ways, d) else 0.0
    return cost + unsupplied_near(gd, state, ctx, lvl, unit_id, d)


def unsupplied_near(gd: GameDef, state: GameState, ctx: MoveContext, lvl: Level, unit_id: str, d: Hex) -> float:
    """With ``Behaviour.AVOID_STRANDING``: :data:`UNSUPPLIED_NEAR` if CW unit ``unit_id`` would end on a mainland hex
    near Singapore where it is not supplied (R10.4), or at all once the causeway is blown, else 0."""
    if not lvl.has(Behaviour.AVOID_STRANDING) or d in ctx.know.redoubt or d not in near_redoubt(gd, ctx.know):
        return 0.0
    if crossing_blown(gd, state):
        return UNSUPPLIED_NEAR
    return 0.0 if d in ctx.supplied.get(gd.unit_def(unit_id).type, frozenset()) else UNSUPPLIED_NEAR


def crossing_blown(gd: GameDef, state: GameState) -> bool:
    """True once a causeway hexside has been demolished (R7.7): the mainland near Singapore is then cut off
    from the island's supply sources (cached per position)."""
    return memoized(gd, state, ("ai", "crossing_blown"),
                    lambda: any(gd.board.hexside(a, b) is Hexside.CAUSEWAY for a, b in state.demolished))


def leaves_redoubt(gd: GameDef, state: GameState, know: MapKnowledge, unit_id: str, to: Hex) -> bool:
    """True if CW unit ``unit_id`` on Singapore island would leave it for mainland hex ``to`` (an advance after
    combat across the strait lands it where no supply line reaches once the causeway is gone, R12.9)."""
    here = state.units[gd.unit_index[unit_id]].hex
    return here in know.redoubt and to not in know.redoubt
