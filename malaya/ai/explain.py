"""The AI's explanations: for every combat it declared, the alternatives it weighed.

One :class:`TurnLog` per player-turn, each with :class:`CombatChoice` entries listing the
chosen combat and the others weighed (odds, air points, the chances of hurting and of losing, a rating).
``AIExplanation.to_text()`` renders the log for the client.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from malaya.ai.intent import Intent

SIDE_WORDS = {"JP": "Japanese", "CW": "Commonwealth"}
"""The sides in words (the log is kept per side code)."""
WHY_HIGHER = (" (a rating above the chosen attack's is that attack alone, with every air point left; the phase's plan "
              "shares air points and units among all its attacks, and units that landed from the sea attack first)")
"""Why an attack rated higher was not the one chosen: said whenever the list shows one (issue 26 §8)."""


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

    def line(self) -> str:
        """One line in plain words: where, with what, the odds and the chances."""
        units = f"{len(self.attackers)} unit{'' if len(self.attackers) == 1 else 's'}"
        place = self.where or self.target
        odds = f"at {self.column}" if self.column else "too weak to fight"
        air = f" with {self.air_points} air point{'' if self.air_points == 1 else 's'}" if self.air_points else ""
        return (f"{place}: {units} {odds}{air}; {self.p_defender_hurt:.0%} chance to hurt the defender, "
                f"{self.p_attacker_loss:.0%} to lose a step (rated {self.score:+.1f})")


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
    notes: list[str] = field(default_factory=list)
    combats: list[CombatChoice] = field(default_factory=list)
    intent: Intent = field(default_factory=Intent)

    def to_text(self) -> str:
        """The log of this player-turn as text: the plan in plain words, the notes, each attack weighed."""
        lines = [f"Turn {self.turn}, {SIDE_WORDS.get(self.side, self.side)}:", "  The plan:"]
        lines += [f"    {s}" for s in self.intent.sentences()]
        lines += [f"  {n}" for n in self.notes]
        for i, c in enumerate(self.combats, 1):
            lines.append(f"  Attack {i}: {c.chosen.line()}")
            others = [alt for alt in c.alternatives if alt is not c.chosen]
            higher = any(a.score > c.chosen.score for a in others)
            if others:
                lines.append(f"      also weighed{WHY_HIGHER if higher else ''}:")
            lines += [f"        {alt.line()}" for alt in others]
        return "\n".join(lines)


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

    def to_text(self, last_only: bool = True) -> str:
        """The last player-turn's log (or all of them) as text."""
        logs = self.turns[-1:] if last_only else self.turns
        return "\n".join(t.to_text() for t in logs) if logs else "(the computer has not played yet)"
