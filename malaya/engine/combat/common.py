"""Small look-ups shared by the combat modules (R12): units by id, sides, stacks, terrain."""

from __future__ import annotations

from typing import TypedDict, Unpack

from malaya.engine.board import Terrain
from malaya.engine.combat_steps import CombatStep
from malaya.engine.fast_replace import evolve
from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Hex
from malaya.engine.sides import Side
from malaya.engine.state import Combat, CombatStage, GameState, Location, UnitState
from malaya.engine.unitdefs import UnitType

ALIVE = frozenset({Location.MAP, Location.LANDING})
"""Locations of a unit that can fight: on a map hex, or waiting in a landing zone (R9.6)."""


def unit_of(gd: GameDef, state: GameState, unit_id: str) -> UnitState:
    """The state of a unit by id (KeyError if unknown)."""
    return state.units[gd.unit_index[unit_id]]


def known_unit(gd: GameDef, unit_id: str) -> bool:
    """True if ``unit_id`` names a unit of the scenario."""
    return unit_id in gd.unit_index


def with_unit(gd: GameDef, state: GameState, unit: UnitState) -> GameState:
    """A copy of the state with one unit replaced."""
    return state.with_units({gd.unit_index[unit.id]: unit})


def is_armor(gd: GameDef, unit_id: str) -> bool:
    """True for an armor unit (R2.1)."""
    return gd.unit_def(unit_id).type is UnitType.ARMOR


def unit_type(gd: GameDef, unit_id: str) -> UnitType:
    """The type of a unit (R2.1)."""
    return gd.unit_def(unit_id).type


def name_of(gd: GameDef, unit_id: str) -> str:
    """The printed name of a unit."""
    return gd.unit_def(unit_id).name


def is_alive(unit: UnitState) -> bool:
    """True if the unit is on the map or in a landing zone (it can still fight or be hit)."""
    return unit.location in ALIVE and unit.steps > 0


def stack_at(gd: GameDef, state: GameState, h: Hex, side: Side) -> tuple[UnitState, ...]:
    """The on-map units of ``side`` standing on hex ``h``, in scenario order."""
    return tuple(u for u in state.units_at(h) if gd.side_of(u.id) is side)


def landing_at(gd: GameDef, state: GameState, port: Hex, side: Side) -> tuple[UnitState, ...]:
    """Units of ``side`` waiting in the landing zone of ``port`` (R9.6), in scenario order."""
    return tuple(
        u for u in state.units
        if u.location is Location.LANDING and u.hex == port and gd.side_of(u.id) is side
    )


def occupied_by(gd: GameDef, state: GameState, side: Side) -> frozenset[Hex]:
    """Hexes holding at least one on-map unit of ``side``."""
    return frozenset(
        u.hex for u in state.units if u.on_map and u.hex is not None and gd.side_of(u.id) is side
    )


def combat_terrain(gd: GameDef, state: GameState, h: Hex) -> Terrain:
    """The terrain a combat in hex ``h`` uses: the map's, or fortress by option (R5.1, R16.2)."""
    return gd.terrain_for_rules(h, state)


def open_combat(state: GameState) -> Combat:
    """The combat under way (the caller has checked there is one)."""
    assert state.combat is not None
    return state.combat


class CombatChanges(TypedDict, total=False):
    """The fields of the open combat that the rules change."""

    attackers: tuple[str, ...]
    air_points: int
    stage: CombatStage
    result: str
    queue: tuple[CombatStep, ...]
    advanced: tuple[str, ...]


def replace_combat(state: GameState, **changes: Unpack[CombatChanges]) -> GameState:
    """A copy of the state with fields of the open combat changed."""
    return evolve(state, combat=evolve(open_combat(state), **changes))
