"""Engine events as one sentence each, for the message log and the dice ledger.

Known events get a hand-written sentence; any other event (the rules modules add
new ones as they land) is described generically from its class name and fields,
with unit ids turned into names and hexes into place names.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction

from malaya.engine.events import Event
from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Hex


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


def _generic(gd: GameDef, event: Event) -> str:
    """Class name and fields, readable."""
    fields = [f"{k.replace('_', ' ')} {_value(gd, k, v)}" for k, v in event.__dict__.items()
              if v not in ((), None, frozenset())]
    return f"{_words(type(event).__name__)}: {', '.join(fields)}" if fields else _words(type(event).__name__)


def _phase_started(gd: GameDef, e: Event) -> str:
    d = e.__dict__
    return f"— Turn {d['turn']}, {d['side'].value} {d['phase'].value} phase —"


def _unit_moved(gd: GameDef, e: Event) -> str:
    d = e.__dict__
    return f"{_unit(gd, d['unit'])} moved to {_value(gd, 'to', d['path'][-1])} ({mp_text(d['cost'])} MP)."


def mp_text(value: object) -> str:
    """An exact MP figure for players: ``2½`` for 5/2, ``½``, ``3``; other fractions as they are."""
    try:
        f = Fraction(str(value))
    except (ValueError, ZeroDivisionError):
        return str(value)
    whole, rest = divmod(f, 1)
    if rest == 0:
        return str(whole)
    if rest == Fraction(1, 2):
        return f"{whole}½" if whole else "½"
    return str(f)


def _dice(gd: GameDef, e: Event) -> str:
    d = e.__dict__
    return (f"Combat at {_value(gd, 'hex', d['defender_hex'])}: {d['attack']} vs {d['defense']} "
            f"({d['column']}), die {d['die']}{d['modifier']:+d} = {d['modified_roll']} → {d['result']}")


_SENTENCES: dict[str, Callable[[GameDef, Event], str]] = {
    "PhaseStarted": _phase_started,
    "UnitMoved": _unit_moved,
    "DiceRolled": _dice,
    "MoveUndone": lambda gd, e: f"{_unit(gd, e.__dict__['unit'])} returned to {_value(gd, 'to', e.__dict__['to'])}.",
    "HexControlChanged": lambda gd, e: (
        f"{_value(gd, 'hex', e.__dict__['hex'])} is now {e.__dict__['side'].value}-controlled."
    ),
    "StepLost": lambda gd, e: f"{_unit(gd, e.__dict__['unit'])} lost a step ({e.__dict__['steps_left']} left).",
    "UnitEliminated": lambda gd, e: f"{_unit(gd, e.__dict__['unit'])} was eliminated.",
    "GameEnded": lambda gd, e: (
        f"The game is over: {e.__dict__['level']} (JP {e.__dict__['jp_vp']}, CW {e.__dict__['cw_vp']})."
    ),
}
_QUIET = frozenset({"PhaseEnded"})
"""Events not worth a log line."""


def describe(gd: GameDef, event: Event) -> str | None:
    """One sentence for the message log, or None for events the log leaves out."""
    name = type(event).__name__
    if name in _QUIET:
        return None
    writer = _SENTENCES.get(name)
    try:
        return writer(gd, event) if writer else _generic(gd, event)
    except (KeyError, AttributeError, TypeError, IndexError):  # an event whose fields changed shape
        return _generic(gd, event)


def is_dice_roll(event: Event) -> bool:
    """True for the events the dice ledger lists."""
    return type(event).__name__ == "DiceRolled"
