"""Lessons as data: a guided game, one TOML file per lesson under ``scenarios/lessons/``.

A lesson names its scenario, the side the learner plays, a seed and (optionally) a prelude of
actions that set the position up; then a list of steps. Each step has plain words (what the
phase is for, what to click), what to highlight (a place, a hex, a unit or a button), the
condition that completes it, and a friendly hint for a click that does not fit.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from malaya.content.errors import ContentError
from malaya.content.scenario_loader import read_toml
from malaya.engine import ACTION_ADAPTER, Action, Hex, Phase, Side
from malaya.resources import scenarios_dir
from malaya.session.words.catalog import say
from malaya.session.words.content_words import content_text

LESSONS_FOLDER = "lessons"


class Mark(StrEnum):
    """What a step highlights."""

    NONE = "none"
    PLACE = "place"  # a hex by place name
    HEX = "hex"  # a hex by coordinates
    UNIT = "unit"  # a unit: its hex on the map and its row in the side panel
    BUTTON = "button"  # a button, by the start of its label


class Done(StrEnum):
    """How a step is completed."""

    NEXT = "next"  # the learner presses Next on the lesson card
    ACTION = "action"  # an action of a kind (with parameters) is applied
    PHASE = "phase"  # a phase (of a side, a turn) is reached
    UNITS_NEXT_TO = "units_next_to"  # so many of the side's units stand next to a place
    ATTACKERS = "attackers"  # the combat being declared has so many attackers
    COMBAT_AIR = "combat_air"  # the combat being declared has so many air points (or no more can be added)
    NO_COMBAT = "no_combat"  # no combat is under way any more


@dataclass(frozen=True)
class Highlight:
    """What to draw a ring around: ``target`` is a place name, a unit id or a button label."""

    mark: Mark = Mark.NONE
    target: str = ""
    hex: Hex | None = None
    also: tuple[str, ...] = ()
    """More places ringed with the target (where the units a step names stand)."""


@dataclass(frozen=True)
class Condition:
    """What completes a step; the fields a kind does not use stay empty."""

    done: Done
    action: str = ""  # an action's ``type`` ("move_unit")
    unit: str = ""
    place: str = ""  # the action's destination (or the defender's hex) is this place
    next_to: str = ""  # the action's destination is next to this place
    phase: Phase | None = None
    side: Side | None = None
    turn: int = 0
    count: int = 1


@dataclass(frozen=True)
class Step:
    """One step of a lesson."""

    title: str
    text: str
    highlight: Highlight
    condition: Condition
    hint: str
    allow: tuple[str, ...] = ()  # other action types the learner may use in this step (undo, end phase)


@dataclass(frozen=True)
class Lesson:
    """A whole lesson, as read from its file."""

    id: str
    title: str
    summary: str
    scenario: str
    side: Side
    seed: int
    prelude: tuple[Action, ...]
    steps: tuple[Step, ...]
    finish: str


def lessons_dir() -> Path:
    """The folder of the bundled lessons."""
    return scenarios_dir() / LESSONS_FOLDER


@dataclass(frozen=True)
class BrokenLesson:
    """A lesson file that cannot be read: its id (the file name) and why, in plain words."""

    id: str
    reason: str


class LessonError(ValueError):
    """A lesson file is missing, not a file, too large or not a lesson; ``str`` is one line."""


def load_lesson(path: Path) -> Lesson:
    """Read one lesson file; LessonError (one line naming the file) if it is not a lesson."""
    try:
        return _lesson(path, read_toml(path))
    except ContentError as err:
        raise LessonError(content_text(err)) from None
    except KeyError as err:
        raise LessonError(say("lesson.missing", file=path.name, key=err.args[0])) from None
    except ValidationError as err:
        raise LessonError(say("lesson.not_an_action", file=path.name, why=err.errors()[0]["msg"])) from None
    except (TypeError, ValueError, AttributeError, IndexError, RecursionError) as err:
        raise LessonError(say("lesson.wrong_kind", file=path.name, why=err)) from None


def _lesson(path: Path, data: dict[str, Any]) -> Lesson:
    """A lesson from its parsed TOML (KeyError, TypeError or ValueError for a value that does not fit)."""
    return Lesson(id=path.stem, title=data["title"], summary=data["summary"], scenario=data["scenario"],
                  side=Side(data["side"]), seed=int(data["seed"]),
                  prelude=tuple(ACTION_ADAPTER.validate_python(_hexes(a)) for a in data.get("prelude", [])),
                  steps=tuple(_step(s) for s in data["steps"]), finish=data["finish"])


def lesson_catalog(folder: Path | None = None) -> list[Lesson | BrokenLesson]:
    """Every lesson file, in file-name order (``1_…``, ``2_…``): the lesson, or why it cannot be read."""
    out: list[Lesson | BrokenLesson] = []
    for path in sorted((folder or lessons_dir()).glob("*.toml")):
        try:
            out.append(load_lesson(path))
        except LessonError as err:
            out.append(BrokenLesson(path.stem, str(err)))
    return out


def all_lessons(folder: Path | None = None) -> list[Lesson]:
    """Every bundled lesson that can be read, in file-name order."""
    return [lesson for lesson in lesson_catalog(folder) if isinstance(lesson, Lesson)]


def lesson_by_id(lesson_id: str) -> Lesson:
    """The bundled lesson of this id (KeyError if none)."""
    path = lessons_dir() / f"{lesson_id}.toml"
    if not path.is_file():
        raise KeyError(lesson_id)
    return load_lesson(path)


def _hexes(raw: dict[str, Any]) -> dict[str, Any]:
    """An action table with ``[q, r]`` pairs turned into hexes."""
    return {k: Hex(*v) if isinstance(v, list) else v for k, v in raw.items()}


def _step(raw: dict[str, Any]) -> Step:
    """One step table."""
    return Step(title=raw["title"], text=raw["text"].strip(), highlight=_highlight(raw.get("highlight", {})),
                condition=_condition(raw["done"]), hint=raw["hint"], allow=tuple(raw.get("allow", ())))


def _highlight(raw: dict[str, Any]) -> Highlight:
    """A step's highlight table: one of place, hex, unit or button (with ``also``, more places ringed on the map)."""
    also = tuple(raw.get("also", ()))
    if "place" in raw:
        return Highlight(Mark.PLACE, raw["place"], also=also)
    if "hex" in raw:
        return Highlight(Mark.HEX, "", Hex(*raw["hex"]), also=also)
    if "unit" in raw:
        return Highlight(Mark.UNIT, raw["unit"], also=also)
    if "button" in raw:
        return Highlight(Mark.BUTTON, raw["button"], also=also)
    return Highlight()


def _condition(raw: dict[str, Any]) -> Condition:
    """A step's ``done`` table."""
    return Condition(done=Done(raw["kind"]), action=raw.get("action", ""), unit=raw.get("unit", ""),
                     place=raw.get("place", ""), next_to=raw.get("next_to", ""),
                     phase=Phase(raw["phase"]) if "phase" in raw else None,
                     side=Side(raw["side"]) if "side" in raw else None, turn=int(raw.get("turn", 0)),
                     count=int(raw.get("count", 1)))
