"""Engine events as one sentence each, for the message log and the dice ledger.

Known event classes get a hand-written sentence (``_SENTENCES`` maps each class to
its writer); any other event (the rules modules add new ones as they land) is
described generically from its class name and fields, with unit ids turned into
names and hexes into place names.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from pydantic import BaseModel

from malaya.engine.actions import Action
from malaya.engine.combat.events import DiceRolled, StepLost, UnitEliminated
from malaya.engine.events import Event, GameEnded, HexControlChanged, PhaseEnded, PhaseStarted
from malaya.engine.force_z import ForceZAttacked
from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Hex
from malaya.engine.movement import MoveUndone, UnitMoved


def _unit(gd: GameDef, unit_id: str) -> str:
    """A unit's name (its id if unknown)."""
    index = gd.unit_index.get(unit_id)
    return unit_id if index is None else gd.unit_defs[index].name


def _value(gd: GameDef, key: str, value: object) -> str:
    """A field value for a sentence: names for units and hexes, plain text otherwise."""
    if isinstance(value, Hex):
        return gd.describe_hex(value) if gd.board.on_map(value) else str(value)
    if isinstance(value, tuple) and value and all(isinstance(v, Hex) for v in value):
        return " → ".join(_value(gd, key, v) for v in value)
    if key in ("unit", "units") and isinstance(value, str):
        return _unit(gd, value)
    if key == "units" and isinstance(value, tuple):
        return ", ".join(_unit(gd, str(v)) for v in value)
    return getattr(value, "value", None) or str(value)


def _words(name: str) -> str:
    """``CombatAirSet`` → ``Combat air set``."""
    spaced = re.sub(r"(?<!^)(?=[A-Z])", " ", name).lower()
    return spaced[:1].upper() + spaced[1:]


def _generic(gd: GameDef, event: BaseModel) -> str:
    """Class name and fields, readable."""
    fields = [f"{k.replace('_', ' ')} {_value(gd, k, v)}" for k, v in event.__dict__.items()
              if v not in ((), None, frozenset())]
    return f"{_words(type(event).__name__)}: {', '.join(fields)}" if fields else _words(type(event).__name__)


def _phase_started(gd: GameDef, e: PhaseStarted) -> str:
    return f"— Turn {e.turn}, {e.side.value} {e.phase.value} phase —"


def _unit_moved(gd: GameDef, e: UnitMoved) -> str:
    return f"{_unit(gd, e.unit)} moved to {_value(gd, 'to', e.path[-1])} ({mp_text(e.cost)} MP)."


def mp_text(value: Fraction) -> str:
    """An exact MP figure for players: ``2½`` for 5/2, ``½``, ``3``; other fractions as they are."""
    whole, rest = divmod(value, 1)
    if rest == 0:
        return str(whole)
    if rest == Fraction(1, 2):
        return f"{whole}½" if whole else "½"
    return str(value)


def _dice(gd: GameDef, e: DiceRolled) -> str:
    return (f"Combat at {_value(gd, 'hex', e.defender_hex)}: {e.attack} vs {e.defense} "
            f"({e.column}), die {e.die}{e.modifier:+d} = {e.modified_roll} → {e.result}")


def _move_undone(gd: GameDef, e: MoveUndone) -> str:
    return f"{_unit(gd, e.unit)} returned to {_value(gd, 'to', e.to)}."


def _control_changed(gd: GameDef, e: HexControlChanged) -> str:
    return f"{_value(gd, 'hex', e.hex)} is now {e.side.value}-controlled."


def _step_lost(gd: GameDef, e: StepLost) -> str:
    return f"{_unit(gd, e.unit)} lost a step ({e.steps_left} left)."


def _eliminated(gd: GameDef, e: UnitEliminated) -> str:
    return f"{_unit(gd, e.unit)} was eliminated."


def _force_z_attacked(gd: GameDef, e: ForceZAttacked) -> str:
    outcome = "Force Z is sunk" if e.sunk else "Force Z sails on"
    return f"Air attack on Force Z with {e.air_points} AP: die {e.roll} → {outcome}."


def _game_ended(gd: GameDef, e: GameEnded) -> str:
    return f"The game is over: {e.level} (JP {e.jp_vp}, CW {e.cw_vp})."


_SENTENCES: dict[type[Event], Callable[[GameDef, Any], str]] = {
    PhaseStarted: _phase_started,
    UnitMoved: _unit_moved,
    DiceRolled: _dice,
    MoveUndone: _move_undone,
    HexControlChanged: _control_changed,
    StepLost: _step_lost,
    UnitEliminated: _eliminated,
    GameEnded: _game_ended,
    ForceZAttacked: _force_z_attacked,
}
"""The hand-written sentence of each event class that has one (each writer takes that class)."""

_QUIET: frozenset[type[Event]] = frozenset({PhaseEnded})
"""Events not worth a log line."""


def sentence(gd: GameDef, event: Event) -> str:
    """One sentence for any event: its class's hand-written one, else the generic one."""
    writer = _SENTENCES.get(type(event))
    return writer(gd, event) if writer else _generic(gd, event)


def action_sentence(gd: GameDef, action: Action) -> str:
    """An action told from its class and fields, like an event without a hand-written sentence."""
    return _generic(gd, action)


def describe(gd: GameDef, event: Event) -> str | None:
    """One sentence for the message log, or None for events the log leaves out."""
    return None if type(event) in _QUIET else sentence(gd, event)


def is_dice_roll(event: Event) -> bool:
    """True for the events the dice ledger lists."""
    return isinstance(event, DiceRolled | ForceZAttacked)
