"""Rail moves (R8): JP brings its rearmost unit up to the front; CW moves a unit where the
line needs it (or back to Singapore when the garrison is short)."""

from __future__ import annotations

from collections.abc import Callable

from malaya.ai.knowledge import EnemyStack, MapKnowledge
from malaya.ai.levels import Level
from malaya.ai.move_context import MoveContext
from malaya.ai.movement import cw_scorer, local_front
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



def cw_rail_score(gd: GameDef, state: GameState, ctx: MoveContext, lvl: Level) -> Callable[[str, Hex], float]:
    """CW: ``score_cw`` of a unit ending on a hex, its local front that of the hex: exactly
    ``score_cw(gd, state, ctx, lvl, unit_id, h, local_front(ctx, h))``, with each hex's local front worked out
    once for every unit, and a unit's scorer built once for every hex with the same front."""
    fronts: dict[Hex, tuple[tuple[Hex, ...], tuple[float, list[EnemyStack]]]] = {}
    scorers: dict[tuple[str, tuple[Hex, ...]], Callable[[Hex], float]] = {}

    def score(unit_id: str, h: Hex) -> float:
        found = fronts.get(h)
        if found is None:
            local = local_front(ctx, h)
            found = fronts[h] = (tuple(s.hex for s in local[1]), local)
        key = (unit_id, found[0])
        rate = scorers.get(key)
        if rate is None:
            rate = scorers[key] = cw_scorer(gd, state, ctx, lvl, unit_id, found[1])
        return rate(h)

    return score
