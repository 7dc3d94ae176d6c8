"""The Combat phase as a whole: candidate actions, what blocks its end, its hooks (R12.2, R12.10)."""

from __future__ import annotations

from malaya.engine.actions import (
    Action,
    AddAttacker,
    Advance,
    CancelAdvance,
    CancelCombat,
    DeclareCombat,
    EndCombat,
    Rejection,
    RemoveAttacker,
    RollDice,
    SetCombatAir,
)
from malaya.engine.combat.advance import can_advance, fail_landing
from malaya.engine.combat.common import name_of
from malaya.engine.combat.eligibility import (
    attackable_hexes,
    eligible_attackers,
    is_attackable,
    landing_units_by_port,
)
from malaya.engine.combat.odds import attack_air_limit
from malaya.engine.combat.preview import preview_for
from malaya.engine.events import Event
from malaya.engine.gamedef import GameDef
from malaya.engine.refusal import Refusal
from malaya.engine.registry import nothing, reject
from malaya.engine.state import CombatStage, GameState, Location

on_enter = nothing
"""Nothing happens when the Combat phase begins (per-phase marks are reset by the phase table)."""


def legal_actions(gd: GameDef, state: GameState) -> list[Action]:
    """Candidate combat actions in a deterministic order (the gate filters them)."""
    side, combat = state.side, state.combat
    if combat is None:
        return [DeclareCombat(side=side, defender=h) for h in attackable_hexes(gd, state)]
    if combat.stage is CombatStage.DECLARING:
        target = combat.defender_hex
        chosen = set(combat.attackers)
        out: list[Action] = [AddAttacker(side=side, unit=u) for u in eligible_attackers(gd, state, target)
                             if u not in chosen]
        out += [RemoveAttacker(side=side, unit=u) for u in combat.attackers]
        out += [SetCombatAir(side=side, air_points=n) for n in range(attack_air_limit(gd, state, target) + 1)
                if n != combat.air_points]
        return out + [RollDice(side=side), CancelCombat(side=side)]
    if combat.stage is CombatStage.ADVANCING:
        out = [Advance(side=side, unit=u) for u in combat.attackers if can_advance(gd, state, u)]
        out += [CancelAdvance(side=side, unit=u) for u in combat.advanced]
        return out + [EndCombat(side=side)]
    return []


def landing_units_that_must_attack(gd: GameDef, state: GameState) -> tuple[str, ...]:
    """Landed units that can still attack their port and so must (R12.2, R9.6).

    A port already attacked, empty, or one that even every eligible attacker
    together could not attack at resolvable odds does not hold them: they fail at
    the end of the phase instead (see :func:`on_exit`).
    """
    out: list[str] = []
    for port, units in landing_units_by_port(gd, state).items():
        if not is_attackable(gd, state, port):
            continue
        if preview_for(gd, state, port, eligible_attackers(gd, state, port)).resolvable:
            out += units
    return tuple(out)


def blocker(gd: GameDef, state: GameState) -> Rejection | None:
    """The Combat phase cannot end with a combat open or a landed unit that must still attack."""
    if state.combat is not None:
        return reject(Refusal.COMBAT_IN_PROGRESS)
    if any(u.location is Location.LANDING for u in state.units):
        must = landing_units_that_must_attack(gd, state)
        if must:
            return reject(Refusal.AMPHIBIOUS_MUST_ATTACK, units=", ".join(name_of(gd, u) for u in must))
    return None


def on_exit(gd: GameDef, state: GameState) -> tuple[GameState, list[Event]]:
    """Landed units still waiting when the Combat phase ends failed their assault (R12.9)."""
    events: list[Event] = []
    for unit in state.units:
        if unit.location is Location.LANDING and gd.side_of(unit.id) is state.side:
            state, more = fail_landing(gd, state, unit.id)
            events += more
    return state, events
