"""Hex control by occupancy (R3.3, R13.2): a side controls the hexes its units occupy or passed through."""

from __future__ import annotations

from malaya.engine.board import Terrain
from malaya.engine.events import Event, HexControlChanged
from malaya.engine.fast_replace import evolve
from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Hex
from malaya.engine.sides import Side
from malaya.engine.state import GameState, Location


def update_control(gd: GameDef, state: GameState) -> tuple[GameState, list[Event]]:
    """Give every occupied hex, and every hex a unit passed through, to that unit's side (R13.2, R3.3).

    A side controls the hexes its units occupy or were the last to occupy; a unit moving
    through a hex occupies it on the way. Hexes now held by the other side are left alone.
    """
    jp = set(state.jp_control)
    side_of, terrain = gd.side_of, gd.board.terrain
    on_map = [(i, unit, unit.hex, side_of(unit.id)) for i, unit in enumerate(state.units)
              if unit.location is Location.MAP and unit.hex is not None]
    held: dict[Hex, Side] = {at: side for _, _, at, side in on_map}
    events: list[Event] = []
    units = list(state.units)
    cleared = False
    for i, unit, at, side in on_map:
        for h in (*unit.entered, at):
            if held.get(h, side) is not side or terrain[h] is Terrain.SEA:
                continue
            if (h in jp) is (side is Side.JP):
                continue
            if side is Side.JP:
                jp.add(h)
            else:
                jp.discard(h)
            events.append(HexControlChanged(hex=h, side=side))
        if unit.entered:
            units[i] = evolve(unit, entered=())
            cleared = True
    if not events and not cleared:  # nothing changed hands and no unit had passed through a hex
        return state, []
    return evolve(state, jp_control=frozenset(jp), units=tuple(units)), events
