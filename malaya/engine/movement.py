"""Ground movement and undo in the Movement phase (RULES R5, R6, R7); bridges are in :mod:`bridges`.

A unit may move several times in one Movement phase while it has MP left: each
:class:`~malaya.engine.actions.MoveUnit` adds its cost to ``mp_used``, and
``start_hex`` keeps where the unit stood when the phase began, so one
:class:`~malaya.engine.actions.UndoMove` takes back all its moves (R7.6).
A unit that entered an enemy ZOC hex has ended its movement for the phase (R6.2).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache

from malaya.engine import bridges
from malaya.engine.actions import Action, MoveUnit, Rejection, UndoMove
from malaya.engine.datatypes import ExactFraction
from malaya.engine.events import Event
from malaya.engine.fast_replace import evolve
from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Hex
from malaya.engine.intel import reveals_more
from malaya.engine.pathfind import GroundSearch, Route, ground_route, ground_routes
from malaya.engine.position_memo import by_inputs, enemy_occupied, enemy_zoc, kept_by_inputs, memoized, remembered
from malaya.engine.refusal import Refusal
from malaya.engine.registry import ChanceResolver, Handler, reject
from malaya.engine.ruleset import modified_ma
from malaya.engine.sides import Side
from malaya.engine.stacking import overstacked_hexes
from malaya.engine.state import ChanceKind, GameState, Location, UnitState
from malaya.engine.step_tables import mp_scale
from malaya.engine.terrain import entry_cost
from malaya.engine.unitrefs import (
    own_map_unit_rejection,
    own_unit_rejection,
    replace_unit,
    unit_name,
    unit_of,
)

__all__ = [
    "CHANCE", "HANDLERS", "MoveUndone", "Route", "UnitMoved", "legal_actions", "movement_allowance",
    "on_end_of_player_turn", "reachable", "undo_move",
]


class UnitMoved(Event):
    """A unit moved overland along ``path`` (start and destination included), paying ``cost`` MP (R7.1)."""

    unit: str
    path: tuple[Hex, ...]
    cost: ExactFraction


class MoveUndone(Event):
    """A unit's moves of this phase were taken back; it stands again on ``to`` (R7.6, R8.6)."""

    unit: str
    to: Hex


def movement_allowance(gd: GameDef, unit: UnitState) -> int:
    """The unit's MA now: printed MA at its current steps, modified by supply and sea moves (R7.3)."""
    printed = gd.unit_def(unit.id).factors(unit.steps).movement
    return modified_ma(
        gd.scenario.ruleset.movement, printed,
        supplied=unit.supplied, moved_by_sea=unit.sea_moved, landed=unit.landed,
    )


def _search(gd: GameDef, state: GameState, unit: UnitState) -> GroundSearch | None:
    """The search inputs for a unit, or None if it cannot move at all now."""
    if unit.location is not Location.MAP or unit.hex is None:
        return None
    side = gd.side_of(unit.id)
    ezoc = enemy_zoc(gd, state, side)
    if unit.start_hex is not None and unit.hex in ezoc:
        return None  # it entered an enemy ZOC this phase: its move is over (R6.2)
    ma = movement_allowance(gd, unit)
    scale = mp_scale(gd)
    budget = max(Fraction(0), (ma - unit.mp_used) * scale)
    return GroundSearch(
        start=unit.hex, unit_type=gd.unit_def(unit.id).type, budget=int(budget),
        fresh=unit.mp_used == 0 and ma > 0, blocked=enemy_occupied(gd, state, side), ezoc=ezoc,
    )


def reachable(gd: GameDef, state: GameState, unit_id: str) -> dict[Hex, Route]:
    """Every hex the unit can move to now, with the cheapest route (R5-R7.4); empty if it cannot move.

    Routes include the start hex as their first element. A unit with MA 0 (landed
    amphibiously, R7.3) cannot move, not even by the minimum move of R7.4.
    """

    def compute() -> dict[Hex, Route]:
        unit = unit_of(gd, state, unit_id)
        search = None if unit is None else _search(gd, state, unit)
        if search is None:
            return {}
        # units with the same search inputs (a stack of one type and MP left) share one search, in this
        # position and the next ones: a search depends on nothing else but the bridges down
        return by_inputs(gd, ("routes", search, state.demolished), lambda: ground_routes(gd, state, search))

    return memoized(gd, state, ("reachable", unit_id), compute)


def route_to(gd: GameDef, state: GameState, unit_id: str, to: Hex) -> Route | None:
    """The unit's cheapest route to ``to`` now, or None if it cannot get there: ``reachable(...).get(to)``,
    read from the full reachable set when that is already known, else by a search that stops at ``to``."""
    known = remembered(gd, state, ("reachable", unit_id))
    if isinstance(known, dict):
        return known.get(to)

    def compute() -> Route | None:
        unit = unit_of(gd, state, unit_id)
        search = None if unit is None else _search(gd, state, unit)
        if search is None:
            return None
        routes = kept_by_inputs(gd, ("routes", search, state.demolished))  # the full search, if it was made
        return routes.get(to) if isinstance(routes, dict) else ground_route(gd, state, search, to)

    return memoized(gd, state, ("route", unit_id, to), compute)


# --- MoveUnit ---------------------------------------------------------------------------------


def _check_move(gd: GameDef, state: GameState, action: MoveUnit) -> Rejection | None:
    """A unit may move to a hex it can reach (R7.1, R7.2)."""
    index = gd.unit_index.get(action.unit)  # the gate's hot path: own_map_unit_rejection's tests, inline
    if index is None or gd.side_of(action.unit) is not action.side or state.units[index].location is not Location.MAP:
        return own_map_unit_rejection(gd, state, action.unit, action.side)
    known = remembered(gd, state, ("reachable", action.unit))  # route_to's first look, inline (the hot path)
    if (action.to in known) if isinstance(known, dict) else route_to(gd, state, action.unit, action.to) is not None:
        return None
    name = unit_name(gd, action.unit)
    where = gd.describe_hex(action.to) if gd.board.on_map(action.to) else str(action.to)
    unit = state.units[gd.unit_index[action.unit]]
    if action.to == unit.hex:
        return reject(Refusal.ALREADY_THERE, unit=name, where=where)
    if action.to in enemy_occupied(gd, state, action.side):
        return reject(Refusal.ENEMY_OCCUPIED, unit=name, where=where)
    search = _search(gd, state, unit)
    if search is None:
        return reject(Refusal.STOPPED_IN_ENEMY_ZOC, unit=name)
    return _why_unreachable(gd, state, unit, search, action.to, (name, where))


UNLIMITED_MP = 10**9
"""A budget no route on any map reaches: the search then finds every hex the unit could reach."""


def _why_unreachable(
    gd: GameDef, state: GameState, unit: UnitState, search: GroundSearch, to: Hex, named: tuple[str, str]
) -> Rejection:
    """Why ``to`` (``named``: the unit's and the hex's names) is out of reach: terrain it may not enter, too few MP
    (the cost), or enemy ZOCs."""
    name, where = named
    unit_type = gd.unit_def(unit.id).type
    demolished = state.demolished
    if not any(entry_cost(gd, unit_type, n, to, demolished) is not None for n in gd.adjacent[to]):
        terrain = gd.board.terrain.get(to)
        if terrain is None:
            return reject(Refusal.SEA_FORBIDDEN, unit=name, where=where, unit_type=unit_type.value)
        return reject(Refusal.TERRAIN_FORBIDDEN, unit=name, where=where, unit_type=unit_type.value,
                      terrain=terrain.value.replace("_", " "))
    unlimited = replace(search, budget=UNLIMITED_MP, fresh=False)
    route = ground_routes(gd, state, unlimited).get(to)
    if route is not None:
        left = max(Fraction(0), movement_allowance(gd, unit) - unit.mp_used)
        return reject(Refusal.OUT_OF_REACH, unit=name, where=where, needs=route.cost, left=left)
    if to in ground_routes(gd, state, replace(unlimited, ezoc=frozenset())):
        return reject(Refusal.ZOC_BLOCKS, unit=name, where=where)
    return reject(Refusal.NO_WAY_OVER_LAND, unit=name, where=where)


def _apply_move(gd: GameDef, state: GameState, action: MoveUnit) -> tuple[GameState, list[Event]]:
    """Move along the cheapest route; the unit becomes Used, its MP spent (R7.1)."""
    route = route_to(gd, state, action.unit, action.to)
    assert route is not None  # checked by _check_move
    unit = state.units[gd.unit_index[action.unit]]
    moved = evolve(
        unit, hex=action.to, used=True, start_hex=unit.start_hex or unit.hex,
        mp_used=unit.mp_used + route.cost, ground_moved=True, entered=unit.entered + tuple(route.path[1:-1]),
    )
    after = lock_moves_if_revealing(gd, state, replace_unit(gd, state, moved), action.side)
    return after, [UnitMoved(unit=unit.id, path=route.path, cost=route.cost)]


def lock_moves_if_revealing(gd: GameDef, before: GameState, after: GameState, side: Side) -> GameState:
    """If a move let ``side`` see enemy units it could not see before, no move made so far this
    phase may be undone any more (R7.6: undo only while no hidden information was revealed)."""
    if not reveals_more(gd, before, after, side):
        return after
    moved = frozenset(u.id for u in after.units if u.start_hex is not None)
    return evolve(after, locked_moves=after.locked_moves | moved)


# --- UndoMove ---------------------------------------------------------------------------------


def undo_rejection(gd: GameDef, state: GameState, action: UndoMove) -> Rejection | None:
    """A unit that moved in this phase may be taken back (R7.6, R8.6)."""
    rejection = own_unit_rejection(gd, state, action.unit, action.side)
    if rejection is not None:
        return rejection
    unit = state.units[gd.unit_index[action.unit]]
    if unit.start_hex is None or unit.location is not Location.MAP:
        return reject(Refusal.NOTHING_TO_UNDO, unit=unit_name(gd, action.unit))
    if action.unit in state.locked_moves and not stuck_overstacked(gd, state, action.unit):
        return reject(Refusal.MOVE_REVEALED_ENEMY, unit=unit_name(gd, action.unit))
    return None


def stuck_overstacked(gd: GameDef, state: GameState, unit_id: str) -> bool:
    """True if ``unit_id`` stands in an overstacked hex that no unit standing in it can leave: only moving
    out of it could relieve it, so the phase could never end (R3.2) and its locked move may be taken back
    after all (docs/rules-notes.md, R7.6)."""
    unit = state.units[gd.unit_index[unit_id]]
    if unit.hex not in overstacked_hexes(gd, state):
        return False
    return not any(reachable(gd, state, u.id) for u in state.units
                   if u.location is Location.MAP and u.hex == unit.hex)


def undo_move(gd: GameDef, state: GameState, unit_id: str) -> tuple[GameState, list[Event]]:
    """Put a unit back on the hex where this phase's moves began, refunding its MP (R7.6)."""
    unit = state.units[gd.unit_index[unit_id]]
    assert unit.start_hex is not None
    back = evolve(
        unit, hex=unit.start_hex, start_hex=None, used=False, mp_used=Fraction(0),
        ground_moved=unit.sea_moved, entered=(),
    )
    return replace_unit(gd, state, back), [MoveUndone(unit=unit_id, to=unit.start_hex)]


HANDLERS: dict[str, Handler] = {
    "move_unit": Handler(check=_check_move, apply=_apply_move),
    "undo_move": Handler(check=undo_rejection, apply=lambda gd, s, a: undo_move(gd, s, a.unit)),
    "demolish_bridge": bridges.DEMOLISH,
}
"""Handlers of the action types this module owns (the Movement phase)."""

CHANCE: dict[ChanceKind, ChanceResolver] = {}
"""Resolvers of the chance nodes this module creates (none: movement has no dice)."""

on_end_of_player_turn = bridges.on_end_of_player_turn


_MOVES_PER_UNIT = 512  # built moves kept per unit (more than a unit reaches at once; bounds the memory)


@lru_cache(maxsize=1 << 10)
def _moves_of(side: Side, unit_id: str) -> dict[Hex, MoveUnit]:
    """The unit's candidate moves built so far, by destination (filled by :func:`moves_to`)."""
    return {}


def moves_to(side: Side, unit_id: str, hexes: list[Hex]) -> list[MoveUnit]:
    """The (immutable) actions moving ``unit_id`` to each of ``hexes``, each built once: the same candidate
    moves recur from one position to the next, and building a pydantic model is most of a candidate's cost."""
    built = _moves_of(side, unit_id)
    if len(built) > _MOVES_PER_UNIT:
        built.clear()  # over a long run a unit reaches many more hexes than it can at once
    out = []
    for h in hexes:
        action = built.get(h)
        if action is None:
            action = built[h] = MoveUnit.of_typed(side, unit_id, h)
        out.append(action)
    return out


def forget_moves() -> None:
    """Drop every built candidate move (benchmarks: a position whose moves were never built)."""
    _moves_of.cache_clear()


def legal_actions(gd: GameDef, state: GameState) -> list[Action]:
    """Candidate Movement-phase actions: each unit's moves (hex order), its undo, then demolitions."""
    side = state.side
    out: list[Action] = []
    for unit in state.units:
        if unit.location is not Location.MAP or gd.side_of(unit.id) is not side:
            continue
        out += moves_to(side, unit.id, sorted(reachable(gd, state, unit.id)))
        if unit.start_hex is not None and unit.id not in state.locked_moves:
            out.append(UndoMove(side=side, unit=unit.id))
    out += [UndoMove(side=side, unit=u.id) for u in state.units  # R3.2 deadlock escape (R7.6 note)
            if u.id in state.locked_moves and u.start_hex is not None and u.location is Location.MAP
            and gd.side_of(u.id) is side and stuck_overstacked(gd, state, u.id)]
    return out + bridges.demolition_candidates(gd, state)


def unit_candidates(gd: GameDef, state: GameState, unit_id: str | None) -> Iterator[Action]:
    """The candidates of :func:`legal_actions` naming ``unit_id`` (None: the demolitions), in its order."""
    side = state.side
    if unit_id is None:
        yield from bridges.demolition_candidates(gd, state)
        return
    unit = state.units[gd.unit_index[unit_id]]
    if unit.location is not Location.MAP or gd.side_of(unit_id) is not side:
        return
    yield from moves_to(side, unit_id, sorted(reachable(gd, state, unit_id)))
    if unit.start_hex is None:
        return
    locked = unit_id in state.locked_moves  # a locked move is undone only as the R3.2 deadlock escape
    if not locked or stuck_overstacked(gd, state, unit_id):
        yield UndoMove(side=side, unit=unit_id)

