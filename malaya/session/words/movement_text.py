"""Movement, bridge, supply, reinforcement and set-up events as one plain sentence each (for event_text)."""

from __future__ import annotations

from collections.abc import Callable
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
    count_text,
    join_words,
    number_text,
)
from malaya.session.words.event_words import SIDE_NAMES, bridge_place, capital, place, unit_name, units_text


def _unit_moved(gd: GameDef, e: UnitMoved) -> str:
    points = "movement point" if e.cost == 1 else "movement points"
    return f"{unit_name(gd, e.unit)} moved {place(gd, e.path[-1], 'to')} ({number_text(e.cost)} {points})."


def _move_undone(gd: GameDef, e: MoveUndone) -> str:
    return f"{unit_name(gd, e.unit)} took back its move and stands {place(gd, e.to)} again."


def _rail_moved(gd: GameDef, e: UnitRailMoved) -> str:
    return f"{unit_name(gd, e.unit)} went by rail {place(gd, e.path[-1], 'to')}."


def _shipped(gd: GameDef, e: UnitShipped) -> str:
    origin = "from the Japanese off-map box" if e.origin is None else place(gd, e.origin, "from")
    if e.assault:
        return f"{unit_name(gd, e.unit)} sailed {origin} and waits off {gd.place_name(e.port)} to storm the port."
    verb = "landed" if e.landing else "sailed"
    return f"{unit_name(gd, e.unit)} {verb} {origin} {place(gd, e.port, 'at' if e.landing else 'to')}."


def _demolished(gd: GameDef, e: BridgeDemolished) -> str:
    return f"The Commonwealth blew the bridge {bridge_place(gd, e.a, e.b)}."


def _repaired(gd: GameDef, e: BridgeRepaired) -> str:
    return f"The Japanese repaired the bridge {bridge_place(gd, e.a, e.b)}."
# --- supply, reinforcements, options --------------------------------------------------------------


def _supply(gd: GameDef, e: SupplyDetermined) -> str:
    parts = []
    if e.became_unsupplied:
        parts.append(f"{units_text(gd, e.became_unsupplied)} ran out of supply")
    if e.became_supplied:
        parts.append(f"{units_text(gd, e.became_supplied)} {'is' if len(e.became_supplied) == 1 else 'are'} "
                     "supplied again")
    return capital("; ".join(parts)) + "."


def _attrition(gd: GameDef, e: AttritionLoss) -> str:
    name = unit_name(gd, e.unit)
    if e.eliminated:
        return f"{name}, too long out of supply, melted away."
    return f"{name}, too long out of supply, lost {count_text(e.steps_lost, 'step')}."


def _arrived(gd: GameDef, e: ReinforcementsArrived) -> str:
    return f"Reinforcements are ready: {units_text(gd, e.units)}."


def _placed(gd: GameDef, e: ReinforcementPlaced) -> str:
    if e.hex is None:
        return f"{unit_name(gd, e.unit)} joined the Japanese off-map box."
    return f"{unit_name(gd, e.unit)} arrived {place(gd, e.hex)}."


def _placement_undone(gd: GameDef, e: PlacementUndone) -> str:
    return f"{unit_name(gd, e.unit)} was taken back off the map."


def _delayed(gd: GameDef, e: ReinforcementsDelayed) -> str:
    return f"{units_text(gd, e.units)} stayed back and will arrive on turn {e.turn}."


def _offered(gd: GameDef, e: OptionalUnitsOffered) -> str:
    return f"Optional units on offer: {units_text(gd, e.units)}."


def _accepted(gd: GameDef, e: OptionalUnitAccepted) -> str:
    return f"{unit_name(gd, e.unit)} was taken for {e.vp} VP and arrives on turn {e.turn}."


def _declined(gd: GameDef, e: OptionalUnitDeclined) -> str:
    return f"{unit_name(gd, e.unit)} was declined."


def _options(gd: GameDef, e: OptionsChosen) -> str:
    names = {o.id: o.name for o in gd.scenario.options}
    chosen = [names.get(o, o.replace("_", " ")) for o in e.options]
    if not chosen:
        return f"{capital(SIDE_NAMES[e.side])} chose no options."
    return f"{capital(SIDE_NAMES[e.side])} chose {join_words(chosen)} for {e.vp} VP."


def _across_border(gd: GameDef, e: UnitSetUpAcrossBorder) -> str:
    return f"{unit_name(gd, e.unit)} set up across the border {place(gd, e.hex)}."


def _border_undone(gd: GameDef, e: SetUpAcrossBorderUndone) -> str:
    return f"{unit_name(gd, e.unit)} went back {place(gd, e.hex, 'to')}."


MOVEMENT_SENTENCES: dict[type[Event], Callable[[GameDef, Any], str]] = {
    UnitMoved: _unit_moved, MoveUndone: _move_undone, UnitRailMoved: _rail_moved, UnitShipped: _shipped,
    BridgeDemolished: _demolished, BridgeRepaired: _repaired,
    SupplyDetermined: _supply, AttritionLoss: _attrition, ReinforcementsArrived: _arrived,
    ReinforcementPlaced: _placed, PlacementUndone: _placement_undone, ReinforcementsDelayed: _delayed,
    OptionalUnitsOffered: _offered, OptionalUnitAccepted: _accepted, OptionalUnitDeclined: _declined,
    OptionsChosen: _options, UnitSetUpAcrossBorder: _across_border, SetUpAcrossBorderUndone: _border_undone,
}
"""The sentence writer of each movement, supply and reinforcement event class (event_text merges them)."""
