"""Rail movement (RULES R8).

Who may rail-move (R8.4) is decided from the position at the start of the Rail
phase, computed from the current state rather than recorded: during the phasing
player's Rail phase nothing moves but rail moves, a unit that rail-moved keeps
its phase-start hex in ``start_hex``, and enemy units stand still. So "adjacent
to an enemy unit at the start of the phase" is tested at ``start_hex`` (or the
present hex of a unit that has not moved). A unit that already rail-moved this
phase may not rail-move again; taking the move back (UndoMove) frees it and
refunds the capacity (R8.6).
"""

from __future__ import annotations

from dataclasses import replace

from malaya.engine.actions import Action, RailMove, Rejection, UndoMove
from malaya.engine.events import Event
from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Hex
from malaya.engine.movement import lock_moves_if_revealing, undo_move, undo_rejection
from malaya.engine.pathfind import RailSearch, Route, rail_routes
from malaya.engine.position_memo import by_inputs, enemy_occupied, enemy_zoc, memoized
from malaya.engine.refusal import Refusal
from malaya.engine.registry import ChanceResolver, Handler, nothing, reject
from malaya.engine.sides import Side
from malaya.engine.state import ChanceKind, GameState, Location, UnitState
from malaya.engine.unitrefs import own_map_unit_rejection, replace_unit, unit_name, unit_of


class UnitRailMoved(Event):
    """A unit moved by rail along ``path`` (start and destination included) (R8)."""

    unit: str
    path: tuple[Hex, ...]


def rail_capacity(gd: GameDef, state: GameState, side: Side) -> int:
    """Units ``side`` may rail-move per Rail phase (R8.2), raised by a chosen option (R16.2)."""
    capacity = gd.scenario.ruleset.rail.capacity[side]
    for o in gd.scenario.options:
        if o.id in state.options and o.side is side and o.effects.rail_capacity is not None:
            capacity = max(capacity, o.effects.rail_capacity)
    return capacity


def ineligibility(gd: GameDef, state: GameState, unit: UnitState) -> Rejection | None:
    """Why this unit may not rail-move this phase (R8.4), or None."""
    name = unit_name(gd, unit.id)
    if unit.location is not Location.MAP or unit.hex is None:
        return reject(Refusal.UNIT_NOT_ON_MAP, unit=name)
    if unit.start_hex is not None:
        return reject(Refusal.ALREADY_RAIL_MOVED, unit=name)
    if not unit.supplied:
        return reject(Refusal.UNSUPPLIED, unit=name)
    if unit.ground_moved or unit.sea_moved:
        return reject(Refusal.MOVED_THIS_TURN, unit=name)
    enemy = enemy_occupied(gd, state, gd.side_of(unit.id))
    if any(n in enemy for n in gd.adjacent[unit.hex]):
        return reject(Refusal.ADJACENT_TO_ENEMY, unit=name)
    return None


def rail_available(gd: GameDef, state: GameState) -> list[str]:
    """The phasing side's units that may rail-move now, in scenario order (R8.6 "Available")."""
    side = state.side
    return [u.id for u in state.units if gd.side_of(u.id) is side and ineligibility(gd, state, u) is None]


def rail_reachable(gd: GameDef, state: GameState, unit_id: str) -> dict[Hex, Route]:
    """Every hex the unit can reach by rail now (R8.3-R8.5); route cost = hexes entered; empty if none."""

    def compute() -> dict[Hex, Route]:
        unit = unit_of(gd, state, unit_id)
        if unit is None or unit.hex is None or ineligibility(gd, state, unit) is not None:
            return {}
        side = gd.side_of(unit_id)
        blocked = enemy_occupied(gd, state, side) | enemy_zoc(gd, state, side)
        search = RailSearch(start=unit.hex, side=side, max_hexes=gd.scenario.ruleset.rail.max_hexes, blocked=blocked)
        # a search depends on nothing else but who controls each hex and the bridges down: positions share it
        return by_inputs(gd, ("rail", search, state.jp_control, state.demolished),
                         lambda: rail_routes(gd, state, search))

    return memoized(gd, state, ("rail_reachable", unit_id), compute)


def _check_rail_move(gd: GameDef, state: GameState, action: RailMove) -> Rejection | None:
    """Eligible unit, capacity left, and a rail path to the destination (R8.2-R8.5)."""
    rejection = own_map_unit_rejection(gd, state, action.unit, action.side)
    if rejection is not None:
        return rejection
    rejection = ineligibility(gd, state, state.units[gd.unit_index[action.unit]])
    if rejection is not None:
        return rejection
    capacity = rail_capacity(gd, state, action.side)
    if state.rail_moves >= capacity:
        return reject(Refusal.RAIL_CAPACITY_USED, capacity=capacity)
    if action.to not in rail_reachable(gd, state, action.unit):
        where = gd.describe_hex(action.to) if gd.board.on_map(action.to) else str(action.to)
        return reject(Refusal.NO_RAIL_PATH, unit=unit_name(gd, action.unit), where=where)
    return None


def _apply_rail_move(gd: GameDef, state: GameState, action: RailMove) -> tuple[GameState, list[Event]]:
    """The unit moves by rail and becomes Used; one unit of capacity is spent (R8.6)."""
    route = rail_reachable(gd, state, action.unit)[action.to]
    unit = state.units[gd.unit_index[action.unit]]
    moved = replace(unit, hex=action.to, used=True, start_hex=unit.hex, entered=tuple(route.path[1:-1]))
    new = replace(replace_unit(gd, state, moved), rail_moves=state.rail_moves + 1)
    return lock_moves_if_revealing(gd, state, new, action.side), [UnitRailMoved(unit=unit.id, path=route.path)]


def _apply_undo(gd: GameDef, state: GameState, action: UndoMove) -> tuple[GameState, list[Event]]:
    """Cancel a rail move and refund the capacity (R8.6)."""
    new, events = undo_move(gd, state, action.unit)
    return replace(new, rail_moves=max(0, state.rail_moves - 1)), events


HANDLERS: dict[str, Handler] = {
    "rail_move": Handler(check=_check_rail_move, apply=_apply_rail_move),
    "undo_move": Handler(check=undo_rejection, apply=_apply_undo),
}
"""Handlers of the action types this module owns (the Rail phase)."""

CHANCE: dict[ChanceKind, ChanceResolver] = {}
"""Resolvers of the chance nodes this module creates (none)."""

on_enter = nothing
"""Rail phase entry: phases.clear_phase_marks already resets the capacity used and the Used marks (R8.6)."""


def legal_actions(gd: GameDef, state: GameState) -> list[Action]:
    """Candidate Rail-phase actions: rail moves of eligible units (while capacity lasts), then undos."""
    side = state.side
    out: list[Action] = []
    room = state.rail_moves < rail_capacity(gd, state, side)
    for unit in state.units:
        if unit.location is not Location.MAP or gd.side_of(unit.id) is not side:
            continue
        if unit.start_hex is not None:
            out.append(UndoMove(side=side, unit=unit.id))
        elif room:
            out += [RailMove(side=side, unit=unit.id, to=h) for h in sorted(rail_reachable(gd, state, unit.id))]
    return out
