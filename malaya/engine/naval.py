"""Naval movement, landings, the Penang shipping roll and Force Z (RULES R9).

Handlers: ``naval_move`` (:class:`~malaya.engine.actions.NavalMove`) and
``attack_force_z`` (:class:`~malaya.engine.actions.AttackForceZ`). Ports, sea
areas and capacity live in :mod:`malaya.engine.naval_ports`, carrying a move out
in :mod:`malaya.engine.naval_moves`, the random events in :mod:`malaya.engine.force_z`.
``state.naval_moves`` counts this phase's moves per coast (``"East"``/``"West"``)
and the AP spent on Force Z (``"force_z"``: one attack per phase).
"""

from __future__ import annotations

from dataclasses import replace

from malaya.engine import force_z
from malaya.engine.actions import Action, AttackForceZ, NavalMove, Rejection
from malaya.engine.board import SeaArea
from malaya.engine.events import Event
from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Hex
from malaya.engine.naval_moves import enemy_in, sail
from malaya.engine.naval_ports import (
    capacity,
    count_move,
    cw_destination,
    destinations,
    landing_points,
    moves_made,
    origin_area,
    ports,
)
from malaya.engine.refusal import Refusal
from malaya.engine.registry import ChanceResolver, ContextResolver, Handler, reject
from malaya.engine.sides import Side
from malaya.engine.stacking import stack_points
from malaya.engine.state import ChanceKind, GameState, Location, UnitState
from malaya.engine.unitdefs import UnitType

FORCE_Z_KEY = "force_z"


def _name(gd: GameDef, unit_id: str) -> str:
    return gd.unit_def(unit_id).name


def _unit_rejection(gd: GameDef, state: GameState, action: NavalMove) -> Rejection | None:
    """The unit must be the mover's own, unmoved, in a friendly port of a sea area or in the JP box (R9.1, R9.2)."""
    if action.unit not in gd.unit_index:
        return reject(Refusal.UNKNOWN_UNIT, unit=repr(action.unit))
    name = _name(gd, action.unit)
    if gd.side_of(action.unit) is not action.side:
        return reject(Refusal.NOT_YOUR_UNIT, unit=name, side=action.side.value)
    unit = state.units[gd.unit_index[action.unit]]
    if unit.used:
        return reject(Refusal.ALREADY_MOVED, unit=name)
    if unit.location is Location.JP_BOX:
        return None
    if unit.location is not Location.MAP or unit.hex is None:
        return reject(Refusal.UNIT_CANNOT_SAIL, unit=name)
    port = ports(gd).get(unit.hex)
    if port is None:
        return reject(Refusal.NOT_IN_PORT, unit=name)
    if state.controller(unit.hex) is not action.side:
        return reject(Refusal.PORT_NOT_FRIENDLY, unit=name)
    if port.sea_area is None:
        return reject(Refusal.NO_SEA_AREA, port=port.name)
    return None


def _route_rejection(gd: GameDef, state: GameState, action: NavalMove, area: SeaArea) -> Rejection | None:
    """The destination must be a port of the same sea area (CW: only Singapore) (R9.2, R9.3)."""
    unit = state.units[gd.unit_index[action.unit]]
    port = ports(gd).get(action.port)
    if port is None:
        return reject(Refusal.NOT_A_PORT, where=gd.describe_hex(action.port))
    if unit.location is Location.MAP and action.port == unit.hex:
        return reject(Refusal.SAME_PORT, unit=_name(gd, action.unit), port=port.name)
    if action.side is Side.CW:
        if action.port != cw_destination(gd):
            return reject(Refusal.CW_ONLY_TO_SINGAPORE)
    elif port.sea_area is not area:
        return reject(Refusal.OTHER_SEA_AREA, port=port.name, area=area.value)
    enemy_port = state.controller(action.port) is not action.side
    if action.landing and not enemy_port:
        return reject(Refusal.LANDING_AT_FRIENDLY_PORT, port=port.name)
    if enemy_port and not action.landing:
        return reject(Refusal.PORT_IS_ENEMY, port=port.name)
    if action.landing and gd.unit_def(action.unit).type is UnitType.ARMOR:
        return reject(Refusal.ARMOR_CANNOT_LAND)
    fixed = gd.first_landing.get(action.unit)
    if fixed is not None and unit.location is Location.JP_BOX and action.port != fixed:
        return reject(Refusal.FIRST_LANDING_FIXED, unit=_name(gd, action.unit), where=gd.describe_hex(fixed))
    return None


def _capacity_rejection(gd: GameDef, state: GameState, action: NavalMove, area: SeaArea) -> Rejection | None:
    """Shipping capacity of the coast this phase (R9.3) and stacking at the destination (R9.4)."""
    limit = capacity(gd, state, action.side, area)
    if moves_made(state, area) >= limit:
        return reject(Refusal.NO_SHIPPING, side=action.side.value, area=area.value, limit=limit)
    value = gd.stacking_value(action.unit)
    if action.landing and enemy_in(gd, state, action.side, action.port):
        there = landing_points(gd, state, action.port)
    else:
        there = stack_points(gd, state).get(action.port, 0)
    if there + value > gd.stacking_limit(action.port, state):
        return reject(Refusal.DESTINATION_OVERSTACKED, where=gd.describe_hex(action.port))
    return None


def check_naval_move(gd: GameDef, state: GameState, action: NavalMove) -> Rejection | None:
    """Why this sea move is not allowed now, or None (R9.1-R9.5)."""
    rejection = _unit_rejection(gd, state, action)
    if rejection is not None:
        return rejection
    area = origin_area(gd, state, state.units[gd.unit_index[action.unit]])
    assert area is not None
    return _route_rejection(gd, state, action, area) or _capacity_rejection(gd, state, action, area)


def apply_naval_move(gd: GameDef, state: GameState, action: NavalMove) -> tuple[GameState, list[Event]]:
    """Use the coast's shipping, then sail; on the East coast JP first faces Force Z's die (R9.3, R9.7)."""
    pos = gd.unit_index[action.unit]
    unit = state.units[pos]
    area = origin_area(gd, state, unit)
    assert area is not None
    state = replace(state, naval_moves=count_move(state, area.value))
    if force_z.threatens(gd, state, action.side, area):
        state = state.with_units({pos: replace(unit, used=True)})
        return replace(state, pending=force_z.intercept_node(gd, action.unit, action.port, action.landing)), []
    return sail(gd, state, action.unit, action.port, action.landing)


def check_attack_force_z(gd: GameDef, state: GameState, action: AttackForceZ) -> Rejection | None:
    """JP may spend attack AP (at most the ruleset maximum) on Force Z once per Naval phase (R9.7)."""
    if action.side is not Side.JP:
        return reject(Refusal.NOT_JP)
    if not force_z.force_z_active(gd, state):
        return reject(Refusal.FORCE_Z_NOT_AFLOAT)
    if dict(state.naval_moves).get(FORCE_Z_KEY):
        return reject(Refusal.FORCE_Z_ALREADY_ATTACKED)
    most = gd.scenario.ruleset.force_z.max_air_points
    if action.air_points > most:
        return reject(Refusal.TOO_MANY_FORCE_Z_POINTS, most=most)
    pool = state.pool("attack", Side.JP)
    if action.air_points > pool:
        return reject(Refusal.FORCE_Z_POINTS_SHORT, pool=pool)
    return None


def apply_attack_force_z(gd: GameDef, state: GameState, action: AttackForceZ) -> tuple[GameState, list[Event]]:
    """Spend the AP from the attack pool and roll against Force Z (chance node ``force_z_attack``)."""
    pools = tuple((s, n - action.air_points if s is Side.JP else n) for s, n in state.attack_pool)
    moves = count_move(state, FORCE_Z_KEY, action.air_points)
    return replace(state, attack_pool=pools, naval_moves=moves, pending=force_z.attack_node(gd, action.air_points)), []


HANDLERS: dict[str, Handler] = {
    "naval_move": Handler(check_naval_move, apply_naval_move),
    "attack_force_z": Handler(check_attack_force_z, apply_attack_force_z),
}
"""Handlers of the action types this module owns."""

CHANCE: dict[ChanceKind, ChanceResolver] = {
    ChanceKind.FORCE_Z_INTERCEPT: ContextResolver(force_z.resolve_intercept),
    ChanceKind.FORCE_Z_ATTACK: ContextResolver(force_z.resolve_attack),
    ChanceKind.PENANG_SHIPPING: ContextResolver(force_z.resolve_penang),
}
"""Resolvers of the chance nodes this module creates."""


def on_enter(gd: GameDef, state: GameState) -> tuple[GameState, list[Event]]:
    """Naval phase start: Force Z leaves after its last turn; JP's Penang shipping roll if due (R9.3, R9.7)."""
    state, events = force_z.departure(gd, state)
    if force_z.penang_roll_due(gd, state):
        state = replace(state, pending=force_z.penang_node(gd, state))
    return state, events


def _candidates(gd: GameDef, state: GameState, unit: UnitState) -> list[NavalMove]:
    """Sea moves to consider for one unit, destinations in hex order (the gate filters them)."""
    side = gd.side_of(unit.id)
    area = origin_area(gd, state, unit)
    on_map = unit.hex if unit.location is Location.MAP else None
    if area is None or unit.used or on_map is not None and state.controller(on_map) is not side:
        return []
    return [
        NavalMove(side=side, unit=unit.id, port=h, landing=state.controller(h) is not side)
        for h in destinations(gd, side, area) if h != unit.hex
    ]


def legal_actions(gd: GameDef, state: GameState) -> list[Action]:
    """Sea moves of every eligible unit (scenario order) × destination, then Force Z attacks."""
    out: list[Action] = []
    for unit in state.units:
        if gd.side_of(unit.id) is state.side and unit.location in (Location.MAP, Location.JP_BOX):
            out += _candidates(gd, state, unit)
    if state.side is Side.JP and force_z.force_z_active(gd, state):
        most = min(gd.scenario.ruleset.force_z.max_air_points, state.pool("attack", Side.JP))
        out += [AttackForceZ(side=Side.JP, air_points=n) for n in range(1, most + 1)]
    return out


def naval_destinations(gd: GameDef, state: GameState, unit_id: str) -> list[tuple[Hex, bool]]:
    """The ports this unit may sail to now, each with whether it is a landing (for the UI; R9.4)."""
    unit = state.units[gd.unit_index[unit_id]]
    return [(m.port, m.landing) for m in _candidates(gd, state, unit) if check_naval_move(gd, state, m) is None]
