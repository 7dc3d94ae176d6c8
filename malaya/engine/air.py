"""Air points: schedule, allocation, range (RULES R11). [allocation and range come with issue 3]"""

from __future__ import annotations

from dataclasses import replace

from malaya.engine.events import Event
from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Hex
from malaya.engine.registry import ChanceResolver, Handler, no_actions
from malaya.engine.sides import Side
from malaya.engine.state import GameState, set_pool

HANDLERS: dict[str, Handler] = {}
"""Handlers of the action types this module owns."""

CHANCE: dict[str, ChanceResolver] = {}
"""Resolvers of the chance nodes this module creates."""

legal_actions = no_actions


def on_enter(gd: GameDef, state: GameState) -> tuple[GameState, list[Event]]:
    """The phasing side receives this turn's air points into its attack pool (R11.1-R11.2)."""
    points = gd.air_points(state.side, state.turn, state.options)
    return replace(state, attack_pool=set_pool(state.attack_pool, state.side, points)), []


def in_air_range(gd: GameDef, state: GameState, side: Side, target: Hex) -> bool:
    """True if ``target`` is within air range of an airfield ``side`` controls (R11.5)."""
    reach = gd.scenario.ruleset.air.range_hexes
    return any(
        p.airfield and state.controller(p.hex) is side and p.hex.distance(target) <= reach
        for p in gd.board.places
    )
