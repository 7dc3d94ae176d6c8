"""Air points: receipt, allocation between attack and defense pools, and air range (RULES R11).

In his Air phase the phasing player receives this game-turn's AP into his attack
pool (``on_enter``) and may split them with :class:`~malaya.engine.actions.AllocateAir`
(R11.2). He may re-allocate as often as he likes until the phase ends; each
allocation replaces the previous one. Ending the phase without allocating
leaves every AP in the attack pool. The attack pool lapses at the end of his
player-turn, his defense pool at the end of the enemy's following player-turn
(``phases._lose_unused_air_points``).
"""

from __future__ import annotations

from dataclasses import replace

from malaya.engine.actions import Action, AllocateAir, Rejection
from malaya.engine.events import Event
from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Hex
from malaya.engine.refusal import Refusal
from malaya.engine.registry import ChanceResolver, Handler, reject
from malaya.engine.sides import Side
from malaya.engine.state import ChanceKind, GameState, set_pool

CHANCE: dict[ChanceKind, ChanceResolver] = {}
"""Resolvers of the chance nodes this module creates (none)."""


class AirPointsReceived(Event):
    """The phasing side received its air points for this game-turn (R11.1)."""

    side: Side
    turn: int
    points: int


class AirAllocated(Event):
    """The phasing side split its air points between its attack and defense pools (R11.2)."""

    side: Side
    attack: int
    defense: int


def received_air_points(gd: GameDef, state: GameState) -> int:
    """The AP the phasing side receives this game-turn, options included (R11.1, R16.2)."""
    return gd.air_points(state.side, state.turn, state.options)


def on_enter(gd: GameDef, state: GameState) -> tuple[GameState, list[Event]]:
    """The phasing side receives this turn's air points into its attack pool (R11.1-R11.2)."""
    points = received_air_points(gd, state)
    new = replace(state, attack_pool=set_pool(state.attack_pool, state.side, points))
    return new, [AirPointsReceived(side=state.side, turn=state.turn, points=points)]


def check_allocate(gd: GameDef, state: GameState, action: AllocateAir) -> Rejection | None:
    """The split must use exactly the AP received this turn and change the current split (R11.2)."""
    total = received_air_points(gd, state)
    if action.attack + action.defense != total:
        return reject(Refusal.AIR_POINTS_MISMATCH, total=total, attack=action.attack, defense=action.defense,
                      sum=action.attack + action.defense)
    side = state.side
    if (state.pool("attack", side), state.pool("defense", side)) == (action.attack, action.defense):
        return reject(Refusal.ALLOCATION_UNCHANGED)
    return None


def apply_allocate(gd: GameDef, state: GameState, action: AllocateAir) -> tuple[GameState, list[Event]]:
    """Set the phasing side's attack and defense pools to the chosen split (R11.2)."""
    side = state.side
    new = replace(
        state,
        attack_pool=set_pool(state.attack_pool, side, action.attack),
        defense_pool=set_pool(state.defense_pool, side, action.defense),
    )
    return new, [AirAllocated(side=side, attack=action.attack, defense=action.defense)]


HANDLERS: dict[str, Handler] = {"allocate_air": Handler(check_allocate, apply_allocate)}
"""Handlers of the action types this module owns."""


def legal_actions(gd: GameDef, state: GameState) -> list[Action]:
    """Every split of this turn's AP, from all-attack to all-defense (the gate drops the current one)."""
    total = received_air_points(gd, state)
    return [AllocateAir(side=state.side, attack=total - d, defense=d) for d in range(total + 1)]


def in_air_range(gd: GameDef, state: GameState, side: Side, target: Hex) -> bool:
    """True if ``target`` is within air range of an airfield ``side`` controls (R11.5)."""
    reach = gd.scenario.ruleset.air.range_hexes
    return any(
        p.airfield and state.controller(p.hex) is side and p.hex.distance(target) <= reach
        for p in gd.board.places
    )
