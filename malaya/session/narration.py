"""The message log: one line per thing that happened, each with the place it happened at.

:func:`narrate` turns a run of events into :class:`LogLine` s, merging what a player reads
as one thing: a retreat and the step it cost in an enemy zone of control ("… retreated to
Alor Star and lost a step in a Japanese zone of control"), a failed landing and its lost
step, a unit's last step and its elimination. :class:`MessageLog` keeps the lines of a
match and merges repeated clicks into one line (air points set one at a time).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from malaya.engine.air import AirAllocated
from malaya.engine.bridges import BridgeDemolished, BridgeRepaired
from malaya.engine.combat.events import (
    AmphibiousAssaultFailed,
    CombatCancelled,
    DiceRolled,
    RetreatBlocked,
    StepLost,
    UnitAdvanced,
    UnitEliminated,
    UnitRetreated,
)
from malaya.engine.events import Event, HexControlChanged, PhaseStarted
from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Hex
from malaya.engine.movement import MoveUndone, UnitMoved
from malaya.engine.naval_moves import UnitShipped
from malaya.engine.options import SetUpAcrossBorderUndone, UnitSetUpAcrossBorder
from malaya.engine.rail import UnitRailMoved
from malaya.engine.reinforcement import ReinforcementPlaced
from malaya.engine.sides import Side
from malaya.session.event_text import SIDE_ADJECTIVES, describe

MAX_LINES = 500


@dataclass(frozen=True, slots=True)
class LogLine:
    """One line of the message log: the sentence, the hex it is about (the map centres there), a merge key."""

    text: str
    hex: Hex | None = None
    heading: bool = False
    merge_key: str | None = None

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


def _merge_key(event: Event) -> str | None:
    """Events that replace the previous line with the same key (repeated clicks of one choice)."""
    if isinstance(event, AirAllocated):
        return f"air-{event.side.value}"
    return None


def _enemy_of(gd: GameDef, unit_id: str) -> str:
    """``Japanese`` for a Commonwealth unit, and the other way round."""
    index = gd.unit_index.get(unit_id)
    side = gd.unit_defs[index].side if index is not None else Side.JP
    return SIDE_ADJECTIVES[side.enemy]


def narrate(gd: GameDef, events: Iterable[Event]) -> list[LogLine]:
    """The log lines of a run of events, with a retreat, failed landing or last step merged with what it cost."""
    lines: list[LogLine] = []
    retreat_at: dict[str, int] = {}  # unit → index of its retreat line through an enemy ZOC
    landing_at: dict[str, int] = {}  # unit → index of its failed-landing line
    last_step: dict[str, int] = {}  # unit → index of its "lost its last step" line
    for event in events:
        if isinstance(event, StepLost) and event.unit in retreat_at:
            i = retreat_at.pop(event.unit)
            lines[i] = _retreat_loss(gd, lines[i], event)
            if event.steps_left <= 0:
                last_step[event.unit] = i
            continue
        if isinstance(event, StepLost) and event.unit in landing_at:
            i = landing_at.pop(event.unit)
            if event.steps_left <= 0:
                last_step[event.unit] = i
            continue
        if isinstance(event, UnitEliminated) and event.unit in last_step:
            i = last_step.pop(event.unit)
            lines[i] = replace(lines[i], text=lines[i].text.replace("lost its last step", "was eliminated")
                               .replace(", lost a step and went back to sea", " and was eliminated"))
            continue
        text = describe(gd, event)
        if text is None:
            continue
        if isinstance(event, UnitRetreated) and event.ezoc_hexes:
            retreat_at[event.unit] = len(lines)
        elif isinstance(event, AmphibiousAssaultFailed):
            landing_at[event.unit] = len(lines)
        elif isinstance(event, StepLost) and event.steps_left <= 0:
            last_step[event.unit] = len(lines)
        line = LogLine(text, event_hex(event), isinstance(event, PhaseStarted), _merge_key(event))
        if line.merge_key is not None and lines and lines[-1].merge_key == line.merge_key:
            lines[-1] = line  # the same choice clicked again: only its final value is news
        else:
            lines.append(line)
    return lines


def _retreat_loss(gd: GameDef, line: LogLine, loss: StepLost) -> LogLine:
    """``X retreated to Y and lost a step in a Japanese zone of control`` (or was eliminated there)."""
    base = line.text.removesuffix(".").replace(" through an enemy zone of control", "")
    cost = "lost its last step" if loss.steps_left <= 0 else "lost a step"
    return replace(line, text=f"{base} and {cost} in a {_enemy_of(gd, loss.unit)} zone of control.")


@dataclass
class MessageLog:
    """The lines of a match's message log, newest last, at most ``MAX_LINES``."""

    lines: list[LogLine]

    def add_events(self, gd: GameDef, events: Iterable[Event]) -> None:
        """Narrate new events; a line with the merge key of the line before replaces it."""
        for line in narrate(gd, events):
            self.add(line)

    def add(self, line: LogLine) -> None:
        """Append one line (replacing the last one if both carry the same merge key)."""
        if line.merge_key is not None and self.lines and self.lines[-1].merge_key == line.merge_key:
            self.lines[-1] = line
        else:
            self.lines.append(line)
        del self.lines[:-MAX_LINES]

    def texts(self) -> list[str]:
        """The sentences, oldest first."""
        return [line.text for line in self.lines]

