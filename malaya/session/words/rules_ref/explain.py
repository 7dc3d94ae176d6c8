"""What a hover explains, in plain words and the scenario's numbers: a Combat Panel line, a hex, a unit."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from malaya.engine import RIVERS, Breakdown, GameDef, GameState, Hex, Hexside, count_text, number_text
from malaya.session.words.rules_ref.numbers import mp, signed, times


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
            return Explained("R12.4", "Total attack against total defense, rounded down to a column of the results "
                                      "table; below the first column the attack cannot be made.")
        case Breakdown.ATTACK:
            return Explained("R12.3", "A unit's Attack factor, at its current steps.")
        case Breakdown.DEFENSE:
            return Explained("R12.3", "A defender's Defense factor, at its current steps.")
        case Breakdown.UNSUPPLIED:
            return Explained("R10.2", f"A cut-off unit counts {times(rs.supply.unsupplied_attack)} in attack "
                                      f"and {times(rs.supply.unsupplied_defense)} in defense.")
        case Breakdown.ACROSS:
            return Explained("R5.2", "Attacking across a river or strait without a bridge weakens that unit.")
        case Breakdown.TERRAIN:
            return Explained("R5.1", f"The defenders' terrain multiplies their strength {times(Fraction(value))}.")
        case Breakdown.SHIFT:
            return Explained("R12.4", "Terrain moves the attack to another column of the table.")
        case Breakdown.ATTACK_AIR:
            return Explained("R11.3", f"Each attack air point changes the die by {signed(mods.per_attack_ap)} "
                                      f"(at most {rs.air.max_attack_per_combat} a combat).")
        case Breakdown.DEFENSE_AIR:
            return Explained("R11.4", f"The defender's air points, {signed(mods.per_defense_ap)} each, added by "
                                      "the game from its defense pool.")
        case Breakdown.ARMOR:
            return Explained("R12.5", f"Armor attacking into open ground: {signed(mods.armor_bonus)} to the die.")
        case Breakdown.AMPHIBIOUS:
            return Explained("R12.5", f"An assault from the sea: {signed(mods.amphibious)} to the die.")
        case Breakdown.CAP:
            return Explained("R12.5", f"The die modifiers together never go beyond ±{mods.net_cap}.")
        case Breakdown.DIE_TOTAL:
            return Explained("R12.5", "The die roll is changed by this much in all; the defending air points the "
                                      "game will add are already counted.")


def explain_hex(gd: GameDef, state: GameState, h: Hex) -> str:
    """The terrain's costs and effects, rivers around it, who holds it, its stacking room and any VP."""
    rs = gd.scenario.ruleset
    terrain = gd.board.terrain_at(h)
    effect = rs.terrain[terrain]
    armor = "armor cannot enter except along a road or railway" if effect.armor_mp is None else \
        f"armor {mp(effect.armor_mp)} MP"
    parts = [f"{terrain.value.capitalize()}: infantry {mp(effect.infantry_mp)} MP, {armor}; "
             f"defenders {times(effect.defense)}."]
    sides = {side for n in h.neighbors() if (side := gd.board.hexside(h, n)) is not None}
    for side in sorted(sides & RIVERS, key=lambda s: s.value):
        river = rs.hexsides[side]
        parts.append(f"A {side.value.replace('river_', '')} river runs along it: +{number_text(river.extra_mp)} MP "
                     f"to cross and attacks across it {times(river.attack)}, unless by a bridge.")
    if Hexside.STRAIT in sides:
        parts.append("A strait: infantry only, using its whole move.")
    parts.append(f"Held by {state.controller(h).value}; room for {gd.stacking_limit(h, state)} stacking points.")
    vp = gd.objective_vp.get(h)
    if vp:
        parts.append(f"An objective: {count_text(vp, 'VP')} to Japan if held at the end.")
    return " ".join(parts)


def explain_unit(gd: GameDef, state: GameState, unit_id: str) -> str:
    """A counter read aloud: its factors, steps, stacking value and supply."""
    d = gd.unit_def(unit_id)
    u = state.units[gd.unit_index[unit_id]]
    f = d.factors(u.steps)
    parts = [f"{d.name}: attack {f.attack}, defense {f.defense}, movement {f.movement}"
             f" ({count_text(u.steps, 'step')} of {d.steps})."]
    if d.steps == 2 and u.steps == 2:
        r = d.reduced
        parts.append(f"After a loss: {r[0]}-{r[1]}-{r[2]}.")
    parts.append(f"Counts {d.stacking} towards stacking.")
    if not u.supplied:
        parts.append(f"Cut off for {count_text(u.unsupplied_turns, 'turn')}: half strength, less movement, no rail.")
    return " ".join(parts)


def explain_steps() -> Explained:
    """The steps of a combat, in order (the Combat Panel's what-to-do-now line)."""
    return Explained("R12.10", "A combat goes: declare it, add attackers and air points, Roll Dice (no undo), "
                               "losses and retreats, then the advance, and End Combat.")


def explain_attackers() -> Explained:
    """Who may join an attack (the Combat Panel's attackers line)."""
    return Explained("R12.2", "Only units next to the defender's hex may join, armor only along a road or railway "
                              "into it; each unit attacks once a phase.")


def explain_attack_air(gd: GameDef) -> Explained:
    """The attacker's air points in a combat: their effect on the die and the most a combat may take."""
    rs = gd.scenario.ruleset
    return Explained("R11.3", f"Attack air points from your pool: each changes the die by "
                              f"{signed(rs.combat.modifiers.per_attack_ap)}, at most {rs.air.max_attack_per_combat} "
                              "a combat, and only within their range.")
