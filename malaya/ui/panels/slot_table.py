"""The Load and Replay pages' table: one row per save that tells games apart at a glance.

Columns: the slot's name, the scenario, the mode (against the computer as either side, hotseat),
the turn with its date, the seed and when it was last played.
"""

from __future__ import annotations

from malaya.engine.gamedef import GameDef
from malaya.engine.scenario import turn_date
from malaya.engine.sides import Side
from malaya.persistence import SlotInfo
from malaya.persistence.store import shown_time
from malaya.session.event_words import SIDE_ADJECTIVES

COLUMNS: tuple[tuple[str, float], ...] = (("Name", 0.0), ("Scenario", 0.2), ("Mode", 0.42), ("Turn", 0.62),
                                          ("Seed", 0.74), ("Last played", 0.82))
"""Column titles and their left edge as a share of the table's width (the Delete button is at the right)."""


def mode_text(slot: SlotInfo) -> str:
    """``vs computer, as Commonwealth`` / ``hotseat`` / ``computer vs computer`` (``?`` if the header did not say)."""
    humans = [side for side in Side if slot.controller(side) == "human"]
    if not slot.controllers:
        return "?"
    if len(humans) == 2:
        return "hotseat"
    if len(humans) == 1:
        return f"vs computer, as {SIDE_ADJECTIVES[humans[0]]}"
    return "computer vs computer"


def turn_text(slot: SlotInfo, gd: GameDef | None) -> str:
    """``4 · 29 Dec 1941`` (the turn's date when the slot is of this scenario), or ``finished``."""
    if slot.finished:
        return "finished"
    if gd is None or slot.scenario != gd.scenario.id or not 1 <= slot.turn <= gd.last_turn:
        return str(slot.turn)
    day = turn_date(gd.scenario.calendar, slot.turn)
    return f"{slot.turn} · {day.day} {day:%b %Y}"


def played_text(text: str) -> str:
    """An ISO save time as local ``YYYY-MM-DD HH:MM:SS`` (two saves a minute apart, or less, read apart)."""
    return shown_time(text)


def scenario_text(slot: SlotInfo, gd: GameDef | None) -> str:
    """The scenario's name when it is the one loaded, else its id."""
    return gd.scenario.name if gd is not None and slot.scenario == gd.scenario.id else slot.scenario


def cells(slot: SlotInfo, gd: GameDef | None) -> tuple[str, ...]:
    """The row's texts, one per column."""
    return (slot.name, scenario_text(slot, gd), mode_text(slot), turn_text(slot, gd),
            "—" if slot.seed is None else str(slot.seed), played_text(slot.date))
