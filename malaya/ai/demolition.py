"""CW bridge demolition (R7.7): blow the bridges in front of a JP advance once no CW unit
still needs them to fall back."""

from __future__ import annotations

from malaya import engine
from malaya.ai.knowledge import EnemyPicture, MapKnowledge
from malaya.ai.redoubt_shore import CROSSING_REACH, EARLY_REACH, crossing_ready
from malaya.engine import DemolishBridge, GameDef, GameState, Hexside, Location, Side, demolition_candidates


def worth_demolishing(gd: GameDef, state: GameState, know: MapKnowledge, picture: EnemyPicture,
                      action: DemolishBridge, reach: int = 8) -> bool:
    """True if JP stacks are near the bridge and no CW unit stands beyond it (on the JP side)."""
    a, b = action.a, action.b
    far, near_side = (a, b) if know.dist(a) > know.dist(b) else (b, a)
    if not any(min(s.hex.distance(a), s.hex.distance(b)) <= reach for s in picture.stacks.values()):
        return False
    for u in state.units:
        if u.location is not Location.MAP or u.hex is None or gd.side_of(u.id) is not Side.CW:
            continue
        if u.hex.distance(far) <= 6 and know.dist(u.hex) >= know.dist(far) and u.hex != near_side:
            return False  # a CW unit out there still needs the bridge to come back
    return True


def next_demolition(gd: GameDef, state: GameState, know: MapKnowledge, picture: EnemyPicture,
                    guard: bool = False, early: bool = False) -> DemolishBridge | None:
    """A legal demolition worth making now, or None; with ``guard`` (Behaviour.GUARD_REDOUBT_SHORE) the causeway
    goes once no CW unit on the mainland near it still needs it (units on the island never do)."""
    for action in demolition_candidates(gd, state):
        if not isinstance(action, DemolishBridge) or engine.check(gd, state, action) is not None:
            continue
        if guard and gd.board.hexside(action.a, action.b) is Hexside.CAUSEWAY:
            reach = EARLY_REACH if early else CROSSING_REACH
            if near_enemy(picture, action) and crossing_ready(gd, state, know, action.a, action.b, reach):
                return action
        elif worth_demolishing(gd, state, know, picture, action):
            return action
    return None


def near_enemy(picture: EnemyPicture, action: DemolishBridge, reach: int = 8) -> bool:
    """True if some enemy stack is within ``reach`` hexes of the bridge."""
    return any(min(s.hex.distance(action.a), s.hex.distance(action.b)) <= reach for s in picture.stacks.values())
