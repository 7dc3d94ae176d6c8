"""Win chances from rollout results: shares of JP wins, draws and CW wins with 95 % Wilson intervals."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from malaya.engine import Side
from malaya.session.words.catalog import say

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95 % interval."""

FEW_ROLLOUTS = 16
"""Below this many rollouts a chance is marked as rough (its interval is wider than about ±25 points)."""


class Outcome(StrEnum):
    """How a game ended by the scenario's own result levels (R15.5)."""

    JP = "JP"
    DRAW = "draw"
    CW = "CW"

    @classmethod
    def of_side(cls, side: Side | None) -> Outcome:
        """The outcome a result level's side stands for (None: a draw)."""
        return cls.DRAW if side is None else cls(side.value)


@dataclass(frozen=True, slots=True)
class Interval:
    """A share and its 95 % Wilson interval, all in [0, 1]."""

    share: float
    low: float
    high: float


def wilson(hits: int, n: int, z: float = Z95) -> Interval:
    """The Wilson score interval of ``hits`` out of ``n`` (the whole [0, 1] when n is 0)."""
    if n <= 0:
        return Interval(0.0, 0.0, 1.0)
    p = hits / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return Interval(p, max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True, slots=True)
class WinEstimate:
    """Counted rollout outcomes of one position."""

    jp: int = 0
    draw: int = 0
    cw: int = 0

    @classmethod
    def of(cls, outcomes: Iterable[Outcome]) -> WinEstimate:
        """The counts of a run of outcomes."""
        listed = list(outcomes)
        return cls(listed.count(Outcome.JP), listed.count(Outcome.DRAW), listed.count(Outcome.CW))

    @classmethod
    def certain(cls, outcome: Outcome) -> WinEstimate:
        """A finished game: its own result, counted once and known for sure."""
        return cls.of([outcome])

    @property
    def rollouts(self) -> int:
        """How many games were played on from the position."""
        return self.jp + self.draw + self.cw

    @property
    def too_few(self) -> bool:
        """True when the estimate rests on too few rollouts to be trusted."""
        return self.rollouts < FEW_ROLLOUTS

    def count(self, outcome: Outcome) -> int:
        """Rollouts that ended in ``outcome``."""
        return {Outcome.JP: self.jp, Outcome.DRAW: self.draw, Outcome.CW: self.cw}[outcome]

    def chance(self, outcome: Outcome) -> Interval:
        """The share of ``outcome`` with its 95 % interval."""
        return wilson(self.count(outcome), self.rollouts)

    def share(self, outcome: Outcome) -> float:
        """The share of ``outcome`` (0 with no rollouts)."""
        return self.count(outcome) / self.rollouts if self.rollouts else 0.0


def percent(x: float) -> str:
    """``37 %`` — a share as a whole percentage."""
    return f"{round(100 * x)} %"


def chance_text(estimate: WinEstimate, outcome: Outcome, certain: bool = False) -> str:
    """``Japanese win 62 % (47–75 %, 32 games)``-style words for one outcome; marked when too few."""
    c = estimate.chance(outcome)
    if certain:
        return percent(c.share)
    values = {"share": percent(c.share), "low": round(100 * c.low), "high": round(100 * c.high),
              "games": estimate.rollouts}
    return say("analysis.chance_too_few" if estimate.too_few else "analysis.chance", **values)
