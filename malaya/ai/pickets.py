"""JP road pickets (issue 18, blunder 3): a CW stack the JP spearhead has bypassed sits beside the
JP supply road and cuts it with one move (its ZOC blocks supply, R6.4; supply runs along friendly
road and rail, R10.4). One JP unit standing on the road within two hexes of each such stack keeps
it pinned by ZOC and the road open; the movement scorer gives a spare unit a bonus for being that
picket while no other JP unit already guards the stack.
"""

from __future__ import annotations

from malaya.ai.knowledge import EnemyPicture, MapKnowledge
from malaya.engine import GameDef, GameState, Hex, Location, Side, UnitType

BYPASS_MP = 5.0
"""A CW stack this many MP farther from Singapore than the JP main body has been bypassed."""
ROAD_REACH = 3
"""Hexes from the JP supply road within which a bypassed stack can cut it next turn."""
GUARD_REACH = 2
"""Hexes from a bypassed stack within which a JP unit on the road guards it."""
PICKET_BONUS = 4.0
"""The movement score of ending as the picket of an unguarded bypassed stack."""
MAIN_BODY = 3
"""The main body's front is the MP distance of this many-th foremost JP unit (a lone landing ahead does not count)."""


def main_front(gd: GameDef, state: GameState, know: MapKnowledge) -> float:
    """The MP distance to Singapore of the JP main body (the ``MAIN_BODY``-th foremost JP unit)."""
    dists = sorted(know.dist(u.hex) for u in state.units
                   if u.location is Location.MAP and u.hex is not None and gd.side_of(u.id) is Side.JP)
    return dists[min(MAIN_BODY, len(dists)) - 1] if dists else 500.0


def bypassed_stacks(gd: GameDef, state: GameState, know: MapKnowledge, picture: EnemyPicture,
                    road: set[Hex]) -> list[Hex]:
    """CW stacks behind the JP main body and within ``ROAD_REACH`` of the JP supply road."""
    front = main_front(gd, state, know)
    return sorted(s.hex for s in picture.stacks.values()
                  if know.dist(s.hex) >= front + BYPASS_MP and any(h.distance(s.hex) <= ROAD_REACH for h in road))


def picket_hexes(gd: GameDef, state: GameState, know: MapKnowledge, picture: EnemyPicture, unit_id: str,
                 road: set[Hex]) -> frozenset[Hex]:
    """Road hexes where ``unit_id`` would picket a bypassed stack no other JP unit guards (none for armor,
    which leads the advance)."""
    if gd.unit_def(unit_id).type is UnitType.ARMOR:
        return frozenset()
    stacks = bypassed_stacks(gd, state, know, picture, road)
    if not stacks:
        return frozenset()
    others = [u.hex for u in state.units if u.location is Location.MAP and u.hex is not None
              and u.id != unit_id and gd.side_of(u.id) is Side.JP]
    open_ = [s for s in stacks if not any(h.distance(s) <= GUARD_REACH for h in others)]
    return frozenset(h for h in road for s in open_ if 1 <= h.distance(s) <= GUARD_REACH)
