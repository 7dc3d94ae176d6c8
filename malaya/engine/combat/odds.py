"""Odds column, air points, die-roll modifiers and the exact result probabilities (R11.3-R11.5, R12.4-R12.6)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from malaya.engine.air import in_air_range
from malaya.engine.board import Hexside, Terrain
from malaya.engine.combat.breakdown import Breakdown, Modifier, Reason, modifier
from malaya.engine.combat.common import combat_terrain, is_armor, unit_of
from malaya.engine.crt import DifferenceCrt, RatioCrt, column_shift, crt_result, odds_column
from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Hex
from malaya.engine.ruleset import DieModifiers, defending_air_points, die_modifier
from malaya.engine.state import GameState, Location
from malaya.engine.step_tables import static_value


def crt_of(gd: GameDef) -> RatioCrt | DifferenceCrt:
    """The scenario's Combat Results Table."""
    return gd.scenario.ruleset.combat.crt


def shift_lines(gd: GameDef, features: list[str]) -> tuple[int, tuple[Modifier, ...]]:
    """Column shift of a CRT that defines shifts for these features, and a line for each (R12.6)."""
    crt = crt_of(gd)
    lines = tuple(_shift(f, crt.column_shifts[f]) for f in features if crt.column_shifts.get(f, 0))
    return column_shift(crt, features), lines


_ACROSS = frozenset({*(side.value for side in Hexside), "river"})
"""The column-shift features that are hexsides attacked across."""


def _shift(feature: str, shift: int) -> Modifier:
    """``Town: the odds shift 2 columns left``; a hexside feature is told as what is attacked across."""
    columns = abs(shift)
    if feature in _ACROSS:
        return modifier(Reason.SHIFT_ACROSS_LEFT if shift < 0 else Reason.SHIFT_ACROSS_RIGHT, shift, Breakdown.SHIFT,
                        hexside=feature, columns=columns)
    return modifier(Reason.SHIFT_LEFT if shift < 0 else Reason.SHIFT_RIGHT, shift, Breakdown.SHIFT,
                    feature=feature, columns=columns)


def column_for(gd: GameDef, attack: Fraction, defense: Fraction, shift: int) -> str | None:
    """The CRT column of these exact strengths; None when the combat cannot be resolved (R12.4)."""
    return odds_column(crt_of(gd), attack, defense, shift)


def lowest_column(gd: GameDef) -> str:
    """The first (lowest-odds) column of the combat results table: odds below it cannot be resolved (R12.4)."""
    return crt_of(gd).columns[0]


def attack_air_limit(gd: GameDef, state: GameState, target: Hex) -> int:
    """Most attack AP the phasing side may add against ``target`` now (R11.3, R11.5)."""
    if not in_air_range(gd, state, state.side, target):
        return 0
    return min(gd.scenario.ruleset.air.max_attack_per_combat, state.pool("attack", state.side))


def is_objective(gd: GameDef, state: GameState, target: Hex) -> bool:
    """True if ``target`` is a victory objective or a fortress for the air policy (R11.4)."""
    return target in gd.objective_vp or combat_terrain(gd, state, target) is Terrain.FORTRESS


def defense_air(gd: GameDef, state: GameState, target: Hex, column: str | None) -> int:
    """Defending AP the game commits: the R11.4 policy, in range of a defender airfield only (R11.5)."""
    defender = state.side.enemy
    if column is None or not in_air_range(gd, state, defender, target):
        return 0
    policy = gd.scenario.ruleset.air.defense_policy
    terrain = combat_terrain(gd, state, target)
    pool = state.pool("defense", defender)
    return defending_air_points(policy, column, terrain, is_objective(gd, state, target), pool)


def modifier_lines(
    gd: GameDef, state: GameState, target: Hex, attackers: tuple[str, ...], attack_ap: int, defense_ap: int
) -> tuple[int, tuple[Modifier, ...]]:
    """Every die-roll modifier with its reason, and the capped net modifier (R12.5)."""
    mods: DieModifiers = gd.scenario.ruleset.combat.modifiers
    units = [unit_of(gd, state, uid) for uid in attackers]
    armor = any(is_armor(gd, u.id) for u in units) and combat_terrain(gd, state, target) in mods.armor_terrain
    amphibious = any(u.location is Location.LANDING for u in units)
    lines: list[Modifier] = []
    if attack_ap:
        die = attack_ap * mods.per_attack_ap
        lines.append(modifier(Reason.ATTACK_AIR, die, Breakdown.ATTACK_AIR, points=attack_ap, die=die))
    if defense_ap:
        die = defense_ap * mods.per_defense_ap
        lines.append(modifier(Reason.DEFENSE_AIR, die, Breakdown.DEFENSE_AIR, points=defense_ap, die=die))
    if armor and mods.armor_bonus:
        lines.append(modifier(Reason.ARMOR, mods.armor_bonus, Breakdown.ARMOR,
                              terrain=combat_terrain(gd, state, target).value, die=mods.armor_bonus))
    if amphibious and mods.amphibious:
        lines.append(modifier(Reason.AMPHIBIOUS, mods.amphibious, Breakdown.AMPHIBIOUS, die=mods.amphibious))
    net = die_modifier(mods, attack_ap=attack_ap, defense_ap=defense_ap, armor_bonus=armor, amphibious=amphibious)
    raw = sum(m.value for m in lines)
    if raw != net:
        lines.append(modifier(Reason.CAP, net - raw, Breakdown.CAP, cap=mods.net_cap, die=net - raw))
    return net, tuple(lines)


def result_probabilities(gd: GameDef, column: str, modifier: int) -> tuple[tuple[str, Fraction], ...]:
    """The exact probability of every result code of the CRT for one die (R12.6, R12.11)."""
    def compute() -> tuple[tuple[str, Fraction], ...]:
        crt = crt_of(gd)
        sides = gd.scenario.ruleset.combat.die_sides
        counts = Counter(crt_result(crt, column, die + modifier) for die in range(1, sides + 1))
        return tuple((code, Fraction(counts.get(code, 0), sides)) for code in crt.results)

    return static_value(gd, ("result_probabilities", column, modifier), compute)
