"""What each line of a combat's breakdown (the Combat Panel, R12.11) stands for, as data, so a screen can explain it.

The engine writes no sentence for a player (issue 28 item 2). A line is a :class:`Reason` (one per sentence) with the
named facts its sentence needs (unit names already looked up, numbers as ``int`` or ``Fraction``, terrain and hexside
kinds as their codes), its value and its :class:`Breakdown` kind; the session's words file ``breakdown.toml`` holds one
template per reason and writes the line (``malaya.session.words.breakdown_words.breakdown_text``), only when shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, StrEnum
from fractions import Fraction

from malaya.engine.facts import Facts
from malaya.engine.refusal import Param


class Breakdown(Enum):
    """The kind of one breakdown line: a strength, a multiplier, a column shift or a die modifier."""

    ODDS = "odds"  # attack total against defense total, and the column
    ATTACK = "attack"  # one attacker's Attack factor
    DEFENSE = "defense"  # one defender's Defense factor
    UNSUPPLIED = "unsupplied"  # a cut-off unit's multiplier (R10.2)
    ACROSS = "across"  # attacking across a river or strait (R5.2)
    TERRAIN = "terrain"  # the defender's terrain multiplier (R5.1)
    SHIFT = "shift"  # a column shift (R12.4)
    ATTACK_AIR = "attack_air"  # attacking air points on the die (R11.3)
    DEFENSE_AIR = "defense_air"  # defending air points on the die (R11.4)
    ARMOR = "armor"  # armor attacking into open ground (R12.5)
    AMPHIBIOUS = "amphibious"  # an assault from the sea (R12.5)
    CAP = "cap"  # the die modifiers' cap (R12.5)
    DIE_TOTAL = "die_total"  # the die modifier in all (R12.5)


class Reason(StrEnum):
    """The sentence of one breakdown line, each with one template in the session's ``breakdown.toml``."""

    ATTACKS_WITH = "attacks_with"  # unit, strength
    DEFENDS_WITH = "defends_with"  # unit, strength
    UNSUPPLIED = "unsupplied"  # unit, times
    ATTACKS_ACROSS = "attacks_across"  # unit, hexside (a Hexside code, or "hexside"), times
    TERRAIN = "terrain"  # terrain (a Terrain code), times
    SHIFT_LEFT = "shift_left"  # feature (the CRT's column-shift key), columns
    SHIFT_RIGHT = "shift_right"  # feature, columns
    SHIFT_ACROSS_LEFT = "shift_across_left"  # hexside (a Hexside code, or "river"), columns
    SHIFT_ACROSS_RIGHT = "shift_across_right"  # hexside, columns
    ATTACK_AIR = "attack_air"  # points, die
    DEFENSE_AIR = "defense_air"  # points, die
    ARMOR = "armor"  # terrain (a Terrain code), die
    AMPHIBIOUS = "amphibious"  # die
    CAP = "cap"  # cap, die


@dataclass(frozen=True, slots=True)
class Line(Facts[Param]):
    """One strength line of a Combat Panel breakdown: its sentence and facts, and its value (a factor, a multiplier)."""

    code: Reason
    params: tuple[tuple[str, Param], ...]
    value: Fraction
    kind: Breakdown


@dataclass(frozen=True, slots=True)
class Modifier(Facts[Param]):
    """One die-roll modifier or column shift of the Combat Panel: its sentence and facts, and its value."""

    code: Reason
    params: tuple[tuple[str, Param], ...]
    value: int
    kind: Breakdown


def line(reason: Reason, value: Fraction, kind: Breakdown, **facts: Param) -> Line:
    """A strength line: ``reason`` with its facts named one by one."""
    return Line(reason, tuple(facts.items()), value, kind)


def modifier(reason: Reason, value: int, kind: Breakdown, **facts: Param) -> Modifier:
    """A column shift or a die modifier: ``reason`` with its facts named one by one."""
    return Modifier(reason, tuple(facts.items()), value, kind)
