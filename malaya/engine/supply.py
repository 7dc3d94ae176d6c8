"""Supply sources, the automatic Supply phase and attrition (RULES R10).

The Supply phase (R3.1) determines the supply status of every on-map unit of
both sides (tracing: :mod:`malaya.engine.supply_lines`); units of the phasing
side also advance their attrition count (R10.6). The effects of being
Unsupplied (R10.2) are applied where they matter (movement, rail, combat) by
reading ``UnitState.supplied``. The phase is automatic and never rolls a die.
"""

from __future__ import annotations

from dataclasses import replace

from malaya.engine.board import Place, SeaArea, Terrain
from malaya.engine.events import Event
from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Hex
from malaya.engine.registry import ChanceResolver, Handler
from malaya.engine.sides import Side
from malaya.engine.state import ChanceKind, GameState, UnitState
from malaya.engine.steploss import lose_steps
from malaya.engine.supply_lines import blocked_hexes, reach_by_type, supply_network, traces_to
from malaya.engine.unitdefs import UnitType

HANDLERS: dict[str, Handler] = {}
"""Handlers of the action types this module owns (none: the Supply phase is automatic)."""

CHANCE: dict[ChanceKind, ChanceResolver] = {}
"""Resolvers of the chance nodes this module creates (none: attrition is deterministic)."""


class SupplyDetermined(Event):
    """The Supply phase ran (R10): the units whose status changed, in scenario order."""

    turn: int
    side: Side
    became_supplied: tuple[str, ...] = ()
    became_unsupplied: tuple[str, ...] = ()


class AttritionLoss(Event):
    """A unit Unsupplied for too many consecutive own player-turns lost step(s) (R10.6)."""

    unit: str
    steps_lost: int
    eliminated: bool


def west_shipping_open(gd: GameDef, state: GameState) -> bool:
    """True once JP may use West-coast shipping (captured at Penang, or an option; R9.3, R16.2)."""
    turn = state.west_shipping_turn
    for o in gd.scenario.options:
        if o.id in state.options and o.effects.west_shipping_from_turn is not None:
            turn = o.effects.west_shipping_from_turn if turn is None else min(turn, o.effects.west_shipping_from_turn)
    return turn is not None and state.turn >= turn


def supply_sources(gd: GameDef, state: GameState, side: Side) -> frozenset[Hex]:
    """The hexes that are supply sources of ``side`` now (R10.3).

    JP: its fixed sources on the north map edge, East-area ports it controls, and
    West-area ports it controls once West-coast shipping is open. CW: Singapore
    fortress hexes and fixed CW sources it controls, and every port it controls.
    """
    out: set[Hex] = set()
    for p in gd.board.places:
        if state.controller(p.hex) is not side:
            continue
        if p.supply_source is side or p.port and _port_supplies(gd, state, side, p):
            out.add(p.hex)
    if side is Side.CW:
        out.update(h for h in gd.singapore_hexes if state.controller(h) is Side.CW)
    return frozenset(h for h in out if gd.board.terrain_at(h) is not Terrain.SEA)


def _port_supplies(gd: GameDef, state: GameState, side: Side, port: Place) -> bool:
    """A controlled port is a source: every CW port; a JP one in the East, or in the West once shipping is open."""
    if side is Side.CW:
        return True
    return port.sea_area is not None and (port.sea_area is SeaArea.EAST or west_shipping_open(gd, state))


def supplied_hexes(
    gd: GameDef, state: GameState, side: Side, unit_types: tuple[UnitType, ...] = tuple(UnitType)
) -> dict[UnitType, frozenset[Hex]]:
    """For each unit type, the hexes where a unit of ``side`` of that type is Supplied now (R10.3, R10.4)."""
    return reach_by_type(gd, state, side, supply_sources(gd, state, side), unit_types)


def _lines_of(gd: GameDef, state: GameState, side: Side) -> tuple[set[Hex], frozenset[Hex]]:
    """``side``'s supply network and the hexes its supply lines may not pass (R10.4, R6.4)."""
    blocked = blocked_hexes(gd, state, side)
    return supply_network(gd, state, side, supply_sources(gd, state, side), blocked), blocked


def _attrition(gd: GameDef, unit: UnitState) -> tuple[UnitState, list[Event]]:
    """Advance the phasing unit's consecutive-unsupplied count; lose steps when it is due (R10.6)."""
    if unit.supplied:
        return (replace(unit, unsupplied_turns=0) if unit.unsupplied_turns else unit), []
    rules = gd.scenario.ruleset.supply
    count = unit.unsupplied_turns + 1
    if count < rules.attrition_turns:
        return replace(unit, unsupplied_turns=count), []
    after = lose_steps(replace(unit, unsupplied_turns=0), rules.attrition_steps)
    lost = unit.steps - after.steps
    return after, [AttritionLoss(unit=unit.id, steps_lost=lost, eliminated=after.steps == 0)]


def _traces(gd: GameDef, state: GameState, key: tuple[Side, UnitType, Hex],
            lines: dict[Side, tuple[set[Hex], frozenset[Hex]]], traced: dict[tuple[Side, UnitType, Hex], bool]) -> bool:
    """Whether a unit of this side and type on this hex traces a supply line now (R10.4), once per key."""
    found = traced.get(key)
    if found is None:
        side, unit_type, start = key
        network, blocked = lines[side]
        found = traced[key] = traces_to(gd, state, unit_type, start, network, blocked)
    return found


def on_supply_phase(gd: GameDef, state: GameState) -> tuple[GameState, list[Event]]:
    """Determine supply for every on-map unit of both sides; attrition for the phasing side (R3.1, R10)."""
    lines = {side: _lines_of(gd, state, side) for side in Side}
    traced: dict[tuple[Side, UnitType, Hex], bool] = {}  # units stacked together trace the same line
    changed: dict[int, UnitState] = {}
    gained: list[str] = []
    lost: list[str] = []
    losses: list[Event] = []
    for pos, unit in enumerate(state.units):
        if not unit.on_map:
            continue
        side = gd.side_of(unit.id)
        at = unit.hex
        supplied = at is not None and _traces(gd, state, (side, gd.unit_def(unit.id).type, at), lines, traced)
        new = unit if supplied == unit.supplied else replace(unit, supplied=supplied)
        if new is not unit:
            (gained if supplied else lost).append(unit.id)
        if side is state.side:
            new, events = _attrition(gd, new)
            losses += events
        if new is not unit:
            changed[pos] = new
    event = SupplyDetermined(turn=state.turn, side=state.side, became_supplied=tuple(gained),
                             became_unsupplied=tuple(lost))
    return state.with_units(changed), [event, *losses]
