"""The AI's effort per player-turn, counted in work done, never in seconds.

The work unit is one *candidate scored*: a destination hex weighed for a unit's move
(including staying put) or a rail destination weighed for a rail move. The count depends only
on the game state, so the same seed plays the same game on any machine and under any load.

Past :data:`TURN_WORK_BUDGET` candidates in one player-turn the AI finishes the turn quickly
(no more unit moves, demolitions or rail moves). The budget is a safety net, not a limit
today's campaigns meet. Measured with ``python tools/ai_effort.py`` (unlimited budget, every
pairing of levels, 14 full campaigns each: seeds 1-4 and 5-14, 2026-11-24), the most candidates
scored in one player-turn:

=========  =========  =========  =========
JP vs CW   easy       normal     hard
=========  =========  =========  =========
easy       1714       1752       2240
normal     1822       1704       1645
hard       1642       1863       1637
=========  =========  =========  =========

(the median player-turn scores 610-854). The budget is about 9x the largest figure.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from malaya.engine import Hex, Side

TURN_WORK_BUDGET = 20_000
"""Candidates the AI may score in one player-turn before it finishes the turn quickly."""


@dataclass
class TurnEffort:
    """Candidates scored in the current player-turn, against a budget."""

    budget: int = TURN_WORK_BUDGET
    turn: tuple[int, Side] | None = None
    spent: int = 0

    def begin(self, turn: int, side: Side) -> None:
        """Start counting afresh when a new player-turn begins (no-op within the same one)."""
        if self.turn != (turn, side):
            self.turn, self.spent = (turn, side), 0

    def spend(self, candidates: int) -> None:
        """Count ``candidates`` more candidates scored."""
        self.spent += candidates

    @property
    def exhausted(self) -> bool:
        """True once this player-turn has scored more candidates than the budget allows."""
        return self.spent > self.budget

    def counted(self, score: Callable[[str, Hex], float]) -> Callable[[str, Hex], float]:
        """``score`` that counts one candidate per call."""
        def counting(unit_id: str, h: Hex) -> float:
            self.spent += 1
            return score(unit_id, h)
        return counting
