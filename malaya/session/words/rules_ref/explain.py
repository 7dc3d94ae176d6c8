"""What a hover explains, in plain words and the scenario's numbers: a Combat Panel line, a hex, a unit."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from malaya.engine import RIVERS, Breakdown, GameDef, GameState, Hex, Hexside, number_text
from malaya.session.words.catalog import say


@dataclass(frozen=True)
class Explained:
    """A hover's words and the rule that says more."""

    rule: str
    text: str


def explain_breakdown(gd: GameDef, kind: Breakdown, value: Fraction | int) -> Explained:
    """What one line of the Combat Panel's breakdown means, by its kind (``value``: its number)."""
    rs = gd.scenario.ruleset
    mods = rs.combat.modifiers
    match kind:
        case Breakdown.ODDS:
            return Explained("R12.4", say("explain.odds"))
        case Breakdown.ATTACK:
            return Explained("R12.3", say("explain.attack"))
        case Breakdown.DEFENSE:
            return Explained("R12.3", say("explain.defense"))
        case Breakdown.UNSUPPLIED:
            return Explained("R10.2", say("explain.unsupplied", attack=rs.supply.unsupplied_attack,
                                          defense=rs.supply.unsupplied_defense))
        case Breakdown.ACROSS:
            return Explained("R5.2", say("explain.across"))
        case Breakdown.TERRAIN:
            return Explained("R5.1", say("explain.terrain", value=Fraction(value)))
        case Breakdown.SHIFT:
            return Explained("R12.4", say("explain.shift"))
        case Breakdown.ATTACK_AIR:
            return Explained("R11.3", say("explain.attack_air", per_point=mods.per_attack_ap,
                                          most=rs.air.max_attack_per_combat))
        case Breakdown.DEFENSE_AIR:
            return Explained("R11.4", say("explain.defense_air", per_point=mods.per_defense_ap))
        case Breakdown.ARMOR:
            return Explained("R12.5", say("explain.armor", bonus=mods.armor_bonus))
        case Breakdown.AMPHIBIOUS:
            return Explained("R12.5", say("explain.amphibious", bonus=mods.amphibious))
        case Breakdown.CAP:
            return Explained("R12.5", say("explain.cap", cap=mods.net_cap))
        case Breakdown.DIE_TOTAL:
            return Explained("R12.5", say("explain.die_total"))


def _mp(value: Fraction | int | None) -> str:
    """An MP cost as a hover writes it: ``2``, ``½``, or the words for a hex it cannot enter."""
    return say("explain.cannot_enter") if value is None else number_text(value)


def explain_hex(gd: GameDef, state: GameState, h: Hex) -> str:
    """The terrain's costs and effects, rivers around it, who holds it, its stacking room and any VP."""
    rs = gd.scenario.ruleset
    terrain = gd.board.terrain_at(h)
    effect = rs.terrain[terrain]
    values = {"terrain": terrain.value.capitalize(), "infantry_mp": _mp(effect.infantry_mp),
              "armor_mp": _mp(effect.armor_mp), "defense": effect.defense}
    parts = [say("explain.hex_terrain_no_armor" if effect.armor_mp is None else "explain.hex_terrain", **values)]
    sides = {side for n in h.neighbors() if (side := gd.board.hexside(h, n)) is not None}
    for side in sorted(sides & RIVERS, key=lambda s: s.value):
        river = rs.hexsides[side]
        parts.append(say("explain.hex_river", kind=side.value.replace("river_", ""), extra_mp=river.extra_mp,
                         attack=river.attack))
    if Hexside.STRAIT in sides:
        parts.append(say("explain.hex_strait"))
    parts.append(say("explain.hex_held", side=state.controller(h).value, points=gd.stacking_limit(h, state)))
    vp = gd.objective_vp.get(h)
    if vp:
        parts.append(say("explain.hex_objective", vp=vp))
    return " ".join(parts)


def explain_unit(gd: GameDef, state: GameState, unit_id: str) -> str:
    """A counter read aloud: its factors, steps, stacking value and supply."""
    d = gd.unit_def(unit_id)
    u = state.units[gd.unit_index[unit_id]]
    f = d.factors(u.steps)
    parts = [say("explain.unit_factors", unit=d.name, attack=f.attack, defense=f.defense, movement=f.movement,
                 steps=u.steps, most=d.steps)]
    if d.steps == 2 and u.steps == 2:
        r = d.reduced
        parts.append(say("explain.unit_after_loss", attack=r[0], defense=r[1], movement=r[2]))
    parts.append(say("explain.unit_stacking", stacking=d.stacking))
    if not u.supplied:
        parts.append(say("explain.unit_cut_off", turns=u.unsupplied_turns))
    return " ".join(parts)


def explain_steps() -> Explained:
    """The steps of a combat, in order (the Combat Panel's what-to-do-now line)."""
    return Explained("R12.10", say("explain.combat_steps"))


def explain_attackers() -> Explained:
    """Who may join an attack (the Combat Panel's attackers line)."""
    return Explained("R12.2", say("explain.attackers"))


def explain_attack_air(gd: GameDef) -> Explained:
    """The attacker's air points in a combat: their effect on the die and the most a combat may take."""
    rs = gd.scenario.ruleset
    return Explained("R11.3", say("explain.attack_air_points", per_point=rs.combat.modifiers.per_attack_ap,
                                  most=rs.air.max_attack_per_combat))
