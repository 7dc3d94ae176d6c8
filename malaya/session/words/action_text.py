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
    count_text,
    join_words,
)
from malaya.session.words.event_text import field_text
from malaya.session.words.event_words import SIDE_ADJECTIVES, bridge_place, place, unit_name


def _unit_action(gd: GameDef, action: Action) -> str | None:
    """The sentence of an action naming a unit, if it is one."""
    match action:
        case MoveUnit():
            return f"{unit_name(gd, action.unit)} moves {place(gd, action.to, 'to')}"
        case RailMove():
            return f"{unit_name(gd, action.unit)} goes by rail {place(gd, action.to, 'to')}"
        case NavalMove():
            verb = "lands" if action.landing else "sails"
            return f"{unit_name(gd, action.unit)} {verb} {place(gd, action.port, 'at' if action.landing else 'to')}"
        case PlaceReinforcement():
            where = "in the off-map box" if action.to is None else place(gd, action.to)
            return f"{unit_name(gd, action.unit)} is placed {where}"
        case UndoMove():
            return f"{unit_name(gd, action.unit)}'s move is taken back"
        case UndoPlacement():
            return f"{unit_name(gd, action.unit)}'s placement is taken back"
        case AddAttacker():
            return f"{unit_name(gd, action.unit)} joins the attack"
        case RemoveAttacker():
            return f"{unit_name(gd, action.unit)} leaves the attack"
        case Advance():
            return f"{unit_name(gd, action.unit)} advances"
        case CancelAdvance():
            return f"{unit_name(gd, action.unit)}'s advance is taken back"
        case AcceptOptionalUnit():
            return f"takes the optional unit {unit_name(gd, action.unit)}"
        case DeclineOptionalUnit():
            return f"declines the optional unit {unit_name(gd, action.unit)}"
    return None


def _other_action(gd: GameDef, action: Action) -> str | None:
    """The sentence of an action that names no unit, if it has one."""
    match action:
        case DeclareCombat():
            return f"attacks {gd.place_name(action.defender)}"
        case SetCombatAir():
            return f"commits {count_text(action.air_points, 'air point')} to the attack"
        case RollDice():
            return "rolls the die"
        case CancelCombat():
            return "calls the attack off"
        case EndCombat():
            return "ends the combat"
        case AllocateAir():
            return f"puts {count_text(action.attack, 'air point')} to attack and {action.defense} to defence"
        case AttackForceZ():
            return f"attacks Force Z with {count_text(action.air_points, 'air point')}"
        case DemolishBridge():
            return f"blows the bridge {bridge_place(gd, action.a, action.b)}"
        case ChooseOptions():
            names = {o.id: o.name for o in gd.scenario.options}
            return f"chooses {join_words([names.get(o, o) for o in action.options]) or 'no options'}"
        case ChanceResult():
            return f"rolls {action.value}"
    return None


def action_sentence(gd: GameDef, action: Action, phase: str = "") -> str:
    """An action in words, with the acting side; ``phase`` names the phase an End Phase ends."""
    if isinstance(action, EndPhase):
        text = f"ends the {phase.replace('_', ' ')} phase" if phase else "ends the phase"
    else:
        text = _unit_action(gd, action) or _other_action(gd, action) or _fields(gd, action)
    return f"{SIDE_ADJECTIVES[action.side]}: {text}"


def _fields(gd: GameDef, action: Action) -> str:
    """An action type without a sentence of its own: its name and fields, readable."""
    name = type(action).__name__
    words = "".join(f" {c.lower()}" if c.isupper() else c for c in name).strip()
    fields = [t for k, v in action.__dict__.items() if k not in ("side", "type") and (t := field_text(gd, k, v))]
    return f"{words} {', '.join(fields)}".strip()
