"""The steps of a combat's resolution queue (R12.6-R12.9) as typed records.

A rolled combat keeps its remaining steps in ``Combat.queue`` so that a random
step loss can pause the resolution and resume where it stopped. Each record
knows its :class:`StepKind` and its ``row``: the flat strings the canonical
state (and so every state digest and saved checkpoint) holds, for example
``("lose", "2", "cw_11_ind", "cw_12_ind")``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import ClassVar


class StepKind(StrEnum):
    """What a resolution step does."""

    DIE = "die"  # read the CRT with the die (R12.6)
    ELIMINATE = "eliminate"  # DE: the whole stack is eliminated
    LOSE = "lose"  # steps lost among a group, one at a time (R12.7)
    PICK = "pick"  # a random step loss awaits its chance outcome (R12.7)
    RETREAT = "retreat"  # one group retreats, then pays its extra losses (R12.8)


class FlatRecord:
    """A record whose canonical form (in a state digest) is a flat row of strings."""

    __slots__ = ()

    def row(self) -> tuple[str, ...]:
        """The record as flat strings."""
        raise NotImplementedError


class QueueStep(FlatRecord):
    """Common base of the resolution steps."""

    __slots__ = ()
    kind: ClassVar[StepKind]


@dataclass(frozen=True, slots=True)
class ReadDie(QueueStep):
    """The first step of a rolled combat: everything the die is read with (R12.4-R12.6)."""

    kind: ClassVar[StepKind] = StepKind.DIE
    column: str
    modifier: int
    attack: Fraction
    defense: Fraction
    attack_air: int
    defense_air: int

    def row(self) -> tuple[str, ...]:
        """``("die", column, modifier, attack, defense, attack AP, defense AP)``."""
        return (self.kind.value, self.column, str(self.modifier), str(self.attack), str(self.defense),
                str(self.attack_air), str(self.defense_air))


@dataclass(frozen=True, slots=True)
class Eliminate(QueueStep):
    """DE: these units are eliminated."""

    kind: ClassVar[StepKind] = StepKind.ELIMINATE
    units: tuple[str, ...]

    def row(self) -> tuple[str, ...]:
        """``("eliminate", *units)``."""
        return (self.kind.value, *self.units)


@dataclass(frozen=True, slots=True)
class LoseSteps(QueueStep):
    """``count`` steps are lost among these units, one at a time (R12.7)."""

    kind: ClassVar[StepKind] = StepKind.LOSE
    count: int
    units: tuple[str, ...]

    def row(self) -> tuple[str, ...]:
        """``("lose", count, *units)``."""
        return (self.kind.value, str(self.count), *self.units)


@dataclass(frozen=True, slots=True)
class PickLoss(QueueStep):
    """A chance node's candidates: the outcome (an index) loses one step (R12.7)."""

    kind: ClassVar[StepKind] = StepKind.PICK
    candidates: tuple[str, ...]

    def row(self) -> tuple[str, ...]:
        """``("pick", *candidates)``."""
        return (self.kind.value, *self.candidates)


@dataclass(frozen=True, slots=True)
class Retreat(QueueStep):
    """One group retreats ``length`` hexes (or cannot), then pays its retreat losses (R12.8)."""

    kind: ClassVar[StepKind] = StepKind.RETREAT
    length: int
    units: tuple[str, ...]

    def row(self) -> tuple[str, ...]:
        """``("retreat", length, *units)``."""
        return (self.kind.value, str(self.length), *self.units)


CombatStep = ReadDie | Eliminate | LoseSteps | PickLoss | Retreat
"""Any step of the resolution queue."""
