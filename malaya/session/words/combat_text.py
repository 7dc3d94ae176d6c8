"""Combat, sea and air events as one plain sentence each (for event_text), and the CRT's words."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from malaya.engine import (
    AdvanceCancelled,
    AirAllocated,
    AirPointsReceived,
    AmphibiousAssaultFailed,
    CombatCancelled,
    DiceRolled,
    Event,
    ForceZAttacked,
    ForceZInterception,
    ForceZLeft,
    GameDef,
    PenangShippingRolled,
    ResultDef,
    RetreatBlocked,
    StepLost,
    UnitAdvanced,
    UnitEliminated,
    UnitRetreated,
    UnitsRevealed,
    join_words,
    odds_text,
)
from malaya.session.words.catalog import say
from malaya.session.words.event_words import SIDE_ADJECTIVES, SIDE_NAMES, capital, place, unit_name, units_text


def result_text(gd: GameDef, code: str) -> str:
    """A CRT result in words: ``defenders retreat`` for ``DR`` (the code itself if the table has no words)."""
    result = gd.scenario.ruleset.combat.crt.results.get(code)
    text = result.text if result is not None and result.text else code
    return text[:1].lower() + text[1:]


def spell_result(code: str, result: ResultDef) -> str:
    """A CRT code and what it does to each side, from its data (R12.6): ``DR: defenders retreat 2 hexes``."""
    parts = []
    if result.attacker_steps:
        parts.append(say("result.attackers_lose", steps=result.attacker_steps))
    if result.attacker_retreat:
        who = "result.survivors_retreat" if result.attacker_steps else "result.attackers_retreat"
        parts.append(say(who, hexes=result.attacker_retreat))
    if result.defender_eliminated:
        parts.append(say("result.defenders_eliminated"))
    if result.defender_steps:
        parts.append(say("result.defenders_lose", steps=result.defender_steps))
    if result.defender_retreat:
        who = "result.survivors_retreat" if result.defender_steps else "result.defenders_retreat"
        parts.append(say(who, hexes=result.defender_retreat))
    if not parts:
        return say("result.no_effect", code=code)
    return say("result.effects", code=code, effects=", ".join(parts))


def roll_text(die: int, modifier: int, modified: int) -> str:
    """``rolled 4`` or ``rolled 4, −1 = 3``."""
    if modifier == 0:
        return say("combat.rolled", die=die)
    return say("combat.rolled_modified", die=die, modifier=modifier, modified=modified)


def _dice(gd: GameDef, e: DiceRolled) -> str:
    air = []
    if e.attack_air:
        air.append(say("combat.air_support", points=e.attack_air))
    if e.defense_air:
        air.append(say("combat.air_defence", points=e.defense_air))
    values = {"side": SIDE_ADJECTIVES[e.side], "on": place(gd, e.defender_hex, "on"), "attack": Fraction(e.attack),
              "defense": Fraction(e.defense), "odds": odds_text(e.column),
              "roll": roll_text(e.die, e.modifier, e.modified_roll), "result": result_text(gd, e.result)}
    if air:
        return say("combat.dice_with_air", air=join_words(air), **values)
    return say("combat.dice", **values)


def _revealed(gd: GameDef, e: UnitsRevealed) -> str:
    return say("combat.revealed", units=units_text(gd, e.units))


def _cancelled(gd: GameDef, e: CombatCancelled) -> str:
    return say("combat.called_off", on=place(gd, e.defender, "on"))


def _step_lost(gd: GameDef, e: StepLost) -> str:
    if e.steps_left <= 0:
        return say("combat.lost_last_step", unit=unit_name(gd, e.unit))
    return say("combat.lost_a_step", unit=unit_name(gd, e.unit), left=e.steps_left)


def _eliminated(gd: GameDef, e: UnitEliminated) -> str:
    return say("combat.eliminated", unit=unit_name(gd, e.unit))


def _retreated(gd: GameDef, e: UnitRetreated) -> str:
    name, to = unit_name(gd, e.unit), place(gd, e.path[-1], "to")
    if not e.ezoc_hexes:
        return say("combat.retreated", unit=name, to=to)
    index = gd.unit_index.get(e.unit)
    enemy = SIDE_ADJECTIVES[gd.unit_defs[index].side.enemy] if index is not None else say("combat.an_enemy")
    return say("combat.retreated_through_zoc", unit=name, to=to, enemy=enemy)


def _retreat_blocked(gd: GameDef, e: RetreatBlocked) -> str:
    return say("combat.retreat_blocked", units=units_text(gd, e.units), place=gd.place_name(e.hex))


def _advanced(gd: GameDef, e: UnitAdvanced) -> str:
    return say("combat.advanced", unit=unit_name(gd, e.unit), into=place(gd, e.to, "into"))


def _advance_cancelled(gd: GameDef, e: AdvanceCancelled) -> str:
    return say("combat.advance_taken_back", unit=unit_name(gd, e.unit))


def _assault_failed(gd: GameDef, e: AmphibiousAssaultFailed) -> str:
    return say("combat.landing_failed", unit=unit_name(gd, e.unit))


# --- sea and air --------------------------------------------------------------------------------


def _interception(gd: GameDef, e: ForceZInterception) -> str:
    name = unit_name(gd, e.unit)
    if not e.intercepted:
        return say("sea.force_z_missed", unit=name, roll=e.roll)
    if e.eliminated:
        return say("sea.force_z_sank", unit=name, roll=e.roll)
    return say("sea.force_z_caught", unit=name, roll=e.roll, steps=e.steps_lost)


def _force_z_attacked(gd: GameDef, e: ForceZAttacked) -> str:
    return say("sea.force_z_sunk" if e.sunk else "sea.force_z_survived", points=e.air_points, roll=e.roll)


def _force_z_left(gd: GameDef, e: ForceZLeft) -> str:
    return say("sea.force_z_left")


def _penang(gd: GameDef, e: PenangShippingRolled) -> str:
    if not e.captured:
        return say("sea.penang_escaped", roll=e.roll, percent=e.percent)
    if e.from_turn is None:
        return say("sea.penang_captured", roll=e.roll, percent=e.percent)
    return say("sea.penang_captured_from", roll=e.roll, percent=e.percent, turn=e.from_turn)


def _air_received(gd: GameDef, e: AirPointsReceived) -> str:
    return say("air.received", side=capital(SIDE_NAMES[e.side]), points=e.points)


def _air_allocated(gd: GameDef, e: AirAllocated) -> str:
    who, total = capital(SIDE_NAMES[e.side]), e.attack + e.defense
    if e.attack == 0 or e.defense == 0:  # "put all 3 air points to defence"
        to_defence = e.attack == 0
        key = {(1, True): "air.one_to_defence", (1, False): "air.one_to_attack", (2, True): "air.both_to_defence",
               (2, False): "air.both_to_attack"}.get((total, to_defence))
        return say(key or ("air.all_to_defence" if to_defence else "air.all_to_attack"), side=who, total=total)
    return say("air.split", side=who, attack=e.attack, defense=e.defense)


COMBAT_SENTENCES: dict[type[Event], Callable[[GameDef, Any], str]] = {
    DiceRolled: _dice, UnitsRevealed: _revealed, CombatCancelled: _cancelled, StepLost: _step_lost,
    UnitEliminated: _eliminated, UnitRetreated: _retreated, RetreatBlocked: _retreat_blocked,
    UnitAdvanced: _advanced, AdvanceCancelled: _advance_cancelled, AmphibiousAssaultFailed: _assault_failed,
    ForceZInterception: _interception, ForceZAttacked: _force_z_attacked, ForceZLeft: _force_z_left,
    PenangShippingRolled: _penang, AirPointsReceived: _air_received, AirAllocated: _air_allocated,
}
"""The sentence writer of each combat, sea and air event class (event_text merges them)."""
