"""The worth of the position a Movement-phase plan leaves, as the moving side sees it (issue 18).

:class:`PlanEvaluator` rates the position after all of a plan's moves by five things:

- **supply** (R10.4): the engine's supply reach on that position for both sides; each own step
  standing where no line can be traced costs, each enemy step cut off is worth a little;
- **attacks** for the next Combat phase (R12): against every *known* enemy stack beside our units,
  the exact expected worth of attacking it with them and the air points at hand
  (:func:`malaya.ai.outcomes.combat_option` over the engine's outcome distribution), each unit in
  one attack only;
- **exposure** to the enemy's best reply (R12): the enemy stacks that can reach a hex beside each
  of our stacks next turn (their movement, our ZOC stopping them) and the losses their summed
  attack would inflict at those odds; a hidden (Unknown) enemy stack is weighed in a few
  determinizations of its strength (weaker, as estimated, stronger) and the losses averaged;
- **objectives** (R15): the victory points of the objective hexes the side controls.

The evaluator only sees the side's picture of the enemy (``EnemyPicture``, R2.5). The enemy's
movement reach is cached by the own hexes near each enemy stack, so plans that differ in a few
units cost little to rate.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from malaya.ai.assault import attack_from
from malaya.ai.knowledge import EnemyPicture, EnemyStack, MapKnowledge, enemy_reach, own_zoc
from malaya.ai.levels import Behaviour, Level
from malaya.ai.movement import loss_risk, unit_factors
from malaya.ai.outcomes import combat_option, setting
from malaya.engine import GameDef, GameState, Hex, Location, Side, UnitState, attack_air_limit, supplied_hexes

OWN_UNSUPPLIED = 1.5
"""Worth lost per own step standing where no supply line can be traced (R10.4, R10.6 attrition)."""
ENEMY_UNSUPPLIED = 0.4
"""Worth gained per enemy step our units cut off from supply."""
ATTACK_WEIGHT = 0.5
"""Share of the expected worth of next phase's attacks counted now (the combat search will weigh them again)."""
EXPOSURE_WEIGHT = {Side.JP: 1.0, Side.CW: 1.0}
"""Worth lost per step the enemy's best reply is expected to take. Measured for the hard JP against baseline
(30 seeds, 2026-11-26): 0.5 won 15, 1.0 won 19, 2.0 won 18; an own-unsupplied weight of 3.0 instead of 1.5 won 18."""
OBJECTIVE_WEIGHT = 1.0
"""Worth of each VP of objective hexes the side controls (R15)."""
UNKNOWN_SCALES = (0.6, 1.0, 1.4)
"""Determinizations of a hidden enemy stack's attack: weaker than estimated, as estimated, stronger."""
TROUBLE_ODDS = 2.0
"""Own stacks the enemy could hit at these odds or more are the ones the search tries to move first."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """A position's worth and the own units in trouble there (unsupplied or badly exposed)."""

    value: float
    troubled: tuple[str, ...]


@dataclass
class PlanEvaluator:
    """Rates positions after a Movement phase of ``side`` (see module docstring); caches by parts."""

    gd: GameDef
    lvl: Level
    know: MapKnowledge
    picture: EnemyPicture
    side: Side
    reach_cache: dict[tuple[Hex, frozenset[Hex]], frozenset[Hex]] = field(default_factory=dict)
    attack_cache: dict[tuple[Hex, tuple[tuple[str, Hex], ...]], float] = field(default_factory=dict)
    evaluations: int = 0

    def rate(self, state: GameState) -> Verdict:
        """The worth of ``state`` (the position after the plan) for the moving side."""
        self.evaluations += 1
        mine = [u for u in state.units
                if u.location is Location.MAP and u.hex is not None and self.gd.side_of(u.id) is self.side]
        supply, short = self._supply(state, mine)
        exposure, exposed = self._exposure(state, mine)
        value = supply + self._attacks(state, mine) - EXPOSURE_WEIGHT[self.side] * exposure + self._objectives(state)
        return Verdict(value, tuple(sorted(set(short) | set(exposed))))

    def _supply(self, state: GameState, mine: list[UnitState]) -> tuple[float, list[str]]:
        """Own steps out of supply (cost) and enemy steps out of supply (gain) on the position (R10.4)."""
        gd = self.gd
        own = supplied_hexes(gd, state, self.side)
        enemy = supplied_hexes(gd, state, self.side.enemy)
        value, short = 0.0, []
        for u in mine:
            if u.hex not in own[gd.unit_def(u.id).type]:
                value -= OWN_UNSUPPLIED * u.steps
                short.append(u.id)
        for u in state.units:
            if (u.location is Location.MAP and u.hex is not None and gd.side_of(u.id) is self.side.enemy
                    and u.hex not in enemy[gd.unit_def(u.id).type]):
                value += ENEMY_UNSUPPLIED * u.steps
        return value, short

    def _attacks(self, state: GameState, mine: list[UnitState]) -> float:
        """The expected worth of attacking the known enemy stacks beside our units, each unit once."""
        gd = self.gd
        by_target: list[tuple[float, Hex, tuple[str, ...]]] = []
        enemy_hexes = frozenset(self.picture.stacks)
        for target in sorted(self.picture.stacks):
            if not self.picture.stacks[target].known:
                continue
            near = tuple((u.id, u.hex) for u in mine if u.hex is not None and u.hex.distance(target) == 1
                         and attack_from(gd, state, u.id, u.hex, target) is not None)
            if not near:
                continue
            key = (target, near)
            worth = self.attack_cache.get(key)
            if worth is None:
                attackers = tuple(uid for uid, _h in near)
                s = setting(gd, state, self.know, self.lvl, target, 0.0, 0.0, enemy_hexes,
                            frozenset(h for _u, h in near))
                air = attack_air_limit(gd, state, target) if self.lvl.has(Behaviour.AIR_SUPPORT) else 0
                option = combat_option(gd, state, self.lvl, s, attackers, air)
                worth = self.attack_cache[key] = max(0.0, option.value) if option is not None else 0.0
            by_target.append((worth, target, tuple(uid for uid, _h in near)))
        used: set[str] = set()
        total = 0.0
        for worth, _target, attackers in sorted(by_target, key=lambda t: (-t[0], t[1])):
            if worth > 0 and not used & set(attackers):
                total += worth
                used.update(attackers)
        return ATTACK_WEIGHT * total

    def _reach(self, state: GameState, stack: EnemyStack, occupied: frozenset[Hex]) -> frozenset[Hex]:
        """The hexes the enemy stack could strike next turn (beside where it can move), cached by the own
        hexes near it (the only ones that block or stop it)."""
        radius = 2 * stack.ma + 2
        near = frozenset(h for h in occupied if h.distance(stack.hex) <= radius)
        key = (stack.hex, near)
        found = self.reach_cache.get(key)
        if found is None:
            reach = enemy_reach(self.gd, stack, near, own_zoc(self.gd, near), state.demolished)
            found = self.reach_cache[key] = frozenset(n for h in reach for n in self.gd.adjacent[h])
        return found

    def _exposure(self, state: GameState, mine: list[UnitState]) -> tuple[float, list[str]]:
        """Steps the enemy's best reply is expected to take from our stacks, averaged over the
        determinizations of its hidden stacks, and the units standing at crushing odds."""
        gd = self.gd
        stacks: dict[Hex, list[UnitState]] = {}
        for u in mine:
            assert u.hex is not None
            stacks.setdefault(u.hex, []).append(u)
        occupied = frozenset(stacks)
        known = dict.fromkeys(occupied, 0.0)
        hidden = dict.fromkeys(occupied, 0.0)
        for stack in self.picture.stacks.values():
            for h in self._reach(state, stack, occupied) & occupied:
                (known if stack.known else hidden)[h] += stack.attack
        total = 0.0
        exposed: list[str] = []
        for h, units in stacks.items():
            if not known[h] and not hidden[h]:
                continue
            defense = sum(unit_factors(gd, state, u.id)[1] * (1.0 if u.supplied else 0.5) for u in units)
            defense = max(0.5, defense * self.know.defense_mult.get(h, 1.0))
            risks = [loss_risk((known[h] + scale * hidden[h]) / defense) for scale in UNKNOWN_SCALES]
            total += sum(risks) / len(risks)
            if (known[h] + hidden[h]) / defense >= TROUBLE_ODDS:
                exposed.extend(u.id for u in units)
        return total, exposed

    def _objectives(self, state: GameState) -> float:
        """The VP of the objective hexes the side controls (R15)."""
        return OBJECTIVE_WEIGHT * sum(vp for h, vp in self.know.objectives.items() if state.controller(h) is self.side)
