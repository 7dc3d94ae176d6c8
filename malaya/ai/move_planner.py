"""The hard AI's Movement phase: a search over whole-phase plans seeded with the heuristic plan (issue 18).

A *plan* is one destination per unit (or staying put). The search is online evolutionary planning:

1. the **seed** is today's heuristic plan, made by playing the phase out on a copy of the position
   exactly as the controller would (each unit in the phase order to its
   :func:`malaya.ai.movement.best_destination`, the position updated after every move); on the way
   each unit's best few destinations by the heuristic score are kept as its candidates;
2. a small population of plans is grown from it: a child is a crossover of two parents (each unit's
   destination from one of them) with one to three units mutated to another of their candidates,
   units in trouble in the parent's position (unsupplied, or where the enemy could hit them at
   crushing odds) picked first;
3. a plan is rated by setting its units on their destinations (each one reachable when the seed was
   made; an overstacked end is no plan) and adding to the heuristic scores of its
   destinations the worth of the position it leaves (:mod:`malaya.ai.plan_eval`: both sides'
   supply, the next combat phase's attacks, the enemy's best reply, objectives).

The effort is counted: one unit of work is one plan rated, at most ``Level.search_budget`` a
phase; the search draws from a random generator seeded by the controller's seed, the turn and the
side, so a seed's game is the same on any machine. The best plan is kept only if it beats the
seed by :data:`MARGIN`; the controller then plays it move by move, each through the engine's
legality gate (``rules.check``); a unit whose planned move the gate refuses (the position changed
unexpectedly) is moved by the heuristic instead.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from malaya import engine
from malaya.ai.levels import Level
from malaya.ai.move_context import MoveContext
from malaya.ai.movement import best_destination, destination_score, stack_points
from malaya.ai.plan_eval import PlanEvaluator, Verdict
from malaya.engine import (
    GameDef,
    GameState,
    Hex,
    Location,
    MoveUnit,
    Side,
    UnitState,
    evolve,
    reachable,
    update_control,
)

TOP_K = 4
"""Destinations kept per unit as its candidates (the heuristic's best, by its score)."""
POPULATION = 6
"""Plans kept between generations."""
MARGIN = 0.3
"""How much a plan must beat the heuristic plan by to be played instead (guards against rating noise)."""
STAY = None

Plan = tuple[Hex | None, ...]
"""One destination per unit of the phase order (None: stays)."""


@dataclass(frozen=True, slots=True)
class PhasePlan:
    """The plan chosen for a Movement phase: each unit's destination (None: stays), and how it was found."""

    moves: dict[str, Hex | None]
    rated: int
    changed: int
    gain: float

    def follows(self, gd: GameDef, state: GameState, unit_id: str) -> bool:
        """True if the plan keeps the unit where it is or moves it where the legality gate allows now
        (else the position changed unexpectedly and the unit falls back on the heuristic)."""
        if unit_id not in self.moves:
            return False
        dest = self.moves[unit_id]
        return dest is None or engine.check(gd, state, MoveUnit(side=state.side, unit=unit_id, to=dest)) is None


def scored_destinations(gd: GameDef, state: GameState, ctx: MoveContext, lvl: Level, unit_id: str,
                        routes: Mapping[Hex, object]) -> list[tuple[float, Hex | None]]:
    """The unit's destinations scored as :func:`best_destination` scores them (None: stay), best first."""
    here = state.units[gd.unit_index[unit_id]].hex
    assert here is not None
    rate = destination_score(gd, state, ctx, lvl, unit_id)
    if rate is None:  # a JP unit staying to repair a bridge, as best_destination keeps it
        return [(0.0, STAY)]
    points = stack_points(gd, state)
    value = gd.stacking_value(unit_id)
    out: list[tuple[float, Hex | None]] = [(rate(here) + 0.05, STAY)]
    for d in sorted(routes):
        if d != here and points.get(d, 0) + value <= gd.stacking_limit(d, state):
            out.append((rate(d), d))
    out.sort(key=lambda sd: (-sd[0], sd[1] is not None, sd[1] or here))
    return out


@dataclass
class _Seed:
    plan: Plan
    candidates: list[list[tuple[float, Hex | None]]]


def heuristic_seed(gd: GameDef, state: GameState, ctx: MoveContext, lvl: Level, order: list[str]) -> _Seed:
    """Today's heuristic plan, played out on a copy of the position, with each unit's best candidates."""
    plan: list[Hex | None] = []
    candidates: list[list[tuple[float, Hex | None]]] = []
    s = state
    for unit_id in order:
        routes = reachable(gd, s, unit_id)
        if not routes:
            plan.append(STAY)
            candidates.append([(0.0, STAY)])
            continue
        dest = best_destination(gd, s, ctx, lvl, unit_id, routes, {})
        ranked = scored_destinations(gd, s, ctx, lvl, unit_id, routes)
        kept = ranked[:TOP_K]
        if all(d != dest for _s, d in kept):
            kept = [(ranked[0][0], dest), *kept[:TOP_K - 1]]
        plan.append(dest)
        candidates.append(kept)
        if dest is not None:
            action = MoveUnit(side=s.side, unit=unit_id, to=dest)
            if engine.check(gd, s, action) is None:
                s = engine.apply_unchecked(gd, s, action).state
    return _Seed(tuple(plan), candidates)


def play_out(gd: GameDef, state: GameState, order: list[str], plan: Plan) -> GameState | None:
    """The position after the plan's moves (each destination was reachable when the seed was made, and
    own units never block each other's moves, R6); hexes entered change hands (R13.2). None if it ends
    with a hex over its stacking limit (R4: the phase could not end)."""
    moved: dict[int, UnitState] = {}
    for unit_id, dest in zip(order, plan, strict=True):
        if dest is not None:
            i = gd.unit_index[unit_id]
            unit = state.units[i]
            moved[i] = evolve(unit, hex=dest, used=True, start_hex=unit.start_hex or unit.hex)
    after = update_control(gd, state.with_units(moved))[0] if moved else state
    points: dict[Hex, int] = {}
    for u in after.units:
        if u.location is Location.MAP and u.hex is not None and gd.side_of(u.id) is after.side:
            points[u.hex] = points.get(u.hex, 0) + gd.stacking_value(u.id)
    if any(p > gd.stacking_limit(h, after) for h, p in points.items()):
        return None
    return after


@dataclass
class _Search:
    gd: GameDef
    state: GameState
    order: list[str]
    seed: _Seed
    evaluator: PlanEvaluator
    rated: dict[Plan, tuple[float, tuple[str, ...]]]

    def rate(self, plan: Plan) -> tuple[float, tuple[str, ...]]:
        """Heuristic scores of the plan's destinations plus the worth of the position it leaves."""
        found = self.rated.get(plan)
        if found is None:
            after = play_out(self.gd, self.state, self.order, plan)
            if after is None:
                found = (float("-inf"), ())
            else:
                verdict: Verdict = self.evaluator.rate(after)
                base = sum({d: sc for sc, d in reversed(c)}[d] for c, d in zip(self.seed.candidates, plan, strict=True))
                found = (base + verdict.value, verdict.troubled)
            self.rated[plan] = found
        return found

    def mutate(self, plan: Plan, rng: random.Random) -> Plan:
        """The plan with one to three units sent to another of their candidates (troubled units first)."""
        troubled = set(self.rated[plan][1]) if plan in self.rated else set()
        movable = [i for i, c in enumerate(self.seed.candidates) if len(c) > 1]
        if not movable:
            return plan
        hot = [i for i in movable if self.order[i] in troubled]
        out = list(plan)
        for _ in range(rng.choice((1, 1, 2, 3))):
            i = rng.choice(hot) if hot and rng.random() < 0.7 else rng.choice(movable)
            choices = [d for _s, d in self.seed.candidates[i] if d != out[i]]
            out[i] = rng.choice(choices)
        return tuple(out)


def plan_phase(gd: GameDef, state: GameState, ctx: MoveContext, lvl: Level, order: list[str],
               seed: int) -> PhasePlan:
    """The Movement phase plan: the heuristic plan, improved by the evolutionary search when it pays."""
    start = heuristic_seed(gd, state, ctx, lvl, order)
    evaluator = PlanEvaluator(gd, lvl, ctx.know, ctx.picture, state.side)
    search = _Search(gd, state, order, start, evaluator, {})
    rng = random.Random(seed * 1_000_003 + state.turn * 2 + (state.side is Side.CW))
    base_value = search.rate(start.plan)[0]
    population = [start.plan]
    tries = 0
    while evaluator.evaluations < lvl.search_budget and tries < 4 * lvl.search_budget:
        tries += 1
        if len(population) < 2:
            child = search.mutate(population[0], rng)
        else:
            a, b = rng.sample(population[:POPULATION], 2)
            child = tuple(x if rng.random() < 0.5 else y for x, y in zip(a, b, strict=True))
            child = search.mutate(child, rng)
        if child in search.rated:
            continue
        search.rate(child)
        population = sorted({*population, child}, key=lambda p: _rank(search, start.plan, p))[:POPULATION]
    best = population[0]
    gain = search.rate(best)[0] - base_value
    if gain <= MARGIN:
        best, gain = start.plan, 0.0
    changed = sum(1 for x, y in zip(best, start.plan, strict=True) if x != y)
    return PhasePlan(dict(zip(order, best, strict=True)), evaluator.evaluations, changed, gain)


def _rank(search: _Search, seed_plan: Plan, plan: Plan) -> tuple[float, int, tuple[tuple[int, int], ...]]:
    """Best rated first; then nearer the heuristic plan; then a fixed order (determinism)."""
    value = search.rate(plan)[0]
    return (-round(value, 9), sum(1 for x, y in zip(plan, seed_plan, strict=True) if x != y),
            tuple((h.q, h.r) if h is not None else (-999, -999) for h in plan))

