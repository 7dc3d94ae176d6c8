"""Actions in plain words, for the replay viewer: ``Japanese: 5th Division moves to Kampar``."""

from __future__ import annotations

from malaya.engine import (
    AcceptOptionalUnit,
    Action,
    AddAttacker,
    Advance,
    AllocateAir,
    AttackForceZ,
    CancelAdvance,
    CancelCombat,
    ChanceResult,
    ChooseOptions,
    DeclareCombat,
    DeclineOptionalUnit,
    DemolishBridge,
    EndCombat,
    EndPhase,
    GameDef,
    MoveUnit,
    NavalMove,
    PlaceReinforcement,
    RailMove,
    RemoveAttacker,
    RollDice,
    SetCombatAir,
    UndoMove,
    UndoPlacement,
    join_words,
)
from malaya.session.words.catalog import say
from malaya.session.words.event_text import field_text
from malaya.session.words.event_words import SIDE_ADJECTIVES, bridge_place, place, unit_name

Said = tuple[str, dict[str, object]]
"""A sentence key of the words file and the values it is said with."""


def _unit_action(gd: GameDef, action: Action) -> Said | None:
    """The sentence of an action naming a unit, if it is one."""
    named = getattr(action, "unit", None)
    unit: dict[str, object] = {"unit": unit_name(gd, named)} if isinstance(named, str) else {}
    match action:
        case MoveUnit():
            return "action.moves", {**unit, "to": place(gd, action.to, "to")}
        case RailMove():
            return "action.goes_by_rail", {**unit, "to": place(gd, action.to, "to")}
        case NavalMove():
            if action.landing:
                return "action.lands", {**unit, "at": place(gd, action.port, "at")}
            return "action.sails", {**unit, "to": place(gd, action.port, "to")}
        case PlaceReinforcement():
            if action.to is None:
                return "action.placed_in_box", unit
            return "action.placed", {**unit, "at": place(gd, action.to)}
        case UndoMove():
            return "action.move_taken_back", unit
        case UndoPlacement():
            return "action.placement_taken_back", unit
        case AddAttacker():
            return "action.joins_attack", unit
        case RemoveAttacker():
            return "action.leaves_attack", unit
        case Advance():
            return "action.advances", unit
        case CancelAdvance():
            return "action.advance_taken_back", unit
        case AcceptOptionalUnit():
            return "action.takes_optional_unit", unit
        case DeclineOptionalUnit():
            return "action.declines_optional_unit", unit
    return None


def _other_action(gd: GameDef, action: Action) -> Said | None:
    """The sentence of an action that names no unit, if it has one."""
    match action:
        case DeclareCombat():
            return "action.attacks", {"place": gd.place_name(action.defender)}
        case SetCombatAir():
            return "action.commits_air", {"points": action.air_points}
        case RollDice():
            return "action.rolls_the_die", {}
        case CancelCombat():
            return "action.calls_attack_off", {}
        case EndCombat():
            return "action.ends_combat", {}
        case AllocateAir():
            return "action.allocates_air", {"attack": action.attack, "defense": action.defense}
        case AttackForceZ():
            return "action.attacks_force_z", {"points": action.air_points}
        case DemolishBridge():
            return "action.blows_bridge", {"where": bridge_place(gd, action.a, action.b)}
        case ChooseOptions():
            names = {o.id: o.name for o in gd.scenario.options}
            if not action.options:
                return "action.chooses_no_options", {}
            return "action.chooses_options", {"options": join_words([names.get(o, o) for o in action.options])}
        case ChanceResult():
            return "action.rolls", {"value": action.value}
    return None


def action_sentence(gd: GameDef, action: Action, phase: str = "") -> str:
    """An action in words, with the acting side; ``phase`` names the phase an End Phase ends."""
    side = SIDE_ADJECTIVES[action.side]
    if isinstance(action, EndPhase):
        if phase:
            return say("action.ends_phase", side=side, phase=phase.replace("_", " "))
        return say("action.ends_a_phase", side=side)
    said = _unit_action(gd, action) or _other_action(gd, action)
    if said is None:
        return say("action.other", side=side, action=_fields(gd, action))
    key, values = said
    return say(key, side=side, **values)


def _fields(gd: GameDef, action: Action) -> str:
    """An action type without a sentence of its own: its name and fields, readable."""
    name = type(action).__name__
    words = "".join(f" {c.lower()}" if c.isupper() else c for c in name).strip()
    fields = [t for k, v in action.__dict__.items() if k not in ("side", "type") and (t := field_text(gd, k, v))]
    return f"{words} {', '.join(fields)}".strip()
