"""The order a side's units move in during its Movement phase: who moves first decides who gets the room."""

from __future__ import annotations

from malaya.ai.assault_moves import blocks_assault
from malaya.ai.levels import Behaviour, Level
from malaya.ai.move_context import MoveContext
from malaya.ai.strand_return import is_stranded
from malaya.engine import GameDef, GameState, Hex, Location, Side, UnitState


def move_order(gd: GameDef, state: GameState, ctx: MoveContext, lvl: Level) -> list[str]:
    """The side's units on the map in the order they move.

    JP: units making room for an assault first, then (``ROOM_FOR_ASSAULTS``) the units gathering for one, so others
    do not take their room, then rear units first: they extend the supply road the spearheads need.
    CW: units making room for stranded ones, those (``RETURN_STRANDED``), the garrison, then the units nearest the
    enemy first."""
    know = ctx.know
    mine = [u for u in state.units if u.location is Location.MAP and gd.side_of(u.id) is state.side]
    if state.side is Side.JP:
        first = lvl.has(Behaviour.ROOM_FOR_ASSAULTS)
        mine.sort(key=lambda u: (not blocks_assault(gd, state, ctx, u.id, map_hex(u)),
                                 first and u.id not in ctx.assault, -know.dist(u.hex), u.id))
    else:
        home = lvl.has(Behaviour.RETURN_STRANDED)
        mine.sort(key=lambda u: (map_hex(u) not in ctx.strand_room,
                                 not (home and is_stranded(gd, state, know, u.id)),
                                 u.id not in ctx.garrison,
                                 min((s.hex.distance(map_hex(u)) for s in ctx.picture.stacks.values()), default=99),
                                 u.id))
    return [u.id for u in mine]


def map_hex(unit: UnitState) -> Hex:
    """The hex of a unit standing on the map."""
    assert unit.hex is not None, f"{unit.id} is on the map without a hex"
    return unit.hex
