"""Combat strengths as exact fractions, with a reason for every factor (R12.3, R5.3).

Attack total: each attacker's current Attack × its own effects (unsupplied,
across a river or strait unless along a usable bridge). Defense total: each
defender's current Defense × unsupplied, all × the terrain multiplier of the
defender's hex. Effects are cumulative and fractions are never rounded.
"""

from __future__ import annotations

from fractions import Fraction

from malaya.engine.board import RIVERS, Hexside, Terrain
from malaya.engine.combat.breakdown import Breakdown, Line, Reason, line
from malaya.engine.combat.common import combat_terrain, name_of, unit_of
from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Hex
from malaya.engine.state import GameState, Location, UnitState
from malaya.engine.terrain import attack_multiplier, effective_hexside


def crossed_hexside(gd: GameDef, state: GameState, frm: Hex, target: Hex) -> Hexside | None:
    """The hexside feature an attack from ``frm`` into ``target`` crosses, if it changes strength."""
    if attack_multiplier(gd, frm, target, state.demolished) == 1:
        return None
    return effective_hexside(gd, frm, target, state.demolished)


def attacker_strength(gd: GameDef, state: GameState, unit: UnitState, target: Hex) -> tuple[Fraction, list[Line]]:
    """One attacker's attack strength against ``target`` and its breakdown lines (R12.3)."""
    name = name_of(gd, unit.id)
    value = Fraction(gd.unit_def(unit.id).factors(unit.steps).attack)
    lines = [line(Reason.ATTACKS_WITH, value, Breakdown.ATTACK, unit=name, strength=value)]
    if not unit.supplied:
        mult = gd.scenario.ruleset.supply.unsupplied_attack
        value *= mult
        lines.append(line(Reason.UNSUPPLIED, mult, Breakdown.UNSUPPLIED, unit=name, times=mult))
    if unit.location is Location.MAP and unit.hex is not None:
        mult = attack_multiplier(gd, unit.hex, target, state.demolished)
        if mult != 1:
            side = crossed_hexside(gd, state, unit.hex, target)
            what = side.value if side is not None else "hexside"
            value *= mult
            lines.append(line(Reason.ATTACKS_ACROSS, mult, Breakdown.ACROSS, unit=name, hexside=what, times=mult))
    return value, lines


def attack_total(
    gd: GameDef, state: GameState, target: Hex, attackers: tuple[str, ...]
) -> tuple[Fraction, tuple[Line, ...]]:
    """The attack total of ``attackers`` against ``target`` and its lines (R12.3, exact)."""
    total = Fraction(0)
    lines: list[Line] = []
    for uid in attackers:
        value, more = attacker_strength(gd, state, unit_of(gd, state, uid), target)
        total += value
        lines += more
    return total, tuple(lines)


def defender_strength(gd: GameDef, unit: UnitState) -> tuple[Fraction, list[Line]]:
    """One defender's defense strength before terrain, and its lines (R12.3)."""
    name = name_of(gd, unit.id)
    value = Fraction(gd.unit_def(unit.id).factors(unit.steps).defense)
    lines = [line(Reason.DEFENDS_WITH, value, Breakdown.DEFENSE, unit=name, strength=value)]
    if not unit.supplied:
        mult = gd.scenario.ruleset.supply.unsupplied_defense
        value *= mult
        lines.append(line(Reason.UNSUPPLIED, mult, Breakdown.UNSUPPLIED, unit=name, times=mult))
    return value, lines


def terrain_multiplier(gd: GameDef, terrain: Terrain) -> Fraction:
    """The defender's strength multiplier of a terrain (R5.1)."""
    return gd.scenario.ruleset.terrain[terrain].defense


def defense_total(
    gd: GameDef, state: GameState, target: Hex, defenders: tuple[UnitState, ...]
) -> tuple[Fraction, tuple[Line, ...]]:
    """The defense total of the whole defending stack in ``target`` and its lines (R12.2, R12.3)."""
    total = Fraction(0)
    lines: list[Line] = []
    for unit in defenders:
        value, more = defender_strength(gd, unit)
        total += value
        lines += more
    terrain = combat_terrain(gd, state, target)
    mult = terrain_multiplier(gd, terrain)
    if mult != 1:
        total *= mult
        lines.append(line(Reason.TERRAIN, mult, Breakdown.TERRAIN, terrain=terrain.value, times=mult))
    return total, tuple(lines)


def shift_features(gd: GameDef, state: GameState, target: Hex, attackers: tuple[str, ...]) -> list[str]:
    """Features a CRT may shift columns for (each counted once): the defender's terrain, every
    hexside kind attacked across (not along a bridge), and ``river`` if that is a minor or major river."""
    features = [combat_terrain(gd, state, target).value]
    crossed: set[str] = set()
    for uid in attackers:
        unit = unit_of(gd, state, uid)
        if unit.location is Location.MAP and unit.hex is not None:
            side = crossed_hexside(gd, state, unit.hex, target)
            if side is not None:
                crossed.add(side.value)
                if side in RIVERS:
                    crossed.add("river")
    return features + sorted(crossed)
