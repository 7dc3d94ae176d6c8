"""Looking up a unit named in an action, with the standard refusals (unknown, not yours, off the map)."""

from __future__ import annotations

from malaya.engine.actions import Rejection
from malaya.engine.gamedef import GameDef
from malaya.engine.refusal import Refusal
from malaya.engine.registry import reject
from malaya.engine.sides import Side
from malaya.engine.state import GameState, Location, UnitState


def unit_of(gd: GameDef, state: GameState, unit_id: str) -> UnitState | None:
    """The state of a unit by id, or None if the scenario has no such unit."""
    index = gd.unit_index.get(unit_id)
    return None if index is None else state.units[index]


def unit_name(gd: GameDef, unit_id: str) -> str:
    """A unit's display name (its id if unknown)."""
    index = gd.unit_index.get(unit_id)
    return unit_id if index is None else gd.unit_defs[index].name


def own_unit_rejection(gd: GameDef, state: GameState, unit_id: str, side: Side) -> Rejection | None:
    """Why ``side`` may not act with this unit at all (unknown or the enemy's), or None."""
    if unit_id not in gd.unit_index:
        return reject(Refusal.UNKNOWN_UNIT, unit=repr(unit_id))
    if gd.side_of(unit_id) is not side:
        return reject(Refusal.NOT_YOUR_UNIT, unit=unit_name(gd, unit_id), side=side.value)
    return None


def own_map_unit_rejection(gd: GameDef, state: GameState, unit_id: str, side: Side) -> Rejection | None:
    """As :func:`own_unit_rejection`, and the unit must stand on a map hex."""
    rejection = own_unit_rejection(gd, state, unit_id, side)
    if rejection is not None:
        return rejection
    if state.units[gd.unit_index[unit_id]].location is not Location.MAP:
        return reject(Refusal.UNIT_NOT_ON_MAP, unit=unit_name(gd, unit_id))
    return None


def replace_unit(gd: GameDef, state: GameState, unit: UnitState) -> GameState:
    """A copy of ``state`` with this unit's record replaced."""
    return state.with_units({gd.unit_index[unit.id]: unit})
