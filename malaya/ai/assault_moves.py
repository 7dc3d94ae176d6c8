"""JP movement around an assault: joining it, leaving its room free, closing up on Singapore island."""

from __future__ import annotations

from malaya.ai.assault import attack_from
from malaya.ai.move_context import MoveContext
from malaya.engine import GameDef, GameState, Hex

ASSAULT_BONUS = 3.0
"""The value of a unit committed to an assault ending where it can join it (× its strength there)."""
SPOT_BONUS = 1.0
"""With room planning (``Behaviour.ROOM_FOR_ASSAULTS``): a committed unit ending on the hex kept for it, so the
units gathering after it still find room (R4.1)."""


def join_share(gd: GameDef, state: GameState, ctx: MoveContext, unit_id: str, d: Hex) -> float:
    """The share of its full attack a unit committed to an assault keeps on ``d`` beside its target (0 elsewhere)."""
    target = ctx.assault.get(unit_id)
    if target is None or d.distance(target) != 1:
        return 0.0
    unit = state.units[gd.unit_index[unit_id]]
    full = gd.unit_def(unit_id).factors(unit.steps).attack
    there = attack_from(gd, state, unit_id, d, target)
    if there is None or not full:
        return 0.0
    best = full * (1 if unit.supplied else gd.scenario.ruleset.supply.unsupplied_attack)
    return float(there / best)


def assault_value(gd: GameDef, state: GameState, ctx: MoveContext, unit_id: str, d: Hex) -> float:
    """A unit committed to an assault ending next to its target, scaled by the attack it keeps there."""
    share = join_share(gd, state, ctx, unit_id, d)
    spot = SPOT_BONUS if share and ctx.assault_spot.get(unit_id) == d else 0.0
    return ASSAULT_BONUS * share + spot


ROOM_COST = 2.0
"""What a unit costs, per point of the target's worth, by filling a hex beside an assault target it
cannot attack itself."""


def blocked_targets(gd: GameDef, state: GameState, ctx: MoveContext, unit_id: str, d: Hex) -> list[Hex]:
    """Targets of the assault plan beside ``d`` that the unit on ``d`` could not attack from there
    (armor off the road, R12.2) while taking stacking room from the units gathering there (R4);
    none if it gathers there for its own target."""
    if not ctx.make_room or not ctx.assault:
        return []
    mine = ctx.assault.get(unit_id)
    if mine is not None and d.distance(mine) == 1:
        return []
    return [target for target in sorted(set(ctx.assault.values()))
            if d.distance(target) == 1 and attack_from(gd, state, unit_id, d, target) is None]


def blocks_assault(gd: GameDef, state: GameState, ctx: MoveContext, unit_id: str, d: Hex) -> bool:
    """True if the unit on ``d`` takes room beside an assault target it cannot attack (``blocked_targets``)."""
    return bool(blocked_targets(gd, state, ctx, unit_id, d))


def room_cost(gd: GameDef, state: GameState, ctx: MoveContext, unit_id: str, d: Hex) -> float:
    """The room this unit would take from an assault by ending on ``d``, by what the target is worth."""
    blocked = blocked_targets(gd, state, ctx, unit_id, d)
    return ROOM_COST * max((ctx.assault_worth.get(t, 1.0) for t in blocked), default=0.0)


ASSAULT_PULL = 6.0
"""JP (``Behaviour.JOIN_ASSAULTS``): paid, times :func:`join_share`, on top of the assault bonus to a committed
unit ending beside its target."""


STAGING_MP = 12.0
"""JP: within this many MP of Singapore, units not committed elsewhere close up on the redoubt."""
STAGING_BONUS = 2.0
REDOUBT_MP = 2.0
"""Enemy stacks this close (MP) to a fortress hex count as holding the redoubt."""


def staging_value(gd: GameDef, state: GameState, ctx: MoveContext, unit_id: str, d: Hex) -> float:
    """JP: an uncommitted unit near Singapore ending next to an enemy stack holding the island, so
    that next turn it can cross or attack with the others (R5.2 strait: it must start adjacent)."""
    if unit_id in ctx.assault or ctx.know.dist(d) > STAGING_MP:
        return 0.0
    for n in gd.adjacent[d]:
        if (n in ctx.picture.stacks and ctx.know.dist(n) <= REDOUBT_MP
                and attack_from(gd, state, unit_id, d, n) is not None):
            return STAGING_BONUS
    return 0.0
