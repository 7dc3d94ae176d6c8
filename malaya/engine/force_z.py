"""Force Z and the Penang shipping roll: the random events of naval movement (RULES R9.3, R9.7).

Chance nodes (resolved by the match's dice, or enumerated by search):

- ``force_z_intercept`` (die): context a :class:`SeaMoveContext`; on a roll
  ≤ ``intercept_roll`` the JP unit loses ``intercept_steps`` and stays at its origin,
  otherwise the sea move is carried out.
- ``force_z_attack`` (die): context an :class:`AirPointsContext`; sunk on a roll ≤ the AP spent.
- ``penang_shipping`` (1..100): West-coast shipping captured on a roll ≤ the percentage.
"""

from __future__ import annotations

from dataclasses import replace

from malaya.engine.board import SeaArea
from malaya.engine.chance_context import AirPointsContext, ChanceContext, PercentContext, SeaMoveContext
from malaya.engine.events import Event
from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Hex
from malaya.engine.naval_moves import sail
from malaya.engine.naval_ports import penang_hex
from malaya.engine.sides import Side
from malaya.engine.state import ChanceKind, ForceZStatus, GameState, Pending
from malaya.engine.steploss import lose_steps

PERCENT = tuple(range(1, 101))


class ForceZInterception(Event):
    """Force Z's die roll against a JP unit moving by sea on the East coast (R9.7)."""

    unit: str
    roll: int
    intercepted: bool
    steps_lost: int = 0
    eliminated: bool = False


class ForceZAttacked(Event):
    """JP air points were spent against Force Z (R9.7)."""

    air_points: int
    roll: int
    sunk: bool


class ForceZLeft(Event):
    """Force Z, not sunk, left Malayan waters at the end of its last game-turn (R9.7)."""

    turn: int


class PenangShippingRolled(Event):
    """The once-only roll for the West-coast shipping after JP took Penang (R9.3)."""

    roll: int
    percent: int
    captured: bool
    from_turn: int | None = None


def die(gd: GameDef) -> tuple[int, ...]:
    """The outcomes of one die (``ruleset.combat.die_sides``)."""
    return tuple(range(1, gd.scenario.ruleset.combat.die_sides + 1))


def force_z_active(gd: GameDef, state: GameState) -> bool:
    """True while Force Z is afloat and has not yet left (R9.7)."""
    return state.force_z is ForceZStatus.AFLOAT and state.turn <= gd.scenario.ruleset.force_z.leaves_after_turn


def threatens(gd: GameDef, state: GameState, side: Side, area: SeaArea) -> bool:
    """True if a sea move of ``side`` on ``area`` must roll against Force Z now (R9.7)."""
    first = gd.scenario.ruleset.force_z.first_turn
    return side is Side.JP and area is SeaArea.EAST and state.turn >= first and force_z_active(gd, state)


def intercept_node(gd: GameDef, unit_id: str, port: Hex, landing: bool) -> Pending:
    """The chance node of Force Z's roll against a JP sea move (the move waits for it)."""
    return Pending(ChanceKind.FORCE_Z_INTERCEPT, die(gd), SeaMoveContext(unit_id, port, landing))


def resolve_intercept(
    gd: GameDef, state: GameState, value: int, context: ChanceContext
) -> tuple[GameState, list[Event]]:
    """Intercepted: the unit loses steps and stays at its origin; otherwise the move is made (R9.7)."""
    assert isinstance(context, SeaMoveContext), f"Force Z intercepts a sea move, not {context!r}"
    unit_id, port, landing = context.unit, context.port, context.landing
    rules = gd.scenario.ruleset.force_z
    if value > rules.intercept_roll:
        state, events = sail(gd, state, unit_id, port, landing)
        return state, [ForceZInterception(unit=unit_id, roll=value, intercepted=False), *events]
    pos = gd.unit_index[unit_id]
    unit = state.units[pos]
    hit = lose_steps(replace(unit, sea_moved=True), rules.intercept_steps)
    event = ForceZInterception(unit=unit_id, roll=value, intercepted=True,
                               steps_lost=unit.steps - hit.steps, eliminated=hit.steps == 0)
    return state.with_units({pos: hit}), [event]


def attack_node(gd: GameDef, air_points: int) -> Pending:
    """The chance node of a JP air attack on Force Z."""
    return Pending(ChanceKind.FORCE_Z_ATTACK, die(gd), AirPointsContext(air_points))


def resolve_attack(
    gd: GameDef, state: GameState, value: int, context: ChanceContext
) -> tuple[GameState, list[Event]]:
    """Force Z is sunk if the die roll is at most the air points spent (R9.7)."""
    assert isinstance(context, AirPointsContext), f"an air attack on Force Z spends air points, not {context!r}"
    air_points = context.air_points
    sunk = value <= air_points
    new = replace(state, force_z=ForceZStatus.SUNK) if sunk else state
    return new, [ForceZAttacked(air_points=air_points, roll=value, sunk=sunk)]


def departure(gd: GameDef, state: GameState) -> tuple[GameState, list[Event]]:
    """Force Z, still afloat after its last game-turn, is gone (checked at each Naval phase entry)."""
    last = gd.scenario.ruleset.force_z.leaves_after_turn
    if state.force_z is not ForceZStatus.AFLOAT or state.turn <= last:
        return state, []
    return replace(state, force_z=ForceZStatus.GONE), [ForceZLeft(turn=last)]


def penang_roll_due(gd: GameDef, state: GameState) -> bool:
    """True at a JP Naval phase when JP holds Penang and the shipping roll was never made (R9.3)."""
    penang = penang_hex(gd)
    return (
        state.side is Side.JP and not state.penang_rolled and penang is not None
        and state.controller(penang) is Side.JP
    )


def penang_node(gd: GameDef, state: GameState) -> Pending:
    """The chance node of the Penang shipping roll (percentile); context = the percentage needed."""
    naval = gd.scenario.ruleset.naval
    percent = naval.west_capture_percent_if_attacked if state.penang_attacked else naval.west_capture_percent
    return Pending(ChanceKind.PENANG_SHIPPING, PERCENT, PercentContext(percent))


def resolve_penang(
    gd: GameDef, state: GameState, value: int, context: ChanceContext
) -> tuple[GameState, list[Event]]:
    """Captured on a roll ≤ the percentage: West-coast shipping from ``delay`` turns after the capture (R9.3).

    The roll is made in the first JP Naval phase after JP took Penang, so the
    capture counts as made on the previous game-turn.
    """
    assert isinstance(context, PercentContext), f"the Penang roll needs its percentage, not {context!r}"
    percent = context.percent
    captured = value <= percent
    from_turn = state.turn - 1 + gd.scenario.ruleset.naval.west_capture_delay_turns if captured else None
    shipping = from_turn if captured else state.west_shipping_turn
    new = replace(state, penang_rolled=True, west_shipping_turn=shipping)
    return new, [PenangShippingRolled(roll=value, percent=percent, captured=captured, from_turn=from_turn)]
