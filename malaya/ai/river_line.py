"""CW river lines (issue 18): a CW stack is worth more on a hex whose hexsides toward the nearest
JP units are unbridged rivers, since an attack across them is multiplied down (R5.2, R12.3).

:func:`river_cover` reads the engine's own attack multiplier (:func:`malaya.engine.terrain.attack_multiplier`:
a minor or major river halves the attack unless a usable bridge carries a road over it) for each
hexside of the hex that faces the nearest JP stack, and averages what it takes off the attack.
:func:`river_line_bonus` is the destination bonus ``Level.river_line`` adds to the CW score.
"""

from __future__ import annotations

from collections.abc import Sequence

from malaya.ai.knowledge import EnemyStack
from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Hex
from malaya.engine.state import GameState
from malaya.engine.terrain import attack_multiplier

RIVER_LINE_BONUS = 4.0
"""CW: the score of a hex whose every hexside toward the JP halves the attack (scaled by the share)."""

REACH = 8
"""Hexes within which a JP stack makes a river line worth standing on."""


def facing_sides(gd: GameDef, d: Hex, enemy: Hex) -> list[Hex]:
    """The land neighbours of ``d`` that lie toward ``enemy`` (closer to it than ``d`` is)."""
    here = d.distance(enemy)
    return [n for n in gd.adjacent[d] if n.distance(enemy) < here]


def river_cover(gd: GameDef, state: GameState, d: Hex, enemy: Hex) -> float:
    """The share of the attack taken off by the hexsides of ``d`` facing ``enemy`` (0: none; 0.5: all halved)."""
    facing = facing_sides(gd, d, enemy)
    if not facing:
        return 0.0
    return sum(1.0 - float(attack_multiplier(gd, n, d, state.demolished)) for n in facing) / len(facing)


def nearest_enemy(d: Hex, near: Sequence[EnemyStack]) -> Hex | None:
    """The nearest JP stack to ``d`` within :data:`REACH` hexes (ties: the first in ``near``)."""
    close = [s.hex for s in near if 0 < s.hex.distance(d) <= REACH]
    return min(close, key=d.distance, default=None)


def river_line_bonus(gd: GameDef, state: GameState, d: Hex, near: Sequence[EnemyStack]) -> float:
    """CW: the destination bonus for standing on ``d`` behind rivers facing the nearest JP stack."""
    enemy = nearest_enemy(d, near)
    if enemy is None:
        return 0.0
    return RIVER_LINE_BONUS * 2.0 * river_cover(gd, state, d, enemy)


def behind_river(gd: GameDef, state: GameState, d: Hex, enemy: Hex) -> bool:
    """True if some hexside of ``d`` facing ``enemy`` multiplies an attack down (the ladder's river share)."""
    return river_cover(gd, state, d, enemy) > 0
