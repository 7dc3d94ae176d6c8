"""Combat, sea and air events as one plain sentence each (for event_text), and the CRT's words."""

from __future__ import annotations

from collections.abc import Callable
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
    count_text,
    join_words,
    number_text,
    odds_text,
)
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
        parts.append(f"attackers lose {count_text(result.attacker_steps, 'step')}")
    if result.attacker_retreat:
        who = "survivors" if result.attacker_steps else "attackers"
        parts.append(f"{who} retreat {count_text(result.attacker_retreat, 'hex', 'hexes')}")
    if result.defender_eliminated:
        parts.append("defenders eliminated")
    if result.defender_steps:
        parts.append(f"defenders lose {count_text(result.defender_steps, 'step')}")
    if result.defender_retreat:
        who = "survivors" if result.defender_steps else "defenders"
        parts.append(f"{who} retreat {count_text(result.defender_retreat, 'hex', 'hexes')}")
    return f"{code}: {', '.join(parts) or 'no effect'}"


def roll_text(die: int, modifier: int, modified: int) -> str:
    """``rolled 4`` or ``rolled 4, −1 = 3``."""
    if modifier == 0:
        return f"rolled {die}"
    sign = "+" if modifier > 0 else "−"
    return f"rolled {die}, {sign}{abs(modifier)} = {modified}"


def _dice(gd: GameDef, e: DiceRolled) -> str:
    air = []
    if e.attack_air:
        air.append(f"{count_text(e.attack_air, 'air point')} in support")
    if e.defense_air:
        air.append(f"{count_text(e.defense_air, 'air point')} in defence")
    support = f" with {join_words(air)}" if air else ""
    return (f"{SIDE_ADJECTIVES[e.side]} attack {place(gd, e.defender_hex, 'on')}{support}: "
            f"{number_text(e.attack)} against {number_text(e.defense)} ({odds_text(e.column)}), "
            f"{roll_text(e.die, e.modifier, e.modified_roll)}: {result_text(gd, e.result)}.")


def _revealed(gd: GameDef, e: UnitsRevealed) -> str:
    return f"Revealed in the fight: {units_text(gd, e.units)}."


def _cancelled(gd: GameDef, e: CombatCancelled) -> str:
    return f"The attack {place(gd, e.defender, 'on')} was called off."


def _step_lost(gd: GameDef, e: StepLost) -> str:
    if e.steps_left <= 0:
        return f"{unit_name(gd, e.unit)} lost its last step."
    return f"{unit_name(gd, e.unit)} lost a step ({e.steps_left} left)."


def _eliminated(gd: GameDef, e: UnitEliminated) -> str:
    return f"{unit_name(gd, e.unit)} was eliminated."


def _retreated(gd: GameDef, e: UnitRetreated) -> str:
    index = gd.unit_index.get(e.unit)
    enemy = SIDE_ADJECTIVES[gd.unit_defs[index].side.enemy] if index is not None else "an enemy"
    zoc = f" through a {enemy} zone of control" if e.ezoc_hexes else ""
    return f"{unit_name(gd, e.unit)} retreated {place(gd, e.path[-1], 'to')}{zoc}."


def _retreat_blocked(gd: GameDef, e: RetreatBlocked) -> str:
    return f"{units_text(gd, e.units)} could not retreat from {gd.place_name(e.hex)} and lose steps instead."


def _advanced(gd: GameDef, e: UnitAdvanced) -> str:
    return f"{unit_name(gd, e.unit)} advanced {place(gd, e.to, 'into')}."


def _advance_cancelled(gd: GameDef, e: AdvanceCancelled) -> str:
    return f"{unit_name(gd, e.unit)} took back its advance."


def _assault_failed(gd: GameDef, e: AmphibiousAssaultFailed) -> str:
    return f"{unit_name(gd, e.unit)} failed to take the port and went back to sea."


# --- sea and air --------------------------------------------------------------------------------


def _interception(gd: GameDef, e: ForceZInterception) -> str:
    name = unit_name(gd, e.unit)
    if not e.intercepted:
        return f"Force Z missed {name} at sea (rolled {e.roll})."
    if e.eliminated:
        return f"Force Z caught and sank {name} at sea (rolled {e.roll})."
    return f"Force Z caught {name} at sea (rolled {e.roll}): it lost {count_text(e.steps_lost, 'step')}."


def _force_z_attacked(gd: GameDef, e: ForceZAttacked) -> str:
    outcome = "Force Z was sunk" if e.sunk else "Force Z survived"
    return (f"Japanese aircraft attacked Force Z with {count_text(e.air_points, 'air point')}: "
            f"rolled {e.roll}, {outcome}.")


def _force_z_left(gd: GameDef, e: ForceZLeft) -> str:
    return "Force Z left Malayan waters."


def _penang(gd: GameDef, e: PenangShippingRolled) -> str:
    if not e.captured:
        return f"Penang's shipping escaped (rolled {e.roll}, needed {e.percent} or less)."
    when = f" from turn {e.from_turn}" if e.from_turn is not None else ""
    return (f"The Japanese captured Penang's shipping (rolled {e.roll}, needed {e.percent} or less): "
            f"they may sail the West coast{when}.")


def _air_received(gd: GameDef, e: AirPointsReceived) -> str:
    return f"{capital(SIDE_NAMES[e.side])} received {count_text(e.points, 'air point')}."


def _air_allocated(gd: GameDef, e: AirAllocated) -> str:
    who, total = capital(SIDE_NAMES[e.side]), e.attack + e.defense
    if e.attack == 0 or e.defense == 0:  # "put all 3 air points to defence"
        points = {1: "1 air point", 2: "both air points"}.get(total, f"all {total} air points")
        return f"{who} put {points} to {'defence' if e.attack == 0 else 'attack'}."
    return f"{who} put {count_text(e.attack, 'air point')} to attack and {e.defense} to defence."


COMBAT_SENTENCES: dict[type[Event], Callable[[GameDef, Any], str]] = {
    DiceRolled: _dice, UnitsRevealed: _revealed, CombatCancelled: _cancelled, StepLost: _step_lost,
    UnitEliminated: _eliminated, UnitRetreated: _retreated, RetreatBlocked: _retreat_blocked,
    UnitAdvanced: _advanced, AdvanceCancelled: _advance_cancelled, AmphibiousAssaultFailed: _assault_failed,
    ForceZInterception: _interception, ForceZAttacked: _force_z_attacked, ForceZLeft: _force_z_left,
    PenangShippingRolled: _penang, AirPointsReceived: _air_received, AirAllocated: _air_allocated,
}
"""The sentence writer of each combat, sea and air event class (event_text merges them)."""
