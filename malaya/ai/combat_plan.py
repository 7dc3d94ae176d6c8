"""The combat phase planned as a whole (issue 18): attackers shared out and the attack air points
spent as one budget over every combat the phase can make.

Attack AP lapse when the player-turn ends (R11.2), so an AP is worth only what it adds to another
combat of this phase. The planner therefore scores each candidate combat with AP at no cost and
shares the pool out by an exact knapsack over the phase's combats (each combat takes 0 to its
limit of 3 AP, R11.3), maximising the summed expected score above the declaring threshold.
Attackers are claimed target by target, the most valuable target first, so a unit is counted in
one combat only. The work is a count of scored candidates (targets × attacker sets × AP), never
time, so a seed plays the same game on every machine.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from malaya.ai.explain import Alternative
from malaya.engine import Hex

Scorer = Callable[[Hex, tuple[str, ...], int], Alternative | None]
"""Scores one combat (target, attackers, AP) from its exact outcome distribution; None if unresolvable."""
SubsetsOf = Callable[[tuple[str, ...], tuple[str, ...]], list[tuple[str, ...]]]
"""The attacker sets worth trying from (eligible, required) units."""


@dataclass(frozen=True, slots=True)
class PhaseTarget:
    """An enemy hex the phase may attack: who may attack it, who must, and its AP limit (R11.3, R11.5)."""

    hex: Hex
    eligible: tuple[str, ...]
    required: tuple[str, ...]
    air_max: int


@dataclass(frozen=True, slots=True)
class PlannedCombat:
    """One combat of the phase plan: its target and the chosen attackers and AP (with their score)."""

    target: Hex
    chosen: Alternative
    required: bool


def _curve(target: PhaseTarget, units: tuple[str, ...], score: Scorer, subsets: SubsetsOf,
           ) -> tuple[Alternative, ...]:
    """The best attacker set's alternative for each AP count 0..air_max (the set chosen at its best AP)."""
    best: Alternative | None = None
    for attackers in subsets(units, target.required):
        for air in range(target.air_max + 1):
            alt = score(target.hex, attackers, air)
            if alt is not None and (best is None or alt.score > best.score):
                best = alt
    if best is None:
        return ()
    by_air = [score(target.hex, best.attackers, air) for air in range(target.air_max + 1)]
    return tuple(a for a in by_air if a is not None)


def share_air(curves: list[tuple[Alternative, ...]], forced: list[bool], pool: int, threshold: float
              ) -> list[Alternative | None]:
    """Per combat, the alternative (AP count) that maximises the summed score above ``threshold`` with
    at most ``pool`` AP in all; None where the combat is better left undeclared (forced ones never)."""
    # best[b] = (total gain, choices) using at most b AP over the combats seen so far
    best: list[tuple[float, tuple[int, ...]]] = [(0.0, ())] * (pool + 1)
    for curve, must in zip(curves, forced, strict=True):
        nxt: list[tuple[float, tuple[int, ...]]] = []
        for b in range(pool + 1):
            options = [] if must else [(best[b][0], best[b][1] + (-1,))]
            for i, alt in enumerate(curve):
                if alt.air_points <= b:
                    gain, picks = best[b - alt.air_points]
                    options.append((gain + alt.score - threshold, picks + (i,)))
            nxt.append(max(options, key=lambda o: (o[0], [-p for p in o[1]])) if options
                       else (float("-inf"), best[b][1] + (-1,)))
        best = nxt
    _, picks = best[pool]
    return [curve[i] if i >= 0 else None for curve, i in zip(curves, picks, strict=True)]


def worth_declaring(curve: tuple[Alternative, ...], threshold: float, ap_cost: float) -> bool:
    """True if the combat clears ``threshold`` at some AP count with each AP charged ``ap_cost``:
    lapsing AP choose how a combat is fought, not whether one worth little is fought at all."""
    return max(a.score - ap_cost * a.air_points for a in curve) > threshold


def plan_phase(targets: list[PhaseTarget], score: Scorer, subsets: SubsetsOf, pool: int, threshold: float,
               ap_cost: float = 0.0) -> tuple[list[PlannedCombat], list[Alternative]]:
    """The combats worth declaring this phase (:func:`worth_declaring`), best first (forced ones first),
    and every target's best alternative (for the explanation)."""
    free = {t.hex: _curve(t, t.eligible, score, subsets) for t in targets}
    order = sorted((t for t in targets if free[t.hex]),
                   key=lambda t: (not t.required, -max(a.score for a in free[t.hex]), t.hex.q, t.hex.r))
    claimed: set[str] = set()
    kept: list[tuple[PhaseTarget, tuple[Alternative, ...]]] = []
    for t in order:
        units = tuple(u for u in t.eligible if u not in claimed)
        curve = free[t.hex] if units == t.eligible else _curve(t, units, score, subsets)
        if not curve or (not t.required and not worth_declaring(curve, threshold, ap_cost)):
            continue
        kept.append((t, curve))
        claimed.update(curve[0].attackers)
    chosen = share_air([c for _, c in kept], [bool(t.required) for t, _ in kept], pool, threshold)
    plan = [PlannedCombat(t.hex, alt, bool(t.required)) for (t, _), alt in zip(kept, chosen, strict=True)
            if alt is not None]
    plan.sort(key=lambda p: (not p.required, -p.chosen.score, p.target.q, p.target.r))
    alternatives = sorted((max(c, key=lambda a: a.score) for c in free.values() if c), key=lambda a: -a.score)
    return plan, alternatives
