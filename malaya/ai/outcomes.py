"""The worth of one combat to the attacker, as an expectation over its exact outcomes (issue 18).

:func:`combat_option` asks the engine for the exact result distribution of a hypothetical combat
(:func:`malaya.engine.combat.preview_for`, R12.11) and sums, over every result, its probability
times the worth of the position it leaves: defender steps lost (each CW step is VP for nobody but
weakens the line; each JP step lost is a CW VP, R15.3, weighted by ``Level.caution``), the hex
taken (objectives, roads, the fortress, Singapore island), the extra steps a retreat into the
attacker's zone of control or a blocked retreat costs the defender (R12.8), and the risk that a
stack weakened by its own losses is counterattacked by the enemy stacks beside it. Air points
carry no price here: in the combat phase they lapse at the end of the player-turn (R11.2), so the
only thing they cost is the other combats that could use them, which the phase search counts
(:mod:`malaya.ai.combat_search`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from malaya.ai.candidates import END_HORIZON, WORLDS
from malaya.ai.combat import KILL, LOSS, NOT_WORTH, REDOUBT_FOOTHOLD, hex_value, result_worth
from malaya.ai.evaluate import StepWorth, enemy_turns_left, hold_chance, step_worth, terms
from malaya.ai.explain import Alternative
from malaya.ai.knowledge import MapKnowledge
from malaya.ai.levels import Behaviour, Level, redoubt_assault
from malaya.ai.low_odds import low_odds
from malaya.ai.told import Told
from malaya.ai.world import sampled_threat
from malaya.engine import GameDef, GameState, Hex, Side, memoized, preview_for

ATTACKER_RETREAT = 0.3
"""The worth lost when the attackers must fall back a hex (R12.6)."""
COUNTER_RISK = 0.25
"""Per attacker step lost and per enemy stack beside the attackers: the chance-weighted worth of
the counterattack a weakened stack invites (cheap: the enemy's stacks are counted, not fought)."""


@dataclass(frozen=True, slots=True)
class Setting:
    """What is fixed about one target before the attacker sets and air points are tried."""

    target: Hex
    value: float  # what taking the hex is worth (objectives, roads, island, a cut road)
    trouble: float  # expected extra defender steps a retreat costs (R12.8)
    neighbours: int  # enemy stacks beside the attackers, other than the target's (counterattack risk)
    victory: float = 0.0  # what taking the hex is worth in victory terms (objective VP, the island foothold)
    steps: StepWorth | None = None  # levels that attack by the victory terms: losses weighed by the evaluation
    cut_risk: float = 0.0  # worth lost when the defenders retreat alive to where they can cut the attacker's supply
    place: float = 0.0  # the part of ``value`` that is VP at the end: worth only as far as the attackers hold it
    hold: HoldOdds | None = None  # what the attackers, once on the hex, face before the end (levels by the terms)


@dataclass(frozen=True, slots=True)
class HoldOdds:
    """What attackers that take a hex face there until the end: the enemy strength that can reach it next enemy
    player-turn, the enemy player-turns left and the hex's defense multiplier (``evaluate.hold_chance``)."""

    threat: float
    enemy_turns: int
    mult: float

    def chance(self, gd: GameDef, state: GameState, attackers: tuple[str, ...]) -> float:
        """The chance the hex is still held at the end with ``attackers`` on it."""
        defense = sum(gd.unit_def(u).factors(state.units[gd.unit_index[u]].steps).defense for u in attackers)
        return hold_chance(self.enemy_turns, self.threat, defense * self.mult)


@dataclass(frozen=True, slots=True)
class Option:
    """One combat the phase may hold: target, attackers, air points, and its expected worth."""

    target: Hex
    attackers: tuple[str, ...]
    air_points: int
    value: float
    alternative: Alternative
    why: Told | None = None  # an attack at 1:1 or worse: why its outcome distribution pays (ai.low_odds)


def setting(gd: GameDef, state: GameState, know: MapKnowledge, lvl: Level, target: Hex, trouble: float,
            bonus: float, enemy_hexes: frozenset[Hex], attacker_hexes: frozenset[Hex], cut_risk: float = 0.0
            ) -> Setting:
    """The fixed part of the worth of attacking ``target``."""
    value = hex_value(gd, know, state.side, target) + bonus
    if state.side is Side.JP and target in know.redoubt:
        value += redoubt_assault(gd, lvl)[0]
    beside = {n for h in attacker_hexes for n in gd.adjacent[h] if n in enemy_hexes and n != target}
    victory = know.objectives.get(target, 0) + (REDOUBT_FOOTHOLD if state.side is Side.JP and target in know.redoubt
                                                 else 0.0)
    if not lvl.has(Behaviour.ATTACK_BY_TERMS) or enemy_turns_left(gd, state, state.side) > END_HORIZON:
        return Setting(target, value, trouble, len(beside), victory, cut_risk=cut_risk)
    held = HoldOdds(enemy_threat(gd, state).get(target, 0.0), enemy_turns_left(gd, state, state.side),
                    know.defense_mult.get(target, 1.0))
    return replace(evaluated_setting(gd, state, lvl, target, value - VP_SHARE * know.objectives.get(target, 0),
                                     trouble, len(beside), victory), cut_risk=cut_risk, hold=held)


def enemy_threat(gd: GameDef, state: GameState) -> dict[Hex, float]:
    """The enemy strength that could reach each hex next enemy player-turn, as the side to move sees it
    (:func:`malaya.ai.world.sampled_threat`), worked out once per position."""
    side = state.side
    return memoized(gd, state, ("ai", "combat_threat", side.value), lambda: sampled_threat(gd, state, side, WORLDS))


VP_SHARE = 0.6
"""The part of :func:`malaya.ai.combat.hex_value` that counts a hex's objective VP (the evaluation counts them)."""


def evaluated_setting(gd: GameDef, state: GameState, lvl: Level, target: Hex, positional: float, trouble: float,
                      neighbours: int, victory: float) -> Setting:
    """The worth of attacking ``target`` through the one evaluation (:mod:`malaya.ai.evaluate`): steps in the VP
    they give (R15.3) plus a fighting worth that fades over the last turns, the hex in the VP at stake on it."""
    t = terms(gd, state, state.side)
    loss = lvl.caution if state.side is Side.JP else LOSS[state.side]
    steps = step_worth(t, KILL[state.side], loss)
    place = steps.place(t, target)
    value = positional * steps.fade + place
    return Setting(target, value, trouble, neighbours, max(victory, place), steps, place=place)


def combat_option(gd: GameDef, state: GameState, lvl: Level, s: Setting, attackers: tuple[str, ...],
                  air: int) -> Option | None:
    """The expected worth of attacking ``s.target`` with ``attackers`` and ``air`` AP; None if it cannot
    be resolved (below the first column, R12.4)."""
    pv = preview_for(gd, state, s.target, attackers, air)
    if not pv.resolvable:
        return None
    side = state.side
    results = gd.scenario.ruleset.combat.crt.results
    d_steps = sum(state.units[gd.unit_index[u]].steps for u in pv.defenders)
    loss = lvl.caution if side is Side.JP else LOSS[side]
    kill, fade, taken = None, 1.0, s.value
    if s.steps is not None:
        loss, kill, fade = s.steps.loss, s.steps.kill, s.steps.fade
    if s.hold is not None and s.place:
        taken = s.value - s.place * (1.0 - s.hold.chance(gd, state, pv.attackers))
    worth = hurt = a_loss_p = 0.0
    for code, p in pv.probabilities:
        if not p:
            continue
        r = results[code]
        pf = float(p)
        w, d_loss, vacated = result_worth(r, d_steps, side, loss, s.trouble, kill=kill)
        if r.defender_retreat and d_loss < d_steps:
            w -= s.cut_risk  # the survivors fall back to where they can cut the attacker's supply
        if vacated:
            w += taken
        if r.attacker_retreat:
            w -= ATTACKER_RETREAT * fade
        w -= COUNTER_RISK * r.attacker_steps * min(2, s.neighbours) * fade
        worth += pf * w
        if d_loss or r.defender_retreat or r.defender_eliminated:
            hurt += pf
        if r.attacker_steps:
            a_loss_p += pf
    why: Told | None = None
    if lvl.has(Behaviour.LOW_ODDS_RULE) and side is Side.JP:
        case = low_odds(results, pv, d_steps, side, loss, s.victory)
        if case is not None and not case.pays():
            worth = NOT_WORTH
        elif case is not None:
            why = case.reason()
    alt = Alternative(gd.describe_hex(s.target), tuple(attackers), pv.column, air, hurt, a_loss_p, worth,
                      gd.place_name(s.target))
    return Option(s.target, tuple(attackers), air, worth, alt, why)


ADVANCE_LOSS = 1.5
"""Steps a stack that loses the hex it advanced into is taken to lose there (a D1R to a D2R, R12.6)."""


def worth_advancing(gd: GameDef, state: GameState, know: MapKnowledge, movers: list[str], target: Hex) -> bool:
    """Levels that attack by the victory terms, within the last turns: advance into the vacated ``target``
    (R12.9) only if the VP it holds at the end are worth the steps the stack is likely to lose there, each a VP
    for the enemy (R15.3): its VP at stake times the chance it is held, against that step cost when it is not."""
    t = terms(gd, state, state.side)
    if not movers or t.step_vp <= 0 or t.enemy_turns_left > END_HORIZON or t.enemy_turns_left <= 0:
        return True
    odds = HoldOdds(enemy_threat(gd, state).get(target, 0.0), t.enemy_turns_left, know.defense_mult.get(target, 1.0))
    hold = odds.chance(gd, state, tuple(movers))
    return t.gain(t.worth.get(target, 0.0)) * hold >= (1.0 - hold) * ADVANCE_LOSS * t.step_vp
