"""Attacks at 1:1 or worse, judged on their exact outcome distribution alone (issue 18; R12.11, R15.3).

A combat whose CRT column, after terrain, is 1:1 or worse (:func:`malaya.ai.combat.at_most_even`)
is worth making only if the dice pay for it: over every result the engine says can happen, with
the air points it is given (R11.3) and the defense air points the enemy may add (R11.4), the
expected enemy steps lost plus the chance of taking the hex times the victory it brings (its
objective VP; for the JP also the foothold on the enemy's redoubt, whose fall decides the game,
R15.1), minus the expected own steps lost (each JP step lost is a CW VP, R15.3, weighted by
``Level.caution``), must be above 0. Nothing positional (roads, pushing back, a
retreat into a zone of control) counts here. :class:`LowOdds` keeps the figures, so the AI can
say in plain words why it made such an attack.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from malaya.ai.combat import KILL, at_most_even
from malaya.ai.told import Param, Told, Topic, told
from malaya.engine import CombatPreview, ResultDef, Side


@dataclass(frozen=True, slots=True)
class LowOdds:
    """The exact expectation of an attack at 1:1 or worse: what the dice give and what they cost."""

    column: str
    kill: float  # expected enemy steps lost
    loss: float  # expected own steps lost
    take: float  # chance the defenders leave the hex (eliminated, or retreat)
    victory: float  # what taking the hex is worth (objective VP, the island foothold)
    worth: float  # kill - loss weight x loss + take x victory

    def pays(self) -> bool:
        """True if the dice alone make the attack worth something."""
        return self.worth > 0

    def reason(self) -> Told:
        """Why the attack is made anyway: the odds and what the dice give (numbers as the explanation shows them)."""
        facts: dict[str, Param] = {"column": self.column, "kill": f"{self.kill:.1f}", "loss": f"{self.loss:.1f}"}
        if self.take < 0.005:
            return told(Topic.LOW_ODDS, **facts)
        if not self.victory:
            return told(Topic.LOW_ODDS_TAKEN, take=f"{self.take:.0%}", **facts)
        return told(Topic.LOW_ODDS_PRIZE, take=f"{self.take:.0%}", prize=f"{self.victory:g}", **facts)


def low_odds(results: Mapping[str, ResultDef], pv: CombatPreview, d_steps: int, side: Side, loss_weight: float,
             victory: float) -> LowOdds | None:
    """The expectation of the previewed attack over its exact results if it is at 1:1 or worse; else None."""
    if pv.column is None or not at_most_even(pv.attack, pv.defense, pv.column):
        return None
    kill = lost = take = 0.0
    for code, p in pv.probabilities:
        r, pf = results[code], float(p)
        d_loss = d_steps if r.defender_eliminated else min(r.defender_steps, d_steps)
        kill += pf * d_loss
        lost += pf * r.attacker_steps
        if r.defender_eliminated or d_loss >= d_steps or r.defender_retreat > 0:
            take += pf
    worth = KILL[side] * kill - loss_weight * lost + take * victory
    return LowOdds(pv.column, kill, lost, take, victory, worth)
