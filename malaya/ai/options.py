"""Options and optional units (R16): buy what is worth more than its VP cost."""

from __future__ import annotations

from malaya.ai.knowledge import MapKnowledge
from malaya.ai.levels import Behaviour, Level
from malaya.ai.movement import stack_points
from malaya.engine import Arrival, GameDef, GameState, Hex, Location, Option, Side, UnitType, enemy_occupied

# The AI's estimate of each option's worth in VP (a level may not buy at all).
OPTION_VALUE = {
    "cw_rail_capacity": 1.0, "cw_matador": 1.0, "cw_stronger_air": 2.0, "cw_johore_defences": 3.5,
    "jp_air_flotilla": 2.5, "jp_early_west_shipping": 2.0,
}


ANCHOR_WORTH = 3.0
"""With ``Behaviour.ARMOR_ANCHOR``: the VP the CW sees in an armor unit as the anchor of an island stack."""


def computer_buys(option: Option, level_name: str) -> bool:
    """True if the computer at this level buys ``option`` when it plays the option's side (R16.1)."""
    return level_name != "easy" and OPTION_VALUE.get(option.id, 0.0) > option.vp


def choose_options(gd: GameDef, state: GameState, lvl: Level) -> tuple[str, ...]:
    """The options to buy at the start (R16.1): those valued above their cost (easy buys none)."""
    return tuple(o.id for o in gd.scenario.options if o.side is state.side and computer_buys(o, lvl.name))


def _taken(gd: GameDef, state: GameState, side: Side) -> int:
    """Optional units of ``side`` already accepted."""
    ids = {o.unit for o in gd.scenario.optional_units}
    return sum(1 for u in state.units if u.id in ids and gd.side_of(u.id) is side
               and u.location not in (Location.OFFERED, Location.DECLINED) and u.due_turn is not None
               and u.location is Location.PENDING)


def accept_optional_unit(gd: GameDef, state: GameState, lvl: Level, know: MapKnowledge, unit_id: str,
                         jp_front: float) -> bool:
    """Take an offered optional unit if it is worth its VP now (R16.1, R16.3)."""
    cost = next(o.vp for o in gd.scenario.optional_units if o.unit == unit_id)
    if lvl.has(Behaviour.PLACEABLE_OPTIONS_ONLY) and not has_room(gd, state, unit_id):
        return False
    taken = _taken(gd, state, state.side)
    if state.side is Side.JP:
        value = 4.0 - 1.5 * taken  # a regiment speeds the drive on Singapore; less so the third one
    else:
        danger = jp_front < 45  # the JP closing on Johore: each brigade helps hold Singapore
        value = (4.5 if danger else 2.0) - 1.0 * taken
        if gd.unit_def(unit_id).type is UnitType.ARMOR:
            value -= 1.5
            if lvl.has(Behaviour.ARMOR_ANCHOR):  # it cannot be pushed across a strait (R5.2, R12.8; ai.redoubt_room)
                value += ANCHOR_WORTH
    if lvl.name == "easy":
        value = 3.5 - taken  # easy takes the first of each offer
    return value > cost


def has_room(gd: GameDef, state: GameState, unit_id: str) -> bool:
    """True if the offered unit would find room where it arrives next turn (R14.2, R14.4, R16.3) once the side's
    units due there by then have been placed: a unit bought and never placed costs its VP for nothing."""
    where = next(o.where for o in gd.scenario.optional_units if o.unit == unit_id)
    side = gd.side_of(unit_id)
    if where is Arrival.JP_BOX:
        return True
    if where is Arrival.SINGAPORE:
        hexes = {h for h in gd.singapore_hexes if state.controller(h) is side}
    else:
        hexes = {p.hex for p in gd.board.places if p.entry}
    enemy = enemy_occupied(gd, state, side)
    points = dict(stack_points(gd, state))
    free = sorted(h for h in hexes if h not in enemy)
    for uid in due_before(gd, state, unit_id, where):
        _place(gd, state, points, free, uid)
    return _place(gd, state, points, free, unit_id)


def due_before(gd: GameDef, state: GameState, unit_id: str, where: Arrival) -> list[str]:
    """The side's other units arriving at ``where`` by the time the offered ``unit_id`` would (R14.1, R14.4:
    arriving now, scheduled or already bought for next turn, or waiting for room), the earliest first."""
    side, arrives = gd.side_of(unit_id), state.turn + 1
    waiting = [u for u in state.units if u.id != unit_id and gd.side_of(u.id) is side and u.arrival is where
               and (u.location is Location.ARRIVING
                    or (u.location is Location.PENDING and u.due_turn is not None and u.due_turn <= arrives))]
    return [u.id for u in sorted(waiting, key=lambda u: (u.location is not Location.ARRIVING, u.due_turn or 0))]


def _place(gd: GameDef, state: GameState, points: dict[Hex, int], hexes: list[Hex], unit_id: str) -> bool:
    """Stack ``unit_id`` on the first of ``hexes`` with room for it (``points`` grows); False if none has room."""
    value = gd.stacking_value(unit_id)
    for h in hexes:
        if points.get(h, 0) + value <= gd.stacking_limit(h, state):
            points[h] = points.get(h, 0) + value
            return True
    return False
