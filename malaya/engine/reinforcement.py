"""Reinforcements and optional units (RULES R14, R16.1, R16.3).

Unit life-cycle: a scheduled reinforcement starts PENDING with its ``due_turn``
and ``arrival``; in its owner's Reinforcement phase of that turn it becomes
ARRIVING and may be placed (R14.1, R14.2); if it is not placed by the end of the
phase it is PENDING again, due next turn (R14.4).

An optional unit starts PENDING with ``due_turn`` = its offer turn and no
``arrival``; in its owner's Reinforcement phase of that turn it is OFFERED and
must be accepted or declined before the phase ends (R16.1). Accepted: PENDING,
due next turn, with the scenario's arrival, its VP cost booked against the buyer
(R15.4); declined: DECLINED for good.

A unit placed in this phase keeps its ``arrival`` until the phase ends: that is
how UndoPlacement knows it was placed now.
"""

from __future__ import annotations

from dataclasses import replace

from malaya.engine.actions import (
    AcceptOptionalUnit,
    Action,
    DeclineOptionalUnit,
    PlaceReinforcement,
    Rejection,
    UndoPlacement,
)
from malaya.engine.events import Event
from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Hex
from malaya.engine.position_memo import enemy_occupied
from malaya.engine.refusal import Refusal
from malaya.engine.registry import ChanceResolver, Handler, reject
from malaya.engine.scenario import Arrival
from malaya.engine.sides import Side
from malaya.engine.state import ChanceKind, GameState, Location, UnitState
from malaya.engine.unitrefs import own_unit_rejection, replace_unit, unit_name


class ReinforcementsArrived(Event):
    """Units became available for placement in this Reinforcement phase (R14.1)."""

    units: tuple[str, ...]


class ReinforcementPlaced(Event):
    """An arriving unit was placed on ``hex`` (None: in the JP off-map box) (R14.2)."""

    unit: str
    hex: Hex | None


class PlacementUndone(Event):
    """A reinforcement placed in this phase was taken back (R14.3)."""

    unit: str


class ReinforcementsDelayed(Event):
    """Units not placed by the end of the phase return as reinforcements on ``turn`` (R14.4)."""

    units: tuple[str, ...]
    turn: int


class OptionalUnitsOffered(Event):
    """Optional units were offered to their owner (R16.1)."""

    units: tuple[str, ...]


class OptionalUnitAccepted(Event):
    """An optional unit was taken; it arrives on ``turn`` and cost its buyer ``vp`` (R16.1)."""

    unit: str
    turn: int
    vp: int


class OptionalUnitDeclined(Event):
    """An optional unit was declined and is lost for good (R16.1)."""

    unit: str


def _own(gd: GameDef, state: GameState, location: Location) -> list[UnitState]:
    """The phasing side's units in ``location``, in scenario order."""
    return [u for u in state.units if u.location is location and gd.side_of(u.id) is state.side]


def on_enter(gd: GameDef, state: GameState) -> tuple[GameState, list[Event]]:
    """Due units of the phasing side arrive; due optional units are offered (R14.1, R16.1)."""
    changed: dict[int, UnitState] = {}
    arrived: list[str] = []
    offered: list[str] = []
    for unit in _own(gd, state, Location.PENDING):
        if unit.due_turn is None or unit.due_turn > state.turn:
            continue
        if unit.arrival is None:
            changed[gd.unit_index[unit.id]] = replace(unit, location=Location.OFFERED)
            offered.append(unit.id)
        else:
            changed[gd.unit_index[unit.id]] = replace(unit, location=Location.ARRIVING)
            arrived.append(unit.id)
    events: list[Event] = []
    if arrived:
        events.append(ReinforcementsArrived(units=tuple(arrived)))
    if offered:
        events.append(OptionalUnitsOffered(units=tuple(offered)))
    return (state.with_units(changed) if changed else state), events


def _placed_now(unit: UnitState) -> bool:
    """True if the unit was placed in this Reinforcement phase (it still carries its arrival)."""
    return unit.arrival is not None and unit.location in (Location.MAP, Location.JP_BOX)


def on_exit(gd: GameDef, state: GameState) -> tuple[GameState, list[Event]]:
    """Unplaced arrivals return next turn (R14.4); placed units lose their arrival tag."""
    changed: dict[int, UnitState] = {}
    delayed: list[str] = []
    for unit in state.units:
        if gd.side_of(unit.id) is not state.side:
            continue
        if unit.location is Location.ARRIVING:
            changed[gd.unit_index[unit.id]] = replace(unit, location=Location.PENDING, due_turn=state.turn + 1)
            delayed.append(unit.id)
        elif _placed_now(unit):
            changed[gd.unit_index[unit.id]] = replace(unit, arrival=None, due_turn=None)
    events: list[Event] = [ReinforcementsDelayed(units=tuple(delayed), turn=state.turn + 1)] if delayed else []
    return (state.with_units(changed) if changed else state), events


def blocker(gd: GameDef, state: GameState) -> Rejection | None:
    """The phase cannot end while an optional unit awaits an answer (R16.1)."""
    offered = _own(gd, state, Location.OFFERED)
    if not offered:
        return None
    return reject(Refusal.OPTIONAL_UNITS_PENDING, units=", ".join(unit_name(gd, u.id) for u in offered))


# --- placement ----------------------------------------------------------------------------------


def placement_hexes(gd: GameDef, state: GameState, unit_id: str) -> list[Hex]:
    """Every hex where an arriving unit may be placed now, sorted (R14.2, R14.3).

    JP north-edge units: the map's entry hexes not enemy-occupied. CW units: Singapore
    fortress hexes CW controls and no JP unit occupies. A unit arriving in the JP box
    has no hex: it is placed with ``to=None``.
    """
    index = gd.unit_index.get(unit_id)
    unit = None if index is None else state.units[index]
    if unit is None or unit.location is not Location.ARRIVING:
        return []
    side = gd.side_of(unit_id)
    enemy = enemy_occupied(gd, state, side)
    if unit.arrival is Arrival.NORTH_EDGE:
        hexes = {p.hex for p in gd.board.places if p.entry}
    elif unit.arrival is Arrival.SINGAPORE:
        hexes = {h for h in gd.singapore_hexes if state.controller(h) is side}
    else:
        return []
    return sorted(h for h in hexes if h not in enemy)


def _check_place(gd: GameDef, state: GameState, action: PlaceReinforcement) -> Rejection | None:
    """Only an arriving unit, only on a hex the engine offers (R14.2, R14.3)."""
    rejection = own_unit_rejection(gd, state, action.unit, action.side)
    if rejection is not None:
        return rejection
    unit = state.units[gd.unit_index[action.unit]]
    name = unit_name(gd, action.unit)
    if unit.location is not Location.ARRIVING:
        return reject(Refusal.NOT_ARRIVING, unit=name)
    if unit.arrival is Arrival.JP_BOX:
        if action.to is not None:
            return reject(Refusal.BOX_ARRIVAL, unit=name)
        return None
    if action.to is None or action.to not in placement_hexes(gd, state, action.unit):
        if action.to is None:
            return reject(Refusal.BAD_BOX_PLACEMENT, unit=name)
        where = gd.describe_hex(action.to) if gd.board.on_map(action.to) else str(action.to)
        return reject(Refusal.BAD_PLACEMENT, unit=name, where=where)
    return None


def _apply_place(gd: GameDef, state: GameState, action: PlaceReinforcement) -> tuple[GameState, list[Event]]:
    """Place the unit; it is supplied on arrival and Used (R10.5)."""
    unit = state.units[gd.unit_index[action.unit]]
    location = Location.JP_BOX if action.to is None else Location.MAP
    placed = replace(unit, location=location, hex=action.to, supplied=True, unsupplied_turns=0, used=True)
    return replace_unit(gd, state, placed), [ReinforcementPlaced(unit=unit.id, hex=action.to)]


def _check_undo(gd: GameDef, state: GameState, action: UndoPlacement) -> Rejection | None:
    """Only a unit placed in this phase can be taken back (R14.3)."""
    rejection = own_unit_rejection(gd, state, action.unit, action.side)
    if rejection is not None:
        return rejection
    if not _placed_now(state.units[gd.unit_index[action.unit]]):
        return reject(Refusal.NOT_PLACED_NOW, unit=unit_name(gd, action.unit))
    return None


def _apply_undo(gd: GameDef, state: GameState, action: UndoPlacement) -> tuple[GameState, list[Event]]:
    """The unit is arriving again, off the map."""
    unit = state.units[gd.unit_index[action.unit]]
    back = replace(unit, location=Location.ARRIVING, hex=None, used=False)
    return replace_unit(gd, state, back), [PlacementUndone(unit=unit.id)]


# --- optional units (R16.1, R16.3) -------------------------------------------------------------------


def _check_offer(gd: GameDef, state: GameState, action: AcceptOptionalUnit | DeclineOptionalUnit) -> Rejection | None:
    """Only an optional unit offered now can be answered."""
    rejection = own_unit_rejection(gd, state, action.unit, action.side)
    if rejection is not None:
        return rejection
    if state.units[gd.unit_index[action.unit]].location is not Location.OFFERED:
        return reject(Refusal.NOT_OFFERED, unit=unit_name(gd, action.unit))
    return None


def _apply_accept(gd: GameDef, state: GameState, action: AcceptOptionalUnit) -> tuple[GameState, list[Event]]:
    """The unit arrives next turn; its VP cost is booked against the buyer (R15.4, R16.1)."""
    offer = next(o for o in gd.scenario.optional_units if o.unit == action.unit)
    unit = state.units[gd.unit_index[action.unit]]
    taken = replace(unit, location=Location.PENDING, due_turn=state.turn + 1, arrival=offer.where)
    side = Side(gd.side_of(action.unit))
    vp = tuple((s, n - offer.vp if s is side else n) for s, n in state.vp)
    new = replace(replace_unit(gd, state, taken), vp=vp)
    return new, [OptionalUnitAccepted(unit=unit.id, turn=state.turn + 1, vp=offer.vp)]


def _apply_decline(gd: GameDef, state: GameState, action: DeclineOptionalUnit) -> tuple[GameState, list[Event]]:
    """The unit is lost for good (R16.1)."""
    unit = state.units[gd.unit_index[action.unit]]
    declined = replace(unit, location=Location.DECLINED, due_turn=None)
    return replace_unit(gd, state, declined), [OptionalUnitDeclined(unit=unit.id)]


HANDLERS: dict[str, Handler] = {
    "place_reinforcement": Handler(check=_check_place, apply=_apply_place),
    "undo_placement": Handler(check=_check_undo, apply=_apply_undo),
    "accept_optional_unit": Handler(check=_check_offer, apply=_apply_accept),
    "decline_optional_unit": Handler(check=_check_offer, apply=_apply_decline),
}
"""Handlers of the action types this module owns (the Reinforcement phase)."""

CHANCE: dict[ChanceKind, ChanceResolver] = {}
"""Resolvers of the chance nodes this module creates (none)."""


def legal_actions(gd: GameDef, state: GameState) -> list[Action]:
    """Candidate Reinforcement-phase actions, unit by unit in scenario order."""
    side = state.side
    out: list[Action] = []
    for unit in state.units:
        if gd.side_of(unit.id) is not side:
            continue
        if unit.location is Location.OFFERED:
            out += [AcceptOptionalUnit(side=side, unit=unit.id), DeclineOptionalUnit(side=side, unit=unit.id)]
        elif unit.location is Location.ARRIVING:
            if unit.arrival is Arrival.JP_BOX:
                out.append(PlaceReinforcement(side=side, unit=unit.id, to=None))
            out += [PlaceReinforcement(side=side, unit=unit.id, to=h) for h in placement_hexes(gd, state, unit.id)]
        elif _placed_now(unit):
            out.append(UndoPlacement(side=side, unit=unit.id))
    return out
