"""The hard AI's combat phase: a search over the whole phase's combats at once (issue 18).

For every hex it may attack, the planner scores attacker sets and air points by the exact
expectation over the engine's result distribution (:mod:`malaya.ai.outcomes`). It then picks the
set of combats — no unit in two of them, the attack air points one budget for the whole phase
(R11.3) — that is worth most in total, by a beam search over the targets. The combats are
independent chance nodes, so a plan's expected worth is the sum of theirs; after each combat is
rolled the planner searches again from the position the dice left (expectimax, one chance node
at a time), so a failed attack's air points and units flow to the combats that remain.

The effort is counted, never timed: one unit of work is one engine preview (one attacker set
with one air-point count against one hex). Past :data:`SEARCH_BUDGET` previews in a player-turn
the planner stops searching and plays out the rest of its last plan, so a seed's game is the
same on any machine.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

from malaya.ai.combat import CUT_BONUS, CombatPlan, retreat_trouble, road_cutters
from malaya.ai.effort import TurnEffort
from malaya.ai.evaluate import step_worth, terms
from malaya.ai.explain import Alternative
from malaya.ai.knowledge import MapKnowledge
from malaya.ai.levels import Behaviour, Level
from malaya.ai.low_odds_wait import better_next_turn, low_column
from malaya.ai.outcomes import Option, Setting, combat_option, setting
from malaya.ai.supply_guard import CUT_MOST, CUT_PER_UNIT, pushed_cut
from malaya.ai.told import Told, Topic, told
from malaya.engine import (
    GameDef,
    GameState,
    Hex,
    Location,
    Side,
    attack_air_limit,
    attackable_hexes,
    eligible_attackers,
    landing_units_that_must_attack,
    zoc_hexes,
)

SEARCH_BUDGET = 4000
"""Previews the combat search may make in one player-turn (about 0.5 ms each, so at most about 2 s).
Measured in three hard-vs-hard campaigns (seeds 0-2, 2026-11-26) the most one player-turn made was
180 (23 ms for the largest single search): the budget is a safety net."""
BEAM = 12
"""Partial plans kept at each target of the beam search."""
PER_TARGET = 16
"""Options kept per target (the best by expected worth)."""
ALL_SUBSETS_UP_TO = 4
"""With at most this many optional attackers every subset is tried; with more, strongest-first prefixes."""
THRESHOLD = {Side.JP: 0.1, Side.CW: 0.4}
"""Expected worth a combat must exceed (above the level's ``aggression``) to be declared. Measured over 12
seeds against baseline (issue 18), a CW that counterattacked at 0.25 won 7 of 12 (mean margin -5.5), at 0.8
it won 8 (mean -8.8); 0.4 lets the CW take a 3:2 whose dice pay and holds the hard CW's results (it replaced
0.8 in issue 18); a higher JP one (0.4) made the JP weaker."""


@dataclass(frozen=True, slots=True)
class _Partial:
    value: float
    chosen: tuple[Option, ...]
    used: frozenset[str]
    air: int


@dataclass
class CombatSearch:
    """The hard AI's combat planner, with its counted effort and the plan it is playing out."""

    effort: TurnEffort = field(default_factory=lambda: TurnEffort(SEARCH_BUDGET))
    plan: tuple[Option, ...] = ()
    alternatives: tuple[Alternative, ...] = ()
    note: Told | None = None  # the phase plan as the W explanation tells it, once per player-turn

    def choose(self, gd: GameDef, state: GameState, know: MapKnowledge, lvl: Level) -> CombatPlan | None:
        """The combat to declare next by the phase search, or None to end the phase."""
        if state.side is Side.CW and not lvl.has(Behaviour.COUNTERATTACK):
            return None
        fresh = self.effort.turn != (state.turn, state.side)
        self.effort.begin(state.turn, state.side)
        waiting: set[Hex] = set()
        if self.effort.exhausted:
            self.plan = tuple(o for o in self.plan if _still_valid(gd, state, o))
        else:
            self.plan, self.alternatives = search_phase(gd, state, know, lvl, self.effort, waiting)
        if fresh:
            plan = plan_in_words(self.plan, state.pool("attack", state.side)) if self.plan or not waiting \
                else told(Topic.NO_ATTACK_PLANNED)
            self.note = waiting_in_words(gd, plan, waiting)
        if not self.plan:
            return None
        first, self.plan = self.plan[0], self.plan[1:]
        return CombatPlan(first.target, first.attackers, first.air_points, first.alternative, self.alternatives)


def threshold_fade(gd: GameDef, state: GameState, lvl: Level) -> float:
    """How much of the margin a combat must clear is left: levels that attack by the victory terms let it fade over
    the last turns with a step's worth to the fight (:func:`malaya.ai.evaluate.step_worth`); others keep it whole."""
    if not lvl.has(Behaviour.ATTACK_BY_TERMS):
        return 1.0
    return step_worth(terms(gd, state, state.side), 0.0, 0.0).fade


def plan_in_words(plan: tuple[Option, ...], pool: int) -> Told:
    """The phase plan as the W explanation says it: the attacks, and where the air points go."""
    if not plan:
        return told(Topic.NO_ATTACK_WORTH)
    parts = [_part(o) for o in plan]
    listed = parts[-1]
    for part in reversed(parts[:-1]):
        listed = told(Topic.PLAN_PARTS, first=part, rest=listed)
    used = sum(o.air_points for o in plan)
    attacks = told(Topic.ONE_ATTACK) if len(plan) == 1 else told(Topic.ATTACKS, count=len(plan))
    if pool > used:
        return told(Topic.COMBAT_PLAN_SPARE, attacks=attacks, parts=listed, spare=pool - used)
    return told(Topic.COMBAT_PLAN, attacks=attacks, parts=listed)


def _part(o: Option) -> Told:
    """One attack of the plan: where, with how many units and air points, at what odds (or why at low odds)."""
    place = o.alternative.where or o.alternative.target
    odds = o.why or told(Topic.ODDS_AT, column=str(o.alternative.column))
    if o.air_points:
        return told(Topic.PLAN_PART_AIR, place=place, units=len(o.attackers), air=o.air_points, odds=odds)
    return told(Topic.PLAN_PART, place=place, units=len(o.attackers), odds=odds)


def waiting_in_words(gd: GameDef, plan: Told, waiting: set[Hex]) -> Told:
    """The plan, with the targets held back for a better attack next turn, as the W explanation adds them."""
    if not waiting:
        return plan
    return told(Topic.WAITING, plan=plan, places=tuple(sorted({gd.place_name(h) for h in waiting})))


def search_phase(gd: GameDef, state: GameState, know: MapKnowledge, lvl: Level, effort: TurnEffort,
                 waiting: set[Hex] | None = None) -> tuple[tuple[Option, ...], tuple[Alternative, ...]]:
    """The best plan for the rest of this combat phase (combats in declaring order) and the best
    option at each target (for the explanation); targets held back for next turn are added to ``waiting``."""
    must = set(landing_units_that_must_attack(gd, state))
    pool = state.pool("attack", state.side) if lvl.has(Behaviour.AIR_SUPPORT) else 0
    per_target = {t: target_options(gd, state, know, lvl, t, must, effort, waiting)
                  for t in attackable_hexes(gd, state)}
    per_target = {t: opts for t, opts in per_target.items() if opts}
    forced = {t for t, opts in per_target.items() if any(must & set(o.attackers) for o in opts)}
    least = lvl.aggression + THRESHOLD[state.side] * threshold_fade(gd, state, lvl)
    order = sorted(per_target, key=lambda t: (t not in forced, -per_target[t][0].value, t))
    beam = [_Partial(0.0, (), frozenset(), 0)]
    for t in order:
        grown: list[_Partial] = [] if t in forced else list(beam)
        for part in beam:
            for o in per_target[t]:
                if (o.value <= least and t not in forced) or part.air + o.air_points > pool \
                        or part.used & set(o.attackers):
                    continue
                grown.append(_Partial(part.value + o.value, part.chosen + (o,), part.used | set(o.attackers),
                                      part.air + o.air_points))
        beam = sorted(grown, key=_rank)[:BEAM] or beam
    best = beam[0]
    plan = sorted(best.chosen, key=lambda o: (o.target not in forced, -o.value, o.target))
    if lvl.has(Behaviour.SPEND_LEFTOVER_AIR) and state.side is Side.JP:
        plan = top_up(gd, state, know, lvl, plan, pool, effort)
    alternatives = tuple(opts[0].alternative for opts in sorted(per_target.values(), key=lambda os: -os[0].value))
    return tuple(plan), alternatives[:6]


def top_up(gd: GameDef, state: GameState, know: MapKnowledge, lvl: Level, plan: list[Option], pool: int,
           effort: TurnEffort) -> list[Option]:
    """The plan with the attack AP it leaves over added to its combats, best first, up to each one's limit:
    they lapse unused at the end of the player-turn (R11.2), and a higher roll is never worse on this CRT
    (R12.6), so they insure the estimate (hidden defenders, a retreat judged blocked) at no cost (issue 18).
    The rated worth is not asked: it can rate a blocked retreat above the elimination a higher roll brings."""
    spare = pool - sum(o.air_points for o in plan)
    out: list[Option] = []
    for o in plan:
        add = min(spare, attack_air_limit(gd, state, o.target) - o.air_points)
        if add > 0:
            effort.spend(1)
            eligible = eligible_attackers(gd, state, o.target)
            more = combat_option(gd, state, lvl, _setting(gd, state, know, lvl, o.target, eligible), o.attackers,
                                 o.air_points + add)
            if more is not None:
                spare -= add
                o = more
        out.append(o)
    return out


def _rank(p: _Partial) -> tuple[float, int, tuple[tuple[Hex, tuple[str, ...], int], ...]]:
    """Most worth first; then fewer air points; then a fixed order (determinism)."""
    return (-round(p.value, 9), p.air, tuple((o.target, o.attackers, o.air_points) for o in p.chosen))


def target_options(gd: GameDef, state: GameState, know: MapKnowledge, lvl: Level, target: Hex,
                   must: set[str], effort: TurnEffort, waiting: set[Hex] | None = None) -> list[Option]:
    """The best attacker-set-and-air options against ``target``, most worth first (``target`` joins ``waiting``
    when its 1:1-or-worse options are held back for a better attack next turn)."""
    eligible = eligible_attackers(gd, state, target)
    required = tuple(u for u in eligible if u in must)
    s = _setting(gd, state, know, lvl, target, eligible)
    air_max = attack_air_limit(gd, state, target) if lvl.has(Behaviour.AIR_SUPPORT) else 0
    out: list[Option] = []
    for attackers in attacker_sets(gd, state, eligible, required):
        for air in range(air_max + 1):
            effort.spend(1)
            o = combat_option(gd, state, lvl, s, attackers, air)
            if o is not None:
                out.append(o)
    last = lvl.has(Behaviour.ATTACK_BY_TERMS) and state.turn >= gd.last_turn  # no next turn to wait for
    if lvl.has(Behaviour.WAIT_FOR_BETTER_ODDS) and state.side is Side.JP and not required and out and not last \
            and better_next_turn(gd, state, target, eligible):  # wait for the better attack (ai.low_odds_wait)
        kept = [o for o in out if not low_column(o.alternative.column)]
        worth_it = any(o.value > 0 for o in out if low_column(o.alternative.column))
        if waiting is not None and worth_it and not any(o.value > 0 for o in kept):
            waiting.add(target)
        out = kept
    out.sort(key=lambda o: (-o.value, o.air_points, len(o.attackers), o.attackers))
    return out[:PER_TARGET]


def _setting(gd: GameDef, state: GameState, know: MapKnowledge, lvl: Level, target: Hex,
             eligible: tuple[str, ...]) -> Setting:
    enemy = state.side.enemy
    enemy_hexes = frozenset(u.hex for u in state.units
                            if u.location is Location.MAP and u.hex is not None and gd.side_of(u.id) is enemy)
    attacker_hexes = frozenset(h for u in eligible if (h := state.units[gd.unit_index[u]].hex) is not None)
    trouble = (retreat_trouble(gd, state, target, zoc_hexes(gd, state, state.side))
               if lvl.has(Behaviour.WEIGH_BLOCKED_RETREATS) else 0.0)
    bonus = CUT_BONUS if target in road_cutters(gd, state) else 0.0
    cut = (CUT_PER_UNIT * min(pushed_cut(gd, state, target), CUT_MOST)
           if lvl.has(Behaviour.GUARD_SUPPLY_ROAD) and state.side is Side.JP else 0.0)
    return setting(gd, state, know, lvl, target, trouble, bonus, enemy_hexes, attacker_hexes, cut)


def attacker_sets(gd: GameDef, state: GameState, eligible: tuple[str, ...], required: tuple[str, ...]
                  ) -> list[tuple[str, ...]]:
    """Attacker sets to try (each with the units that must attack, R9.6): every subset of the
    optional units when they are few, else the strongest-first prefixes."""
    def strength(u: str) -> int:
        return gd.unit_def(u).factors(state.units[gd.unit_index[u]].steps).attack

    optional = sorted((u for u in eligible if u not in required), key=lambda u: (-strength(u), u))
    if len(optional) <= ALL_SUBSETS_UP_TO:
        picks = [c for k in range(len(optional) + 1) for c in combinations(optional, k)]
    else:
        picks = [tuple(optional[:k]) for k in range(len(optional) + 1)]
    return [tuple(required) + c for c in picks if required or c]


def _still_valid(gd: GameDef, state: GameState, o: Option) -> bool:
    """The planned combat can still be declared as planned (its hex attackable, its units able, its AP there)."""
    if o.target not in attackable_hexes(gd, state):
        return False
    eligible = set(eligible_attackers(gd, state, o.target))
    return set(o.attackers) <= eligible and o.air_points <= attack_air_limit(gd, state, o.target)
