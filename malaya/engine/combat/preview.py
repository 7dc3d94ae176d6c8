"""The outcome preview of a combat (R12.11): strengths, odds, modifiers, AP and exact probabilities.

One function (:func:`preview_for`) computes everything a combat needs; the Combat
Panel, the AI and the resolution itself all use it, so what the player sees is what
the die decides. It reads only what the attacker may know (R2.5): his own units,
the adjacent (hence visible) defending stack, and the defender's deterministic AP
policy (R11.4).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from malaya.engine.actions import Rejection
from malaya.engine.combat.breakdown import Line, Modifier
from malaya.engine.combat.common import open_combat, stack_at
from malaya.engine.combat.odds import (
    column_for,
    defense_air,
    lowest_column,
    modifier_lines,
    result_probabilities,
    shift_lines,
)
from malaya.engine.combat.strength import attack_total, defense_total, shift_features
from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Hex
from malaya.engine.refusal import Refusal
from malaya.engine.registry import reject
from malaya.engine.state import GameState


@dataclass(frozen=True, slots=True)
class CombatPreview:
    """Everything the Combat Panel shows before Roll Dice (R12.11)."""

    defender_hex: Hex
    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    attack: Fraction
    defense: Fraction
    attack_lines: tuple[Line, ...]
    defense_lines: tuple[Line, ...]
    column: str | None  # None: the odds are below the first column (R12.4)
    column_shift: int
    shift_lines: tuple[Modifier, ...]
    attack_air: int
    defense_air: int
    modifier: int  # net die modifier, capped (R12.5)
    modifier_lines: tuple[Modifier, ...]
    probabilities: tuple[tuple[str, Fraction], ...]  # every result code of the CRT; empty if unresolvable
    unresolvable: Rejection | None = None  # why Roll Dice is disabled, if it is

    @property
    def resolvable(self) -> bool:
        """True if Roll Dice may be clicked for these attackers (R12.4)."""
        return self.column is not None


def preview_for(
    gd: GameDef, state: GameState, defender_hex: Hex, attackers: tuple[str, ...], air_points: int = 0
) -> CombatPreview:
    """The preview of a hypothetical combat of ``attackers`` (+ attack AP) against ``defender_hex``."""
    defenders = stack_at(gd, state, defender_hex, state.side.enemy)
    attack, a_lines = attack_total(gd, state, defender_hex, attackers)
    defense, d_lines = defense_total(gd, state, defender_hex, defenders)
    shift, s_lines = shift_lines(gd, shift_features(gd, state, defender_hex, attackers))
    column = column_for(gd, attack, defense, shift) if attackers else None
    d_air = defense_air(gd, state, defender_hex, column)
    modifier, m_lines = modifier_lines(gd, state, defender_hex, attackers, air_points, d_air)
    probabilities = result_probabilities(gd, column, modifier) if column is not None else ()
    reason = None
    if not attackers:
        reason = reject(Refusal.NO_ATTACKERS_YET)
    elif column is None:
        reason = reject(Refusal.ODDS_TOO_LOW, column=lowest_column(gd))
    return CombatPreview(
        defender_hex=defender_hex, attackers=tuple(attackers), defenders=tuple(u.id for u in defenders),
        attack=attack, defense=defense, attack_lines=a_lines, defense_lines=d_lines,
        column=column, column_shift=shift, shift_lines=s_lines, attack_air=air_points, defense_air=d_air,
        modifier=modifier, modifier_lines=m_lines, probabilities=probabilities, unresolvable=reason,
    )


def preview(gd: GameDef, state: GameState) -> CombatPreview:
    """The preview of the combat under declaration (R12.11); the caller checks one is open."""
    combat = open_combat(state)
    return preview_for(gd, state, combat.defender_hex, combat.attackers, combat.air_points)
