"""The computer's attacks of its last player-turn as plain data for the map overlay (key ``A``).

Each :class:`AttackArrow` runs from the hexes the attacking units stood on to the hex they
attacked, taken from the plan the AI states (``ai/intent.py``). Only combats are shown: they
were fought against the player's own units, so every hex in them was in the player's sight (R2.5).
"""

from __future__ import annotations

from dataclasses import dataclass

from malaya.ai.explain import AIExplanation
from malaya.engine import Hex


@dataclass(frozen=True, slots=True)
class AttackArrow:
    """One combat: the attackers' hexes and the hex they attacked."""

    sources: tuple[Hex, ...]
    target: Hex


def last_turn_arrows(controller: object) -> tuple[AttackArrow, ...]:
    """The attacks of the controller's last player-turn (none if it keeps no explanations)."""
    explanations = getattr(controller, "explanations", None)
    if not isinstance(explanations, AIExplanation) or explanations.last is None:
        return ()
    return tuple(AttackArrow(a.attackers, a.target) for a in explanations.last.intent.attacks if a.attackers)
