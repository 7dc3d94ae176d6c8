"""CW: never strand a unit near Singapore (issue 18, blunder 4). A CW unit on the mainland within
``NEAR_SINGAPORE`` hexes of the fortress must keep a way back to Singapore island that the JP cannot
reach or attack next turn (the threat map); a hex without one is where units are cut off and die
when Johore Bahru falls (out of supply, R10). The movement scorer charges ``STRAND_COST`` for it.
"""

from __future__ import annotations

from malaya.ai.knowledge import MapKnowledge
from malaya.engine.board import Hexside, Terrain
from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Hex
from malaya.engine.step_tables import static_value

NEAR_SINGAPORE = 10
"""Hexes from a Singapore fortress hex within which a mainland CW unit keeps its way back to the island."""
STRAND_COST = 3.0
"""The movement score lost by ending near Singapore without a safe way back to the island."""


def open_ways(gd: GameDef, know: MapKnowledge, threat: dict[Hex, float]) -> frozenset[Hex]:
    """Land hexes joined to Singapore island by hexes the JP can neither reach nor attack next turn, never
    across the strait itself (only the causeway carries troops and supply across, R5.2)."""
    land = _land(gd)
    start = set(know.island or know.fortress)
    seen = set(start)
    frontier = list(start)
    while frontier:
        nxt = []
        for h in frontier:
            for n in land[h]:
                if n not in seen and not threat.get(n, 0.0) and gd.board.hexside(h, n) is not Hexside.STRAIT:
                    seen.add(n)
                    nxt.append(n)
        frontier = nxt
    return frozenset(seen)


def strands(gd: GameDef, know: MapKnowledge, ways: frozenset[Hex], d: Hex) -> bool:
    """True if a CW unit ending on mainland hex ``d`` near Singapore has no safe way back to the island
    from ``d`` or a neighbour (a unit in contact steps back to the safe hex behind it)."""
    if d in know.island or not know.fortress:
        return False
    if min(d.distance(s) for s in know.fortress) > NEAR_SINGAPORE:
        return False
    return d not in ways and not any(n in ways for n in _land(gd)[d])


def _land(gd: GameDef) -> dict[Hex, tuple[Hex, ...]]:
    """Each hex's land neighbours (cached per game definition)."""
    def build() -> dict[Hex, tuple[Hex, ...]]:
        return {h: tuple(n for n in ns if gd.board.terrain_at(n) is not Terrain.SEA) for h, ns in gd.adjacent.items()}

    return static_value(gd, ("ai", "island_path_land"), build)
