"""Supply tracing, effects and attrition (RULES R10). [tracing and attrition come with issue 3]"""

from __future__ import annotations

from malaya.engine.board import Terrain
from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Hex
from malaya.engine.registry import ChanceResolver, Handler, nothing
from malaya.engine.sides import Side
from malaya.engine.state import GameState

HANDLERS: dict[str, Handler] = {}
"""Handlers of the action types this module owns."""

CHANCE: dict[str, ChanceResolver] = {}
"""Resolvers of the chance nodes this module creates."""

on_supply_phase = nothing


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
        if p.supply_source == side.value or p.port and side is Side.CW or p.port and side is Side.JP and p.sea_area is not None and (
            p.sea_area.value == "East" or west_shipping_open(gd, state)
        ):
            out.add(p.hex)
    if side is Side.CW:
        out.update(h for h in gd.singapore_hexes if state.controller(h) is Side.CW)
    return frozenset(h for h in out if gd.board.terrain_at(h) is not Terrain.SEA)
