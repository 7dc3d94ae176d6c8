"""Combat (RULES R12 and the original combat chapter, which is the authority).

Submodules: :mod:`.eligibility` (who may attack what, R12.1-R12.2), :mod:`.strength`
(exact totals, R12.3, R5.3), :mod:`.odds` (column, AP, die modifiers, R11, R12.4-R12.5),
:mod:`.preview` (the Combat Panel, R12.11), :mod:`.declare` (declaration and Roll Dice),
:mod:`.resolution` (the die and the result queue), :mod:`.losses` (R12.7),
:mod:`.retreat` (R12.8), :mod:`.advance` (R12.9, amphibious assaults), :mod:`.phase`
(the phase's generator, blocker and hooks). The phase table uses the names below.
"""

from __future__ import annotations

from malaya.engine.combat import advance, declare, resolution
from malaya.engine.combat.eligibility import attackable_hexes, eligible_attackers
from malaya.engine.combat.phase import blocker, legal_actions, on_enter, on_exit
from malaya.engine.combat.preview import CombatPreview, preview, preview_for
from malaya.engine.registry import ChanceResolver, Handler
from malaya.engine.state import ChanceKind

HANDLERS: dict[str, Handler] = {**declare.HANDLERS, **advance.HANDLERS}
"""Handlers of the action types this module owns."""

CHANCE: dict[ChanceKind, ChanceResolver] = dict(resolution.CHANCE)
"""Resolvers of the chance nodes this module creates."""

__all__ = [
    "CHANCE",
    "HANDLERS",
    "CombatPreview",
    "attackable_hexes",
    "blocker",
    "eligible_attackers",
    "legal_actions",
    "on_enter",
    "on_exit",
    "preview",
    "preview_for",
]
