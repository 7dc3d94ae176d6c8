"""Air points (R11): split this turn's AP between attack and defense by need, and strike
Force Z when the East-coast shipping it threatens is worth more than the attack AP (R9.7)."""

from __future__ import annotations

import random

from malaya.ai.knowledge import EnemyPicture
from malaya.ai.levels import Behaviour, Level
from malaya.engine import ForceZStatus, GameDef, GameState, Location, Side, received_air_points


def contact_stacks(gd: GameDef, state: GameState, picture: EnemyPicture, radius: int = 3) -> int:
    """Enemy stacks within ``radius`` hexes of one of our units (likely combats this turn)."""
    mine = {u.hex for u in state.units if u.location is Location.MAP and gd.side_of(u.id) is state.side}
    return sum(1 for s in picture.stacks.values() if any(s.hex.distance(h) <= radius for h in mine if h))


def split(gd: GameDef, state: GameState, lvl: Level, picture: EnemyPicture, rng: random.Random) -> tuple[int, int]:
    """(attack, defense) for this turn's AP."""
    total = received_air_points(gd, state)
    if not lvl.has(Behaviour.AIR_SUPPORT):
        attack = rng.randint(0, total)
        return attack, total - attack
    if state.side is Side.JP:
        # CW counterattacks are rare: one AP back in defense only when CW stacks are in contact
        keep = 1 if total >= 5 and contact_stacks(gd, state, picture, 1) >= 4 else 0
        return total - keep, keep
    # CW: defense, except when a counterattack on a weak JP stack is likely
    weak = sum(1 for s in picture.stacks.values() if s.known and s.defense <= 3)
    attack = min(1, total) if weak and total >= 2 else 0
    return attack, total - attack


def force_z_air(gd: GameDef, state: GameState, lvl: Level, east_moves_planned: int) -> int:
    """AP to spend on Force Z this Naval phase (0: leave it)."""
    fz = gd.scenario.ruleset.force_z
    if not lvl.has(Behaviour.AIR_SUPPORT) or state.side is not Side.JP or state.force_z is not ForceZStatus.AFLOAT:
        return 0
    if state.turn > fz.leaves_after_turn or state.turn < fz.first_turn or east_moves_planned < 2:
        return 0
    pool = state.pool("attack", Side.JP)
    return min(fz.max_air_points, pool - 2) if pool >= 4 else 0
