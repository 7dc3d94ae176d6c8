"""What a chance node's resolver needs to know, as typed records (``Pending.context``).

Each record's ``row`` is the flat strings the canonical state (every state digest)
has always held for it: ``("jp_5_div", "33", "-3", "1")`` for a sea move waiting on
Force Z's roll, ``("80",)`` for the Penang shipping percentage.
"""

from __future__ import annotations

from dataclasses import dataclass

from malaya.engine.combat_steps import FlatRecord
from malaya.engine.hexgrid import Hex


@dataclass(frozen=True, slots=True)
class NoContext(FlatRecord):
    """A chance node that needs nothing beyond its outcome (the combat die)."""

    def row(self) -> tuple[str, ...]:
        """No strings."""
        return ()


@dataclass(frozen=True, slots=True)
class LossCandidates(FlatRecord):
    """The units of a group that may lose the next step (R12.7); the outcome indexes them."""

    units: tuple[str, ...]

    def row(self) -> tuple[str, ...]:
        """The unit ids."""
        return self.units


@dataclass(frozen=True, slots=True)
class SeaMoveContext(FlatRecord):
    """A JP sea move waiting on Force Z's roll: who sails where, landing or not (R9.7)."""

    unit: str
    port: Hex
    landing: bool

    def row(self) -> tuple[str, ...]:
        """``(unit, port q, port r, landing 0/1)``."""
        return (self.unit, str(self.port.q), str(self.port.r), str(int(self.landing)))


@dataclass(frozen=True, slots=True)
class AirPointsContext(FlatRecord):
    """The JP air points spent on an attack against Force Z (R9.7)."""

    air_points: int

    def row(self) -> tuple[str, ...]:
        """``(air points,)``."""
        return (str(self.air_points),)


@dataclass(frozen=True, slots=True)
class PercentContext(FlatRecord):
    """The percentage the Penang shipping roll must not exceed (R9.3)."""

    percent: int

    def row(self) -> tuple[str, ...]:
        """``(percent,)``."""
        return (str(self.percent),)


ChanceContext = NoContext | LossCandidates | SeaMoveContext | AirPointsContext | PercentContext
"""Any chance node's context."""

NO_CONTEXT = NoContext()
"""The context of a node that needs none."""
