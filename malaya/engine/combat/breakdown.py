"""What each line of a combat's breakdown (the Combat Panel, R12.11) stands for, so a screen can explain it."""

from __future__ import annotations

from enum import Enum


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
