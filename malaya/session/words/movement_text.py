"""Movement, bridge, supply, reinforcement and set-up events as one plain sentence each (for event_text)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from malaya.engine import (
    AttritionLoss,
    BridgeDemolished,
    BridgeRepaired,
    Event,
    GameDef,
    MoveUndone,
    OptionalUnitAccepted,
    OptionalUnitDeclined,
    OptionalUnitsOffered,
    OptionsChosen,
    PlacementUndone,
    ReinforcementPlaced,
    ReinforcementsArrived,
    ReinforcementsDelayed,
    SetUpAcrossBorderUndone,
    SupplyDetermined,
    UnitMoved,
    UnitRailMoved,
    UnitSetUpAcrossBorder,
    UnitShipped,
    join_words,
)
from malaya.session.words.catalog import say
from malaya.session.words.event_words import SIDE_NAMES, bridge_place, capital, place, unit_name, units_text


def _unit_moved(gd: GameDef, e: UnitMoved) -> str:
    return say("move.moved", unit=unit_name(gd, e.unit), to=place(gd, e.path[-1], "to"), cost=Fraction(e.cost))


def _move_undone(gd: GameDef, e: MoveUndone) -> str:
    return say("move.undone", unit=unit_name(gd, e.unit), at=place(gd, e.to))


def _rail_moved(gd: GameDef, e: UnitRailMoved) -> str:
    return say("move.by_rail", unit=unit_name(gd, e.unit), to=place(gd, e.path[-1], "to"))


def _shipped(gd: GameDef, e: UnitShipped) -> str:
    origin = say("place.from_box") if e.origin is None else place(gd, e.origin, "from")
    name = unit_name(gd, e.unit)
    if e.assault:
        return say("move.sailed_to_storm", unit=name, origin=origin, port=gd.place_name(e.port))
    if e.landing:
        return say("move.landed", unit=name, origin=origin, at=place(gd, e.port, "at"))
    return say("move.sailed", unit=name, origin=origin, to=place(gd, e.port, "to"))


def _demolished(gd: GameDef, e: BridgeDemolished) -> str:
    return say("move.bridge_blown", where=bridge_place(gd, e.a, e.b))


def _repaired(gd: GameDef, e: BridgeRepaired) -> str:
    return say("move.bridge_repaired", where=bridge_place(gd, e.a, e.b))
# --- supply, reinforcements, options --------------------------------------------------------------


def _supply(gd: GameDef, e: SupplyDetermined) -> str:
    lost, back = e.became_unsupplied, e.became_supplied
    if lost and back:
        return capital(say("supply.ran_out_and_back", lost=units_text(gd, lost), back=units_text(gd, back),
                           back_count=len(back)))
    if lost:
        return capital(say("supply.ran_out", lost=units_text(gd, lost)))
    if back:
        return capital(say("supply.back", back=units_text(gd, back), back_count=len(back)))
    return "."  # nothing changed: describe() leaves such an event out of the log


def _attrition(gd: GameDef, e: AttritionLoss) -> str:
    name = unit_name(gd, e.unit)
    if e.eliminated:
        return say("supply.melted_away", unit=name)
    return say("supply.attrition", unit=name, steps=e.steps_lost)


def _arrived(gd: GameDef, e: ReinforcementsArrived) -> str:
    return say("arrival.ready", units=units_text(gd, e.units))


def _placed(gd: GameDef, e: ReinforcementPlaced) -> str:
    if e.hex is None:
        return say("arrival.joined_box", unit=unit_name(gd, e.unit))
    return say("arrival.placed", unit=unit_name(gd, e.unit), at=place(gd, e.hex))


def _placement_undone(gd: GameDef, e: PlacementUndone) -> str:
    return say("arrival.taken_back", unit=unit_name(gd, e.unit))


def _delayed(gd: GameDef, e: ReinforcementsDelayed) -> str:
    return say("arrival.delayed", units=units_text(gd, e.units), turn=e.turn)


def _offered(gd: GameDef, e: OptionalUnitsOffered) -> str:
    return say("arrival.offered", units=units_text(gd, e.units))


def _accepted(gd: GameDef, e: OptionalUnitAccepted) -> str:
    return say("arrival.accepted", unit=unit_name(gd, e.unit), vp=e.vp, turn=e.turn)


def _declined(gd: GameDef, e: OptionalUnitDeclined) -> str:
    return say("arrival.declined", unit=unit_name(gd, e.unit))


def _options(gd: GameDef, e: OptionsChosen) -> str:
    names = {o.id: o.name for o in gd.scenario.options}
    chosen = [names.get(o, o.replace("_", " ")) for o in e.options]
    side = capital(SIDE_NAMES[e.side])
    if not chosen:
        return say("arrival.no_options", side=side)
    return say("arrival.options", side=side, options=join_words(chosen), vp=e.vp)


def _across_border(gd: GameDef, e: UnitSetUpAcrossBorder) -> str:
    return say("arrival.across_border", unit=unit_name(gd, e.unit), at=place(gd, e.hex))


def _border_undone(gd: GameDef, e: SetUpAcrossBorderUndone) -> str:
    return say("arrival.border_undone", unit=unit_name(gd, e.unit), to=place(gd, e.hex, "to"))


MOVEMENT_SENTENCES: dict[type[Event], Callable[[GameDef, Any], str]] = {
    UnitMoved: _unit_moved, MoveUndone: _move_undone, UnitRailMoved: _rail_moved, UnitShipped: _shipped,
    BridgeDemolished: _demolished, BridgeRepaired: _repaired,
    SupplyDetermined: _supply, AttritionLoss: _attrition, ReinforcementsArrived: _arrived,
    ReinforcementPlaced: _placed, PlacementUndone: _placement_undone, ReinforcementsDelayed: _delayed,
    OptionalUnitsOffered: _offered, OptionalUnitAccepted: _accepted, OptionalUnitDeclined: _declined,
    OptionsChosen: _options, UnitSetUpAcrossBorder: _across_border, SetUpAcrossBorderUndone: _border_undone,
}
"""The sentence writer of each movement, supply and reinforcement event class (event_text merges them)."""
