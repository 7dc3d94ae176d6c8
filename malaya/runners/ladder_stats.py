"""The ladder's arithmetic: seeds from a run name, scores by result level, and 95 % confidence intervals.

A game scores 1 for the side its result level favours, 0 for the other and ½ for each on a draw.
A score's interval is Wilson's score interval over the games, a draw counting as half a win (with draws
the true spread is a little smaller, so the interval is a little wide, never narrow). The interval of a
difference between two scores is Newcombe's hybrid score interval (method 10 of Newcombe 1998), built
from the two Wilson intervals. Both are closed forms: the same games always print the same interval.
"""

from __future__ import annotations

import hashlib
import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from malaya.engine import Side

Z95 = 1.959963984540054
"""The standard normal quantile of a two-sided 95 % interval."""


def run_seed(run: str, index: int) -> int:
    """The ``index``-th game seed of the run named ``run``: the first 4 bytes of sha256("run/index")."""
    return int.from_bytes(hashlib.sha256(f"{run}/{index}".encode()).digest()[:4], "big")


def run_seeds(run: str, count: int) -> list[int]:
    """The first ``count`` seeds of a run: the same run name always gives the same seeds."""
    return [run_seed(run, i) for i in range(count)]


def game_score(winner: Side | None, side: Side) -> float:
    """One game's score for ``side``: 1 if the result level favours it, ½ on a draw, 0 if it favours the enemy."""
    if winner is None:
        return 0.5
    return 1.0 if winner is side else 0.0


@dataclass(frozen=True, slots=True)
class Interval:
    """An estimate with its 95 % confidence interval."""

    value: float
    low: float
    high: float

    def text(self, signed: bool = False) -> str:
        """``0.62 [0.46, 0.76]`` (``+0.12 [-0.08, +0.31]`` when ``signed``)."""
        f = "{:+.2f}" if signed else "{:.2f}"
        return f"{f.format(self.value)} [{f.format(self.low)}, {f.format(self.high)}]"


def wilson(points: float, games: int, z: float = Z95) -> Interval:
    """Wilson's score interval for a share of ``points`` out of ``games`` (a draw is half a point)."""
    if games <= 0:
        return Interval(0.0, 0.0, 1.0)
    p = points / games
    z2 = z * z
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = z / (1 + z2 / games) * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games))
    return Interval(p, max(0.0, centre - half), min(1.0, centre + half))


def score(scores: Sequence[float]) -> Interval:
    """The mean score of some games with its Wilson interval."""
    return wilson(sum(scores), len(scores))


def difference(a: Interval, b: Interval) -> Interval:
    """Newcombe's hybrid score interval for the difference ``a - b`` of two independent shares."""
    d = a.value - b.value
    low = d - math.sqrt((a.value - a.low) ** 2 + (b.high - b.value) ** 2)
    high = d + math.sqrt((a.high - a.value) ** 2 + (b.value - b.low) ** 2)
    return Interval(d, low, high)


def median_text(values: Sequence[float]) -> str:
    """The median of some values, or "-" for none."""
    return "-" if not values else f"{statistics.median(values):g}"
