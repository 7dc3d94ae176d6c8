"""Hidden information, in one named step (as OpenSpiel's IS-MCTS resamples a world from the information
state): :func:`sample_enemy_forces` draws the enemy's hidden units into the "Unknown" stacks the side sees
(R2.5), so a guess is a world that could be true, never a peek at the true one."""

from __future__ import annotations

import random

from malaya.ai.knowledge import EnemyPicture, EnemyStack, distance_to, enemy_picture, threat_map
from malaya.engine import GameDef, GameState, Hex, Location, Side, UnitType, observation


def sample_enemy_forces(gd: GameDef, state: GameState, side: Side, rng: random.Random) -> EnemyPicture:
    """One world consistent with what ``side`` sees: the enemy units it sees as they are, and each Unknown
    stack filled, up to its stacking value, with enemy units it does not see, drawn at random at full strength."""
    seen = observation(gd, state, side)
    known = {u.id for u in seen.enemy}
    pool = sorted(u.id for u in state.units if gd.side_of(u.id) is side.enemy and u.id not in known
                  and u.location in (Location.MAP, Location.PENDING, Location.ARRIVING))
    rng.shuffle(pool)
    picture = enemy_picture(gd, state, side)
    stacks = {h: s for h, s in picture.stacks.items() if s.known}
    for unknown in sorted(seen.unknown, key=lambda s: s.hex):
        room, drawn = unknown.stacking, []
        for uid in list(pool):
            if gd.stacking_value(uid) <= room:
                drawn.append(uid)
                pool.remove(uid)
                room -= gd.stacking_value(uid)
        stacks[unknown.hex] = _stack(gd, drawn, picture.stacks[unknown.hex])
    return EnemyPicture(side, stacks)


def _stack(gd: GameDef, drawn: list[str], estimate: EnemyStack) -> EnemyStack:
    """The stack the drawn units make (the side's estimate when nothing could be drawn)."""
    if not drawn:
        return estimate
    factors = [gd.unit_def(uid).factors(gd.max_steps(uid)) for uid in drawn]
    return EnemyStack(estimate.hex, sum(gd.stacking_value(uid) for uid in drawn),
                      float(sum(f.attack for f in factors)), float(sum(f.defense for f in factors)),
                      max((f.movement for f in factors), default=estimate.ma),
                      any(gd.unit_def(uid).type is UnitType.ARMOR for uid in drawn), False,
                      sum(gd.max_steps(uid) for uid in drawn))


def sampled_threat(gd: GameDef, state: GameState, side: Side, worlds: int) -> dict[Hex, float]:
    """The enemy strength that could reach each hex next enemy player-turn, averaged over ``worlds`` sampled
    worlds (:func:`sample_enemy_forces`; one draw sequence per player-turn, so the same game stays the same)."""
    rng = random.Random(state.turn * 2 + (1 if side is Side.CW else 0))
    total: dict[Hex, float] = {}
    for _ in range(worlds):
        for h, v in threat_map(gd, state, side, sample_enemy_forces(gd, state, side, rng)).items():
            total[h] = total.get(h, 0.0) + v / worlds
    return total


def reach_threat(gd: GameDef, picture: EnemyPicture, h: Hex, enemy_turns: int) -> float:
    """Enemy attack strength the side sees that could reach ``h`` within ``enemy_turns`` player-turns
    (enemies ignored: a bound, not a forecast)."""
    total = 0.0
    for stack in picture.stacks.values():
        dist = distance_to(gd, h, UnitType.ARMOR if stack.armor else UnitType.INFANTRY)
        if enemy_turns > 0 and dist.get(stack.hex, 999.0) <= stack.ma * enemy_turns:
            total += stack.attack
    return total
