"""Carrying out a sea move: port to port, or an amphibious landing (RULES R9.1, R9.6, R7.3)."""

from __future__ import annotations

from dataclasses import replace

from malaya.engine.events import Event, HexControlChanged
from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Hex
from malaya.engine.sides import Side
from malaya.engine.state import GameState, Location, UnitState


class UnitShipped(Event):
    """A unit moved by sea (R9.1); ``assault`` when it waits in the landing zone of an enemy-held port (R9.6)."""

    unit: str
    origin: Hex | None  # None: the JP off-map box
    port: Hex
    landing: bool
    assault: bool = False


def enemy_in(gd: GameDef, state: GameState, side: Side, h: Hex) -> bool:
    """True if a unit of ``side``'s enemy stands on hex ``h``."""
    return any(gd.side_of(u.id) is not side for u in state.units_at(h))


def _take_control(state: GameState, h: Hex, side: Side) -> GameState:
    """``side`` controls hex ``h`` from now on (R9.6, R13.2)."""
    jp = state.jp_control | {h} if side is Side.JP else state.jp_control - {h}
    return replace(state, jp_control=jp)


def sail(gd: GameDef, state: GameState, unit_id: str, port: Hex, landing: bool) -> tuple[GameState, list[Event]]:
    """Move the unit by sea to ``port``; a landing at an empty port takes it at once, else waits offshore (R9.6)."""
    pos = gd.unit_index[unit_id]
    unit = state.units[pos]
    side = gd.side_of(unit_id)
    origin = unit.hex if unit.location is Location.MAP else None
    assault = landing and enemy_in(gd, state, side, port)
    where = Location.LANDING if assault else Location.MAP
    moved: UnitState = replace(unit, location=where, hex=port, sea_moved=True, landed=landing, used=True,
                               ground_moved=True, start_hex=None)
    state = state.with_units({pos: moved})
    events: list[Event] = [UnitShipped(unit=unit_id, origin=origin, port=port, landing=landing, assault=assault)]
    if landing and not assault and state.controller(port) is not side:
        state = _take_control(state, port, side)
        events.append(HexControlChanged(hex=port, side=side))
    return state, events
