"""Combat choices: which hex to attack, with which units and how many air points (R11.3, R12).

Every candidate (target, attacker set, AP) is scored from the engine's exact result
probabilities (:func:`malaya.engine.combat.preview_for`, R12.11): expected steps inflicted and
lost, the chance of taking the hex, and what that hex is worth. The best candidate above the
level's threshold is declared; the alternatives are kept for the explanation log.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from malaya.ai import combat_plan
from malaya.ai.explain import Alternative
from malaya.ai.knowledge import MapKnowledge
from malaya.ai.landing_assault import PORT_TAKEN, failed_landing_steps
from malaya.ai.levels import Behaviour, Level, redoubt_assault
from malaya.engine import (
    GameDef,
    GameState,
    Hex,
    Location,
    ResultDef,
    Side,
    Terrain,
    attack_air_limit,
    attackable_hexes,
    blocked_hexes,
    eligible_attackers,
    landing_units_that_must_attack,
    preview_for,
    road_links,
    zoc_hexes,
)

# Weights of the expected score (per step / per hex), by attacking side.
KILL = {Side.JP: 1.0, Side.CW: 1.3}  # a defender step lost (CW scores VP per JP step, R15.3)
LOSS = {Side.JP: 1.1, Side.CW: 1.0}  # an attacker step lost (the JP's comes from its level: ``Level.caution``)
RETREAT = {Side.JP: 0.35, Side.CW: 0.2}  # the defenders pushed back
AP_COST = 0.22  # what one attack AP is worth elsewhere
CUT_BONUS = 1.2  # JP: dislodging a CW stack whose ZOC cuts the JP supply road (R6.4)
REDOUBT_FOOTHOLD = 4.0  # JP: the victory worth of taking a hex of Singapore island, whose fall decides the game (R15.1)


@dataclass(frozen=True, slots=True)
class CombatPlan:
    """A combat to declare: target, attackers, AP, and how it was chosen."""

    target: Hex
    attackers: tuple[str, ...]
    air_points: int
    chosen: Alternative
    alternatives: tuple[Alternative, ...]


def hex_value(gd: GameDef, know: MapKnowledge, side: Side, target: Hex) -> float:
    """What taking ``target`` is worth to ``side`` (objectives, roads, fortress)."""
    value = 0.3 + 0.6 * know.objectives.get(target, 0)
    if target in know.roads:
        value += 0.2
    if target in know.fortress:
        value += 1.0 if side is Side.JP else 0.5
    return value


def result_worth(r: ResultDef, d_steps: int, side: Side, loss: float, trouble: float,
                 failed: int = 0, kill: float | None = None) -> tuple[float, int, bool]:
    """One CRT result's worth to the attacker in steps (losses both ways, a retreat's trouble), the defender
    steps it costs and whether it empties the hex; ``failed``: extra attacker steps lost when it does not
    (a landing that fails, R12.9); ``kill``: what one defender step lost is worth (default: the side's weight)."""
    kill = KILL[side] if kill is None else kill
    d_loss = d_steps if r.defender_eliminated else min(r.defender_steps, d_steps)
    vacated = r.defender_eliminated or d_loss >= d_steps or r.defender_retreat > 0
    worth = kill * d_loss - loss * (r.attacker_steps + (0 if vacated else failed))
    if r.defender_retreat and d_loss < d_steps:
        worth += RETREAT[side] + kill * min(trouble, d_steps - d_loss)
    return worth, d_loss, vacated


def retreat_trouble(gd: GameDef, state: GameState, target: Hex, attacker_zoc: frozenset[Hex]) -> float:
    """Expected extra defender steps a retreat from ``target`` would cost (hard: lookahead, R12.8)."""
    exits = [n for n in gd.adjacent[target] if gd.board.terrain_at(n) is not Terrain.SEA]
    if not exits:
        return 2.0
    attacker = state.side
    blocked = sum(1 for n in exits
                  if any(gd.side_of(u.id) is attacker for u in state.units_at(n)) or n in attacker_zoc)
    frac = blocked / len(exits)
    return 2.0 if frac >= 1.0 else frac * 0.8


def road_cutters(gd: GameDef, state: GameState) -> frozenset[Hex]:
    """JP: CW-held hexes beside a JP road/rail hex whose supply the CW ZOC blocks (R6.4, R10.4)."""
    if state.side is not Side.JP:
        return frozenset()
    blocked = blocked_hexes(gd, state, Side.JP)
    links = road_links(gd, state.demolished)
    cut = [h for h in blocked if h in links and state.controller(h) is Side.JP]
    enemy = {u.hex for u in state.units
             if u.location is Location.MAP and u.hex is not None and gd.side_of(u.id) is Side.CW}
    return frozenset(n for h in cut for n in gd.adjacent[h] if n in enemy)


NOT_WORTH = -10.0
"""The score of an attack at 1:1 or worse that its outcome distribution says does not pay."""


def evaluate(gd: GameDef, state: GameState, know: MapKnowledge, lvl: Level, target: Hex,
             attackers: tuple[str, ...], air: int, trouble: float, bonus: float = 0.0,
             ap_cost: float = AP_COST) -> Alternative | None:
    """Score one candidate combat from its exact outcome probabilities; None if unresolvable.

    The even-odds rule (``Behaviour.EVEN_ODDS_RULE``, issue 18): an attack whose strengths are 1:1 or
    worse scores :data:`NOT_WORTH` unless it pays on the exact distribution alone, i.e. the expected
    enemy steps lost (weighted as in the score) plus the chance of taking the hex times its victory
    points (objective VP; for the JP also :data:`REDOUBT_FOOTHOLD` on Singapore island, whose fall
    decides the game, R15.1), minus the expected own steps lost (weighted by ``Level.caution`` / ``LOSS``), is above 0:
    no positional bonus (roads, retreats, pushing back) can make such an attack worth it. "1:1 or
    worse" is by strengths or by the CRT column after terrain shifts (:func:`at_most_even`)."""
    pv = preview_for(gd, state, target, attackers, air)
    if not pv.resolvable:
        return None
    side = state.side
    results = gd.scenario.ruleset.combat.crt.results
    d_steps = sum(state.units[gd.unit_index[u]].steps for u in pv.defenders)
    value = hex_value(gd, know, side, target) + bonus
    if side is Side.JP and target in know.redoubt:
        value += redoubt_assault(gd, lvl)[0]
    loss = lvl.caution if side is Side.JP else LOSS[side]
    victory = know.objectives.get(target, 0) + (REDOUBT_FOOTHOLD if side is Side.JP and target in know.redoubt else 0.0)
    score = hurt = a_loss_p = pays = 0.0
    scripted = lvl.has(Behaviour.SCRIPTED_FIRST_LANDING)
    failed = failed_landing_steps(gd, state, pv.attackers) if scripted else 0  # R12.9, issue 18
    victory += PORT_TAKEN if failed else 0.0  # a landing's port is its foothold ashore
    for code, p in pv.probabilities:
        if not p:
            continue
        r = results[code]
        pf = float(p)
        s, d_loss, vacated = result_worth(r, d_steps, side, loss, trouble, failed)
        lost = r.attacker_steps + (0 if vacated else failed)
        pays += pf * (KILL[side] * d_loss - loss * lost + (victory if vacated else 0.0))
        if vacated:
            s += value
        score += pf * s
        if d_loss or r.defender_retreat or r.defender_eliminated:
            hurt += pf
        if r.attacker_steps:
            a_loss_p += pf
    score -= ap_cost * air
    if lvl.has(Behaviour.EVEN_ODDS_RULE) and at_most_even(pv.attack, pv.defense, pv.column) and pays <= 0:
        score = min(score, NOT_WORTH)
    return Alternative(gd.describe_hex(target), tuple(attackers), pv.column, air, hurt, a_loss_p, score,
                       gd.place_name(target))


def at_most_even(attack: Fraction, defense: Fraction, column: str | None) -> bool:
    """True when a combat is at 1:1 or worse: by strengths, or by the CRT column after terrain shifts (R12.5)."""
    if attack <= defense:
        return True
    if column is None or ":" not in column:
        return False
    a, d = column.split(":")
    return Fraction(int(a), int(d)) <= 1


def lapsing_air(state: GameState, air_limits: dict[Hex, int], target: Hex) -> int:
    """Attack AP that would lapse unused whatever the other combats took: the pool left over after
    every other attackable hex got as many AP as it may receive (R11.2, R11.3)."""
    others = sum(n for t, n in air_limits.items() if t != target)
    return max(0, state.pool("attack", state.side) - others)


def with_lapsing_air(best: Alternative, scored: list[Alternative], free_air: int) -> Alternative:
    """The best combat, its AP chosen as if the first ``free_air`` cost nothing (they would lapse,
    R11.2); whether and with whom to attack is still judged at the full AP cost, so lapsing AP add
    to a combat worth making but never make a poor one worth it (issue 18)."""
    same = [a for a in scored if a.attackers == best.attackers]
    chosen = max(same, key=lambda a: (a.score + AP_COST * min(a.air_points, free_air), -a.air_points))
    return _rescored(chosen, best.score)


def _subsets(gd: GameDef, state: GameState, eligible: tuple[str, ...], required: tuple[str, ...],
             lvl: Level) -> list[tuple[str, ...]]:
    """Attacker sets to try: the strongest-first prefixes (always with the required units)."""
    def strength(u: str) -> int:
        return gd.unit_def(u).factors(state.units[gd.unit_index[u]].steps).attack

    optional = sorted((u for u in eligible if u not in required), key=lambda u: (-strength(u), u))
    if not lvl.has(Behaviour.SHARE_ATTACKERS):
        return [tuple(required) + tuple(optional)] if (required or optional) else []
    out = [tuple(required) + tuple(optional[:k]) for k in range(0 if required else 1, len(optional) + 1)]
    return [s for s in out if s]


def candidates(
    gd: GameDef, state: GameState, know: MapKnowledge, lvl: Level
) -> list[tuple[Alternative, tuple[str, ...]]]:
    """Every scored candidate combat now, best first per target (with its attacker set)."""
    must = set(landing_units_that_must_attack(gd, state))
    lookahead = lvl.has(Behaviour.WEIGH_BLOCKED_RETREATS) and state.side is Side.CW  # measured: it made the JP worse
    attacker_zoc = zoc_hexes(gd, state, state.side) if lookahead else frozenset()
    n_targets = max(1, len(attackable_hexes(gd, state)))
    cutters = road_cutters(gd, state)
    air_limits = ({t: attack_air_limit(gd, state, t) for t in attackable_hexes(gd, state)}
                  if lvl.has(Behaviour.AIR_SUPPORT) else {})
    out: list[tuple[Alternative, tuple[str, ...]]] = []
    for target in attackable_hexes(gd, state):
        eligible = eligible_attackers(gd, state, target)
        required = tuple(u for u in eligible if u in must)
        trouble = retreat_trouble(gd, state, target, attacker_zoc) if lookahead else 0.0
        air_max = air_limits.get(target, 0)
        free_air = lapsing_air(state, air_limits, target) if lvl.has(Behaviour.FREE_LAPSING_AIR) else 0
        best: Alternative | None = None
        scored: list[Alternative] = []
        for attackers in _subsets(gd, state, eligible, required, lvl):
            for air in range(air_max + 1):
                alt = evaluate(gd, state, know, lvl, target, attackers, air, trouble,
                               CUT_BONUS if target in cutters else 0.0)
                if alt is None:
                    continue
                if lvl.has(Behaviour.SHARE_ATTACKERS):  # units kept back may attack elsewhere
                    spare = len(eligible) - len(attackers)
                    alt = _rescored(alt, alt.score + 0.25 * spare * min(1.0, (n_targets - 1) / 2))
                scored.append(alt)
                if best is None or alt.score > best.score:
                    best = alt
        if best is not None and free_air:
            best = with_lapsing_air(best, scored, free_air)
        if best is not None:
            if required:
                best = _rescored(best, best.score + 5.0)  # a landed force must attack (R9.6)
            out.append((best, best.attackers))
    out.sort(key=lambda item: -item[0].score)
    return out


def _rescored(alt: Alternative, score: float) -> Alternative:
    return Alternative(alt.target, alt.attackers, alt.column, alt.air_points, alt.p_defender_hurt,
                       alt.p_attacker_loss, score, alt.where)


def choose_combat(gd: GameDef, state: GameState, know: MapKnowledge, lvl: Level, noise: float = 0.0
                  ) -> CombatPlan | None:
    """The combat to declare next, or None if none is worth it (landed units always attack)."""
    if state.side is Side.CW and not lvl.has(Behaviour.COUNTERATTACK):
        return None
    if lvl.has(Behaviour.AIR_BUDGET):
        return planned_combat(gd, state, know, lvl, noise)
    scored = candidates(gd, state, know, lvl)
    if not scored:
        return None
    hexes = {gd.describe_hex(h): h for h in attackable_hexes(gd, state)}
    must = set(landing_units_that_must_attack(gd, state))
    forced = [item for item in scored if must & set(item[1])]
    best, attackers = forced[0] if forced else scored[0]
    threshold = lvl.aggression + (0.25 if state.side is Side.CW else 0.1)
    if not forced and best.score + noise < threshold:
        return None
    alternatives = tuple(a for a, _ in scored[:6])
    return CombatPlan(hexes[best.target], attackers, best.air_points, best, alternatives)


def planned_combat(gd: GameDef, state: GameState, know: MapKnowledge, lvl: Level, noise: float = 0.0
                   ) -> CombatPlan | None:
    """The first combat of the whole phase's plan (:mod:`malaya.ai.combat_plan`): attack AP are one
    budget over the phase's combats and cost nothing else, since what is left lapses (R11.2)."""
    must = set(landing_units_that_must_attack(gd, state))
    lookahead = lvl.has(Behaviour.WEIGH_BLOCKED_RETREATS) and state.side is Side.CW
    attacker_zoc = zoc_hexes(gd, state, state.side) if lookahead else frozenset()
    cutters = road_cutters(gd, state)
    targets = []
    for t in attackable_hexes(gd, state):
        able = tuple(eligible_attackers(gd, state, t))
        targets.append(combat_plan.PhaseTarget(t, able, tuple(u for u in able if u in must),
                                               attack_air_limit(gd, state, t) if lvl.has(Behaviour.AIR_SUPPORT) else 0))
    trouble = {t.hex: retreat_trouble(gd, state, t.hex, attacker_zoc) if lookahead else 0.0 for t in targets}
    eligible = {t.hex: t.eligible for t in targets}
    share = 0.25 * min(1.0, (len(targets) - 1) / 2) if lvl.has(Behaviour.SHARE_ATTACKERS) else 0.0

    def score(target: Hex, attackers: tuple[str, ...], air: int) -> Alternative | None:
        alt = evaluate(gd, state, know, lvl, target, attackers, air, trouble[target],
                       CUT_BONUS if target in cutters else 0.0, ap_cost=0.0)
        if alt is None or not share:
            return alt
        return _rescored(alt, alt.score + share * (len(eligible[target]) - len(attackers)))  # kept for elsewhere

    def subsets(eligible: tuple[str, ...], required: tuple[str, ...]) -> list[tuple[str, ...]]:
        return _subsets(gd, state, eligible, required, lvl)

    threshold = lvl.aggression + (0.25 if state.side is Side.CW else 0.1) - noise
    pool = state.pool("attack", state.side) if lvl.has(Behaviour.AIR_SUPPORT) else 0
    # lapsing AP may make it worth it (R11.2)
    ap_cost = 0.0 if lvl.has(Behaviour.LAPSING_AIR_DECLARES) and state.side is Side.JP else AP_COST
    plan, alternatives = combat_plan.plan_phase(targets, score, subsets, pool, threshold, ap_cost)
    if not plan:
        return None
    first = plan[0]
    return CombatPlan(first.target, first.chosen.attackers, first.chosen.air_points, first.chosen,
                      tuple(alternatives[:6]))


def advance_units(gd: GameDef, state: GameState, know: MapKnowledge, candidates_: list[str]) -> list[str]:
    """Which participants to advance into the vacated hex, strongest first (R12.9)."""
    combat = state.combat
    assert combat is not None
    target = combat.defender_hex
    side = state.side
    if side is Side.CW:
        here = [state.units[gd.unit_index[u]].hex for u in combat.attackers]
        gain = know.defense_mult.get(target, 1.0) + 0.5 * know.objectives.get(target, 0)
        if not any(h is not None and gain > know.defense_mult.get(h, 1.0) for h in here):
            return []
    units = [u for u in candidates_ if state.units[gd.unit_index[u]].location in (Location.MAP, Location.LANDING)]
    return sorted(units, key=lambda u: -gd.unit_def(u).factors(state.units[gd.unit_index[u]].steps).attack)
