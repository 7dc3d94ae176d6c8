"""The Load and Replay pages' table: one row per save that tells games apart at a glance.

Columns: the slot's name, the scenario (its title), the mode (against the computer as either side,
hotseat, or a lesson), the turn with its date, side and phase, the seed and when it was last played (to
the second). What a save's header does not say — a bundled scenario's title, which games are lessons —
is :class:`Known` from the bundled files, read off the window's thread with the listing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from malaya.content.errors import ContentError
from malaya.content.scenario_catalog import scenario_catalog
from malaya.engine import GameDef, Side, turn_date
from malaya.persistence import SlotInfo
from malaya.persistence.autosave import LESSON_PREFIX
from malaya.persistence.store import shown_time
from malaya.resources import scenarios_dir
from malaya.session.lessons import all_lessons
from malaya.session.words.catalog import say
from malaya.session.words.event_words import PHASE_NAMES, SIDE_ADJECTIVES

COLUMNS: tuple[tuple[str, float], ...] = ((say("slot_table.name"), 0.0), (say("slot_table.scenario"), 0.17),
                                          (say("slot_table.mode"), 0.34), (say("slot_table.turn"), 0.55),
                                          (say("slot_table.seed"), 0.765), (say("slot_table.last_played"), 0.83))
"""Column titles and their left edge as a share of the table's width (the Delete button is at the right)."""


@dataclass(frozen=True)
class Known:
    """What the table knows beyond a save's header: bundled scenarios' titles, and the lessons."""

    titles: Mapping[str, str] = field(default_factory=dict)
    lessons: Mapping[tuple[str, int, Side], str] = field(default_factory=dict)
    """Lesson titles by scenario, seed and the side the player plays (a lesson's game is always those)."""


def read_known() -> Known:
    """The bundled scenarios' titles and lessons (slow-ish: call it off the window's thread).

    A bundled file that does not read leaves its games shown by id, as a save of an unknown scenario is."""
    try:
        titles = {entry.id: entry.name for entry in scenario_catalog(scenarios_dir())}
    except (ContentError, OSError):
        titles = {}
    try:
        lessons = {(lesson.scenario, lesson.seed, lesson.side): lesson.title for lesson in all_lessons()}
    except (ContentError, OSError, ValueError, KeyError):
        lessons = {}
    return Known(titles, lessons)


def lesson_of(slot: SlotInfo, known: Known) -> str | None:
    """The title of the lesson this save is a game of, or None: named as a lesson's saves are, and its
    scenario, seed and the player's side are a lesson's (a game the player named so is not taken for one)."""
    humans = [side for side in Side if slot.controller(side) == "human"]
    if slot.seed is None or len(humans) != 1 or not slot.name.startswith(LESSON_PREFIX):
        return None
    return known.lessons.get((slot.scenario, slot.seed, humans[0]))


def mode_text(slot: SlotInfo, known: Known | None = None) -> str:
    """``vs computer, as Commonwealth`` / ``hotseat`` / ``computer vs computer`` / ``lesson`` (``?`` if the header
    did not say)."""
    if known is not None and lesson_of(slot, known) is not None:
        return "lesson"
    humans = [side for side in Side if slot.controller(side) == "human"]
    if not slot.controllers:
        return "?"
    if len(humans) == 2:
        return "hotseat"
    if len(humans) == 1:
        return say("slot_table.vs_computer_as", side=SIDE_ADJECTIVES[humans[0]])
    return say("slot_table.computer_vs_computer")


def turn_text(slot: SlotInfo, gd: GameDef | None) -> str:
    """``4 · 29 Dec 1941 · CW movement`` (the turn's date when the slot is of this scenario), or ``finished``."""
    if slot.finished:
        return say("slot_table.finished_at_turn", turn=slot.turn)
    where = f"{slot.side.value} {PHASE_NAMES[slot.phase]}"
    if gd is None or slot.scenario != gd.scenario.id or not 1 <= slot.turn <= gd.last_turn:
        return f"{slot.turn} · {where}"
    day = turn_date(gd.scenario.calendar, slot.turn)
    return f"{slot.turn} · {day.day} {day:%b %Y} · {where}"


def played_text(text: str) -> str:
    """An ISO save time as local ``YYYY-MM-DD HH:MM:SS`` (two saves a minute apart, or less, read apart)."""
    return shown_time(text)


def scenario_text(slot: SlotInfo, gd: GameDef | None, known: Known | None = None) -> str:
    """The scenario's title (the loaded one's, or a bundled one's), else its id (a scenario not installed)."""
    if gd is not None and slot.scenario == gd.scenario.id:
        return gd.scenario.name
    return (known.titles if known is not None else {}).get(slot.scenario, slot.scenario)


def cells(slot: SlotInfo, gd: GameDef | None, known: Known | None = None) -> tuple[str, ...]:
    """The row's texts, one per column."""
    return (slot.name, scenario_text(slot, gd, known), mode_text(slot, known), turn_text(slot, gd),
            "—" if slot.seed is None else str(slot.seed), played_text(slot.date))
