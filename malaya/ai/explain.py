"""The AI's explanations: for every combat it declared, the alternatives it weighed.

One :class:`TurnLog` per player-turn, each with :class:`CombatChoice` entries listing the
chosen combat and the others weighed (odds, air points, the chances of hurting and of losing, a rating),
its notes (:class:`~malaya.ai.told.Told`) and its plan (:class:`~malaya.ai.intent.Intent`), all as data;
the session writes the log for the client (``malaya.session.words.ai_words.explanation_text``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from malaya.ai.intent import Intent
from malaya.ai.told import Told


@dataclass(frozen=True, slots=True)
class Alternative:
    """One combat the AI considered."""

    target: str  # the defender's hex, described uniquely (the AI's key)
    attackers: tuple[str, ...]
    column: str | None
    air_points: int
    p_defender_hurt: float  # P(the defender loses a step or retreats)
    p_attacker_loss: float
    score: float
    where: str = ""  # the defender's hex as a player names it ("Kampar", "near Kampar")


@dataclass(frozen=True, slots=True)
class CombatChoice:
    """A declared combat and the alternatives weighed at that moment."""

    chosen: Alternative
    alternatives: tuple[Alternative, ...]


@dataclass
class TurnLog:
    """What the AI did and why in one player-turn."""

    turn: int
    side: str
    notes: list[Told] = field(default_factory=list)
    combats: list[CombatChoice] = field(default_factory=list)
    intent: Intent = field(default_factory=Intent)


@dataclass
class AIExplanation:
    """Every player-turn's log, oldest first (kept to the last ``keep`` player-turns)."""

    turns: list[TurnLog] = field(default_factory=list)
    keep: int = 60

    def turn_log(self, turn: int, side: str) -> TurnLog:
        """The log of this player-turn (created on first use)."""
        if not self.turns or (self.turns[-1].turn, self.turns[-1].side) != (turn, side):
            self.turns.append(TurnLog(turn, side))
            del self.turns[:-self.keep]
        return self.turns[-1]

    @property
    def last(self) -> TurnLog | None:
        """The most recent player-turn's log."""
        return self.turns[-1] if self.turns else None
