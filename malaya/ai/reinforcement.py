"""Reinforcement placement (R14): JP north-edge units to the entry hex nearest the front,
CW units to the Singapore fortress hex with the most room."""

from __future__ import annotations

from malaya.ai.knowledge import MapKnowledge
from malaya.ai.movement import stack_points
from malaya.engine import Arrival, GameDef, GameState, Location, PlaceReinforcement, placement_hexes


def place_next(gd: GameDef, state: GameState, know: MapKnowledge) -> PlaceReinforcement | None:
    """The next arriving unit's placement, or None when every unit is placed."""
    points = stack_points(gd, state)
    for u in state.units:
        if u.location is not Location.ARRIVING or gd.side_of(u.id) is not state.side:
            continue
        if u.arrival is Arrival.JP_BOX:
            return PlaceReinforcement(side=state.side, unit=u.id, to=None)
        value = gd.stacking_value(u.id)
        hexes = [h for h in placement_hexes(gd, state, u.id)
                 if points.get(h, 0) + value <= gd.stacking_limit(h, state)]
        if not hexes:
            continue  # no room: it comes back next turn (R14.4)
        best = min(hexes, key=lambda h: (know.dist(h), points.get(h, 0), h))
        return PlaceReinforcement(side=state.side, unit=u.id, to=best)
    return None
