"""The message log: one line per thing that happened, each with the place it happened at.

:func:`narrate` turns a run of events into :class:`LogLine` s, merging what a player reads
as one thing: a retreat and the step it cost in an enemy zone of control ("… retreated to
Alor Star and lost a step in a Japanese zone of control"), a failed landing and its lost
step, a unit's last step and its elimination. :class:`MessageLog` keeps the lines of a
match and merges repeated clicks into one line (air points set one at a time; the same
refusal or called-off attack said again is counted, not repeated).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from enum import Enum

from malaya.engine import (
    AirAllocated,
    AmphibiousAssaultFailed,
    BridgeDemolished,
    BridgeRepaired,
    CombatCancelled,
    DiceRolled,
    Event,
    GameDef,
    Hex,
    HexControlChanged,
    MoveUndone,
    PhaseStarted,
    ReinforcementPlaced,
    RetreatBlocked,
    SetUpAcrossBorderUndone,
    Side,
    StepLost,
    UnitAdvanced,
    UnitEliminated,
    UnitMoved,
    UnitRailMoved,
    UnitRetreated,
    UnitSetUpAcrossBorder,
    UnitShipped,
)
from malaya.session.words.catalog import WordsError, say, template
from malaya.session.words.event_text import describe
from malaya.session.words.event_words import SIDE_ADJECTIVES, bridge_place, place, unit_name

MAX_LINES = 500


@dataclass(frozen=True, slots=True)
class LogLine:
    """One line of the message log: the sentence, the hex it is about (the map centres there), a merge key."""

    text: str
    hex: Hex | None = None
    heading: bool = False
    merge_key: str | None = None
    count: int = 1
    """How many things of one kind the line tells (bridges blown near one place)."""
    plural: str | None = None
    """The line for ``count`` > 1 things, with ``{n}`` for the count; None: a merged line keeps only the last."""
    rules: tuple[str, ...] = ()
    """The rules the line is about (``R12.10``), for a link to the rules page; never written in ``text``."""

    def merged_into(self, previous: LogLine) -> LogLine:
        """This line replacing ``previous`` (same merge key): a count of like things, or the last click's value."""
        if self.plural is None:
            return self
        count = previous.count + self.count
        return replace(self, text=self.plural.format(n=count), count=count)

    def __str__(self) -> str:
        return self.text


def event_hex(event: Event) -> Hex | None:
    """The map hex an event happened at, if it has one."""
    match event:
        case UnitMoved() | UnitRailMoved() | UnitRetreated():
            return event.path[-1] if event.path else None
        case DiceRolled():
            return event.defender_hex
        case UnitAdvanced():
            return event.to
        case MoveUndone():
            return event.to
        case UnitShipped():
            return event.port
        case ReinforcementPlaced():
            return event.hex
        case HexControlChanged() | RetreatBlocked() | UnitSetUpAcrossBorder() | SetUpAcrossBorderUndone():
            return event.hex
        case CombatCancelled():
            return event.defender
        case BridgeDemolished() | BridgeRepaired():
            return event.a
    return None


HEADING_KEY = "phase"
"""A phase heading replaces the heading before it when nothing happened in between (one line per thing)."""


def _merge_key(gd: GameDef, event: Event) -> str | None:
    """Events that replace the previous line with the same key (repeated clicks, bridges blown near one place)."""
    if isinstance(event, PhaseStarted):
        return HEADING_KEY
    if isinstance(event, AirAllocated):
        return f"air-{event.side.value}"
    if isinstance(event, BridgeDemolished | BridgeRepaired):
        return f"{type(event).__name__}-{bridge_place(gd, event.a, event.b)}"
    return None


def _plural(gd: GameDef, event: Event) -> str | None:
    """The sentence for several like events in a row, with ``{n}`` for how many (None: only the last counts)."""
    if isinstance(event, BridgeDemolished | BridgeRepaired):
        key = "move.bridges_blown" if isinstance(event, BridgeDemolished) else "move.bridges_repaired"
        return say(key, n="{n}", where=bridge_place(gd, event.a, event.b))
    return None


def _enemy_of(gd: GameDef, unit_id: str) -> str:
    """``Japanese`` for a Commonwealth unit, and the other way round."""
    index = gd.unit_index.get(unit_id)
    side = gd.unit_defs[index].side if index is not None else Side.JP
    return SIDE_ADJECTIVES[side.enemy]


class LossKind(Enum):
    """What a unit's step losses are told with."""

    PLAIN = "plain"  # "X lost 2 steps (1 left)"
    RETREAT = "retreat"  # "X retreated to Y and lost a step in a Japanese zone of control"
    LANDING = "landing"  # "X failed to take the port, lost a step and went back to sea"


@dataclass
class _Losses:
    """The step losses of one unit told on one line, growing as its events come in."""

    index: int
    kind: LossKind
    unit: str  # the unit's name
    enemy: str
    to: str = ""  # where a retreat ended ("to Kampar")
    steps: int = 0
    eliminated: bool = False

    def text(self, left: int) -> str:
        """The line as it stands."""
        values = {"unit": self.unit, "enemy": self.enemy, "to": self.to, "steps": self.steps, "left": left}
        one = self.steps == 1
        if self.kind is LossKind.RETREAT:
            if self.eliminated:
                return say("log.retreat_eliminated", **values)
            return say("log.retreat_lost_a_step" if one else "log.retreat_lost_steps", **values)
        if self.kind is LossKind.LANDING:
            if self.eliminated:
                return say("log.landing_eliminated", **values)
            if not self.steps:
                return say("combat.landing_failed", **values)
            return say("log.landing_lost_a_step" if one else "log.landing_lost_steps", **values)
        if self.eliminated:
            return say("log.lost_last_step_eliminated" if one else "log.lost_steps_eliminated", **values)
        if not left:
            return say("combat.lost_last_step", **values)
        return say("combat.lost_a_step" if one else "log.lost_steps", **values)


def narrate(gd: GameDef, events: Iterable[Event]) -> list[LogLine]:
    """The log lines of a run of events; a unit's step losses join the line of what caused them."""
    lines: list[LogLine] = []
    losses: dict[str, _Losses] = {}  # unit → the line its next step loss or elimination is told on
    for event in events:
        if isinstance(event, StepLost | UnitEliminated) and event.unit in losses:
            told = losses[event.unit]
            left = event.steps_left if isinstance(event, StepLost) else 0
            if isinstance(event, StepLost):
                told.steps += 1
            else:
                told.eliminated = True
                del losses[event.unit]
            lines[told.index] = replace(lines[told.index], text=told.text(left))
            continue
        text = describe(gd, event)
        if text is None:
            continue
        opened = _opens_losses(gd, event, len(lines))
        if opened is not None:
            losses[opened[0]] = opened[1]
            if isinstance(event, StepLost):
                opened[1].steps = 1
                text = opened[1].text(event.steps_left)
        line = LogLine(text, event_hex(event), isinstance(event, PhaseStarted), _merge_key(gd, event),
                       plural=_plural(gd, event))
        if line.merge_key is not None and lines and lines[-1].merge_key == line.merge_key:
            lines[-1] = line.merged_into(lines[-1])
        else:
            lines.append(line)
    return lines


def _opens_losses(gd: GameDef, event: Event, index: int) -> tuple[str, _Losses] | None:
    """A line whose unit's following step losses it tells: a step loss, a retreat through a ZOC, a failed landing."""
    if isinstance(event, StepLost):
        return event.unit, _Losses(index, LossKind.PLAIN, unit_name(gd, event.unit), _enemy_of(gd, event.unit))
    if isinstance(event, UnitRetreated) and event.ezoc_hexes:
        return event.unit, _Losses(index, LossKind.RETREAT, unit_name(gd, event.unit), _enemy_of(gd, event.unit),
                                   place(gd, event.path[-1], "to"))
    if isinstance(event, AmphibiousAssaultFailed):
        return event.unit, _Losses(index, LossKind.LANDING, unit_name(gd, event.unit), _enemy_of(gd, event.unit))
    return None


def _times_pattern() -> re.Pattern[str]:
    """How many times in a row a line was said, as the words file writes it: ``… (3 times)`` at the end."""
    said_again = template("log.said_again")
    head, _, tail = said_again.partition("{text}")
    if head:
        raise WordsError("log.said_again must begin with {text}")
    return re.compile(re.escape(tail).replace(re.escape("{n}"), r"(\d+)") + "$")


_TIMES = _times_pattern()
"""How many times in a row a line was said: ``The attack on Jitra was called off. (3 times)``."""


def _said(line: LogLine) -> str:
    """A line's sentence without its repeat count."""
    return _TIMES.sub("", line.text)


@dataclass
class MessageLog:
    """The lines of a match's message log, newest last, at most ``MAX_LINES``."""

    lines: list[LogLine]

    def add_events(self, gd: GameDef, events: Iterable[Event]) -> None:
        """Narrate new events; a line with the merge key of the line before replaces it."""
        for line in narrate(gd, events):
            self.add(line)

    def add(self, line: LogLine) -> None:
        """Append one line (replacing the last one if both carry the same merge key, or counting a repeat)."""
        if line.merge_key is not None and self.lines and self.lines[-1].merge_key == line.merge_key:
            self.lines[-1] = line.merged_into(self.lines[-1])
        elif self.lines and not line.heading and _said(self.lines[-1]) == line.text:
            times = _TIMES.search(self.lines[-1].text)
            n = int(times[1]) + 1 if times else 2
            self.lines[-1] = replace(self.lines[-1], text=say("log.said_again", text=line.text, n=n))
        else:
            self.lines.append(line)
        del self.lines[:-MAX_LINES]

    def texts(self) -> list[str]:
        """The sentences, oldest first."""
        return [line.text for line in self.lines]

