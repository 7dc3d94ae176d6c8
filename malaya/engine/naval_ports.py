"""Ports, sea areas and shipping capacity for naval movement (RULES R9.1-R9.4).

A sea move goes from an origin (a friendly port, or the JP off-map box) to a
destination port of the same sea area. Singapore is a port of neither area: it
is the CW's only destination (evacuation by sea, R9.3), reachable from a CW
port of either coast, the move counting against that coast's capacity.
"""

from __future__ import annotations

from functools import lru_cache

from malaya.engine.board import Place, SeaArea
from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Hex
from malaya.engine.placement import resolve_at
from malaya.engine.sides import Side
from malaya.engine.state import GameState, Location, UnitState
from malaya.engine.supply import west_shipping_open

BOX_AREA = SeaArea.EAST
"""The JP off-map box (Indochina) connects to the East area only (R9.2)."""


@lru_cache(maxsize=16)
def ports(gd: GameDef) -> dict[Hex, Place]:
    """Every port of the map by hex, in hex order."""
    return {p.hex: p for p in sorted((p for p in gd.board.places if p.port), key=lambda p: p.hex)}


@lru_cache(maxsize=16)
def cw_destination(gd: GameDef) -> Hex | None:
    """The one port CW units may sail to (``ruleset.naval.cw_destination``, R9.3)."""
    return resolve_at(gd.board, gd.scenario.ruleset.naval.cw_destination)


@lru_cache(maxsize=16)
def penang_hex(gd: GameDef) -> Hex | None:
    """The hex of Penang, whose capture opens JP West-coast shipping (R9.3)."""
    try:
        return resolve_at(gd.board, gd.scenario.ruleset.naval.penang)
    except ValueError:
        return None


def origin_area(gd: GameDef, state: GameState, unit: UnitState) -> SeaArea | None:
    """The sea area a unit would sail from: its port's area, East from the JP box, else None."""
    if unit.location is Location.JP_BOX:
        return BOX_AREA
    if unit.location is not Location.MAP or unit.hex is None:
        return None
    port = ports(gd).get(unit.hex)
    return None if port is None else port.sea_area


def _west_capacity(gd: GameDef, state: GameState) -> int:
    """JP West-coast capacity this turn: captured shipping and/or the early-shipping option (R9.3, R16.2)."""
    naval = gd.scenario.ruleset.naval
    capacity = naval.jp_west_capacity
    if not west_shipping_open(gd, state):
        return capacity
    if state.west_shipping_turn is not None and state.turn >= state.west_shipping_turn:
        capacity = max(capacity, naval.west_capacity_after_capture)
    for option in gd.scenario.options:
        effects = option.effects
        start = effects.west_shipping_from_turn
        if option.id in state.options and start is not None and state.turn >= start:
            given = effects.west_shipping_capacity
            capacity = max(capacity, naval.west_capacity_after_capture if given is None else given)
    return capacity


def capacity(gd: GameDef, state: GameState, side: Side, area: SeaArea) -> int:
    """Units ``side`` may move by sea on this coast per Naval phase (R9.3)."""
    naval = gd.scenario.ruleset.naval
    if side is Side.CW:
        return naval.cw_capacity_per_coast
    return naval.jp_east_capacity if area is SeaArea.EAST else _west_capacity(gd, state)


def moves_made(state: GameState, area: SeaArea) -> int:
    """Sea moves already made on this coast in the current Naval phase."""
    return dict(state.naval_moves).get(area.value, 0)


def count_move(state: GameState, key: str, amount: int = 1) -> tuple[tuple[str, int], ...]:
    """``state.naval_moves`` with ``amount`` added under ``key`` (a coast, or ``force_z``), sorted by key."""
    counts = dict(state.naval_moves)
    counts[key] = counts.get(key, 0) + amount
    return tuple(sorted(counts.items()))


def landing_points(gd: GameDef, state: GameState, port: Hex) -> int:
    """Stacking points already waiting in the landing zone of ``port`` (R9.6)."""
    return sum(
        gd.stacking_value(u.id) for u in state.units if u.location is Location.LANDING and u.hex == port
    )


def destinations(gd: GameDef, side: Side, area: SeaArea) -> list[Hex]:
    """Candidate destination ports for a move from ``area``, in hex order (R9.2, R9.3)."""
    if side is Side.CW:
        target = cw_destination(gd)
        return [] if target is None else [target]
    return [h for h, p in ports(gd).items() if p.sea_area is area]
