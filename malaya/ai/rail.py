"""Rail moves (R8): JP brings its rearmost unit up to the front; CW moves a unit where the
line needs it (or back to Singapore when the garrison is short)."""

from __future__ import annotations

from collections.abc import Callable

from malaya.ai.knowledge import MapKnowledge
from malaya.engine import GameDef, GameState, Hex, RailMove, UnitType, rail_available, rail_reachable


def best_rail_move(gd: GameDef, state: GameState, know: MapKnowledge,
                   score: Callable[[str, Hex], float], points: dict[Hex, int], min_gain: float) -> RailMove | None:
    """The rail move with the largest score gain over staying, if above ``min_gain``."""
    best: tuple[float, RailMove] | None = None
    for unit_id in rail_available(gd, state):
        here = state.units[gd.unit_index[unit_id]].hex
        assert here is not None
        base = score(unit_id, here)
        value = gd.stacking_value(unit_id)
        for to in sorted(rail_reachable(gd, state, unit_id)):
            if to == here or points.get(to, 0) + value > gd.stacking_limit(to, state):
                continue
            gain = score(unit_id, to) - base
            if gain > min_gain and (best is None or gain > best[0]):
                best = (gain, RailMove(side=state.side, unit=unit_id, to=to))
    return best[1] if best else None


def jp_rail_score(gd: GameDef, state: GameState, know: MapKnowledge) -> Callable[[str, Hex], float]:
    """JP: closer to Singapore is better, as long as the hex is not next to the enemy."""
    def score(unit_id: str, h: Hex) -> float:
        armor = gd.unit_def(unit_id).type is UnitType.ARMOR
        return -know.dist(h, armor)
    return score

