"""Turning points: the player-turns where a side's chance of winning moved by 10 points or more."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from malaya.engine import Side
from malaya.session.analysis.estimate import Outcome, WinEstimate

TURNING_SWING = 0.10
"""How far (as a share) a side's winning chance must move in one player-turn to call it a turning point."""


@dataclass(frozen=True, slots=True)
class Position:
    """A position analysed: after ``index`` actions, at the start of (turn, side)'s player-turn, or the end."""

    index: int
    turn: int
    side: Side
    estimate: WinEstimate
    final: bool = False


@dataclass(frozen=True, slots=True)
class Swing:
    """One player-turn (from ``before`` to ``after``) and how it moved each side's chance."""

    before: Position
    after: Position

    @property
    def turn(self) -> int:
        """The game-turn of the player-turn."""
        return self.before.turn

    @property
    def side(self) -> Side:
        """The side whose player-turn it was (the first of them, if the swing spans a whole game-turn)."""
        return self.before.side

    def moved(self, outcome: Outcome) -> float:
        """How much the chance of ``outcome`` rose (negative: fell) over the player-turn."""
        return self.after.estimate.share(outcome) - self.before.estimate.share(outcome)

    @property
    def single(self) -> bool:
        """True if one player-turn lies between the two positions (False: a whole game-turn, or more)."""
        b, a = self.before, self.after
        if a.final:
            return (a.turn, a.side) == (b.turn, b.side)
        following = (b.turn, Side.CW) if b.side is Side.JP else (b.turn + 1, Side.JP)
        return (a.turn, a.side) == following

    @property
    def size(self) -> float:
        """The larger move of the two sides' winning chances."""
        return max(abs(self.moved(Outcome.JP)), abs(self.moved(Outcome.CW)))

    @property
    def gainer(self) -> Side:
        """The side whose chance rose the most (or fell the least)."""
        return Side.JP if self.moved(Outcome.JP) - self.moved(Outcome.CW) >= 0 else Side.CW


def swings(positions: Sequence[Position]) -> list[Swing]:
    """The player-turn between every two positions in a row."""
    return [Swing(a, b) for a, b in zip(positions, positions[1:], strict=False)]


def trusted(p: Position) -> bool:
    """A position whose chances rest on enough rollouts to compare (a finished game's always do)."""
    return p.final or not p.estimate.too_few


def turning_points(positions: Sequence[Position], threshold: float = TURNING_SWING) -> list[Swing]:
    """The player-turns where either side's winning chance moved by ``threshold`` or more, in game order.

    A swing between chances from too few rollouts is not named: it is as likely noise as a turn of the game.
    """
    return [s for s in swings(positions) if s.size >= threshold - 1e-12 and trusted(s.before) and trusted(s.after)]
