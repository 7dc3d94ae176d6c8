"""Advance after combat and the end of a combat (R12.9, R12.10 step 7).

Only when the defender's hex was vacated: each surviving participant that could
enter it by normal movement (ZOC ignored, EZOC to EZOC allowed) and would not
overstack it may advance, spending no MP; an advance may be taken back until the
combat ends. When the combat ends, every participant still in a landing zone loses
``amphibious_extra_steps`` and goes back to the reinforcement box (R12.9).
"""

from __future__ import annotations

from dataclasses import replace

from malaya.engine.actions import Advance, CancelAdvance, EndCombat, Rejection
from malaya.engine.board import Terrain
from malaya.engine.combat.common import (
    is_alive,
    known_unit,
    name_of,
    open_combat,
    replace_combat,
    unit_of,
    unit_type,
    with_unit,
)
from malaya.engine.combat.events import (
    AdvanceCancelled,
    AmphibiousAssaultFailed,
    CombatEnded,
    UnitAdvanced,
)
from malaya.engine.combat.losses import lose_steps
from malaya.engine.control import update_control
from malaya.engine.events import Event, HexControlChanged
from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Hex
from malaya.engine.refusal import Refusal
from malaya.engine.registry import Handler, reject
from malaya.engine.scenario import Arrival
from malaya.engine.sides import Side
from malaya.engine.stacking import stack_points
from malaya.engine.state import CombatStage, GameState, Location, UnitState
from malaya.engine.terrain import entry_cost


def could_enter_defender_hex(gd: GameDef, state: GameState, unit: UnitState) -> bool:
    """True if the unit could enter the defender's hex by normal movement, ZOC aside (R12.9)."""
    target = open_combat(state).defender_hex
    if unit.location is Location.LANDING:
        return unit.hex == target and gd.board.terrain_at(target) is not Terrain.SEA
    if unit.hex is None or unit.hex.distance(target) != 1:
        return False
    return entry_cost(gd, unit_type(gd, unit.id), unit.hex, target, state.demolished) is not None


def advance_problem(gd: GameDef, state: GameState, unit_id: str) -> Rejection | None:
    """Why this unit may not advance now, or None (R12.9)."""
    combat = state.combat
    if combat is None or combat.stage is not CombatStage.ADVANCING:
        return reject(Refusal.NO_ADVANCE)
    if not known_unit(gd, unit_id) or unit_id not in combat.attackers:
        return reject(Refusal.NOT_A_PARTICIPANT)
    if unit_id in combat.advanced:
        return reject(Refusal.ALREADY_ADVANCED, unit=name_of(gd, unit_id))
    unit = unit_of(gd, state, unit_id)
    if not is_alive(unit) or not could_enter_defender_hex(gd, state, unit):
        return reject(Refusal.CANNOT_ENTER, unit=name_of(gd, unit_id))
    target = combat.defender_hex
    room = gd.stacking_limit(target, state) - stack_points(gd, state).get(target, 0)
    if gd.stacking_value(unit_id) > room:
        return reject(Refusal.WOULD_OVERSTACK, unit=name_of(gd, unit_id), where=gd.describe_hex(target))
    return None


def can_advance(gd: GameDef, state: GameState, unit_id: str) -> bool:
    """True if this participant may advance into the vacated hex now."""
    return advance_problem(gd, state, unit_id) is None


def _check_advance(gd: GameDef, state: GameState, action: Advance) -> Rejection | None:
    return advance_problem(gd, state, action.unit)


def _apply_advance(gd: GameDef, state: GameState, action: Advance) -> tuple[GameState, list[Event]]:
    combat = open_combat(state)
    unit = unit_of(gd, state, action.unit)
    moved = replace(unit, location=Location.MAP, hex=combat.defender_hex, start_hex=unit.hex, used=True)
    state = with_unit(gd, state, moved)
    state = replace_combat(state, advanced=combat.advanced + (action.unit,))
    state, events = update_control(gd, state)
    return state, [UnitAdvanced(unit=action.unit, to=combat.defender_hex), *events]


def _check_cancel_advance(gd: GameDef, state: GameState, action: CancelAdvance) -> Rejection | None:
    combat = state.combat
    if combat is None or combat.stage is not CombatStage.ADVANCING:
        return reject(Refusal.NO_ADVANCE)
    if action.unit not in combat.advanced:
        return reject(Refusal.NOT_ADVANCED)
    return None


def _apply_cancel_advance(gd: GameDef, state: GameState, action: CancelAdvance) -> tuple[GameState, list[Event]]:
    combat = open_combat(state)
    target = combat.defender_hex
    unit = unit_of(gd, state, action.unit)
    from_landing = unit.start_hex == target
    back = replace(unit, location=Location.LANDING if from_landing else Location.MAP,
                   hex=unit.start_hex, start_hex=None)
    state = with_unit(gd, state, back)
    state = replace_combat(state, advanced=tuple(u for u in combat.advanced if u != action.unit))
    events: list[Event] = [AdvanceCancelled(unit=action.unit)]
    if not state.units_at(target):
        state, more = _return_control(state, target)
        events += more
    return state, events


def _return_control(state: GameState, target: Hex) -> tuple[GameState, list[Event]]:
    """With every advance taken back, the vacated hex is the defender's again (its last occupier, R13.2)."""
    defender = state.side.enemy
    if state.controller(target) is defender:
        return state, []
    jp = set(state.jp_control)
    if defender is Side.JP:
        jp.add(target)
    else:
        jp.discard(target)
    return replace(state, jp_control=frozenset(jp)), [HexControlChanged(hex=target, side=defender)]


def _check_end_combat(gd: GameDef, state: GameState, action: EndCombat) -> Rejection | None:
    combat = state.combat
    if combat is None or combat.stage is not CombatStage.ADVANCING:
        return reject(Refusal.NO_ADVANCE_TO_END)
    return None


def _apply_end_combat(gd: GameDef, state: GameState, action: EndCombat) -> tuple[GameState, list[Event]]:
    return end_combat(gd, state, [])


def fail_landing(gd: GameDef, state: GameState, unit_id: str) -> tuple[GameState, list[Event]]:
    """A landed unit that did not take the port loses steps and goes back to its box (R12.9).

    JP: the off-map box, from which it may sail again in the next Naval phase. CW
    (which never lands, R9.3, but the rule is symmetric): a reinforcement due next turn.
    """
    state, events = lose_steps(gd, state, unit_id, gd.scenario.ruleset.combat.amphibious_extra_steps)
    unit = unit_of(gd, state, unit_id)
    if is_alive(unit):
        if gd.side_of(unit_id) is Side.JP:
            unit = replace(unit, location=Location.JP_BOX, hex=None)
        else:
            due = state.turn + 1
            unit = replace(unit, location=Location.PENDING, hex=None, due_turn=due, arrival=Arrival.SINGAPORE)
        state = with_unit(gd, state, unit)
    return state, [AmphibiousAssaultFailed(unit=unit_id), *events]


def end_combat(gd: GameDef, state: GameState, events: list[Event]) -> tuple[GameState, list[Event]]:
    """Close the combat: failed amphibious assaults pay (R12.9), control updates, no combat is open."""
    combat = open_combat(state)
    for uid in combat.attackers:
        if unit_of(gd, state, uid).location is Location.LANDING:
            state, more = fail_landing(gd, state, uid)
            events = events + more
    state = replace(state, combat=None)
    state, more = update_control(gd, state)
    return state, events + more + [CombatEnded(defender=combat.defender_hex)]


HANDLERS: dict[str, Handler] = {
    "advance": Handler(_check_advance, _apply_advance),
    "cancel_advance": Handler(_check_cancel_advance, _apply_cancel_advance),
    "end_combat": Handler(_check_end_combat, _apply_end_combat),
}
"""Handlers of the advance sub-phase (R12.10 step 7)."""
