"""Engine events as one plain sentence each, for the message log, the dice ledger and the report.

Every event class has a hand-written sentence (``_SENTENCES`` maps each class to its
writer; the writers live by role in ``movement_text`` and ``combat_text``, the shared words in
``event_words``): unit names, place names ("Kampar", "near Kampar"), sides in words and exact
numbers as players write them (``13½``). Events a player does not need to read (a phase
ending, one more attacker clicked into a combat) are in ``_QUIET``. Any class not yet
known (the rules modules add new ones as they land) gets a plain sentence built from its
class name and fields, with the same names, places and numbers.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from malaya.engine import (
    AttackerAdded,
    AttackerRemoved,
    CombatAirSet,
    CombatDeclared,
    CombatEnded,
    DiceRolled,
    Event,
    ForceZAttacked,
    GameDef,
    GameEnded,
    Hex,
    HexControlChanged,
    PhaseEnded,
    PhaseStarted,
    Side,
    SupplyDetermined,
    join_words,
    number_text,
    turn_date,
)
from malaya.session.words.catalog import say
from malaya.session.words.combat_text import COMBAT_SENTENCES
from malaya.session.words.event_words import PHASE_NAMES, SIDE_ADJECTIVES, SIDE_NAMES, capital, unit_name
from malaya.session.words.movement_text import MOVEMENT_SENTENCES


def _date(gd: GameDef, turn: int) -> str | None:
    """``14 Dec 1941`` for a game-turn inside the calendar, else None."""
    if not 1 <= turn <= gd.scenario.calendar.turns:
        return None
    d = turn_date(gd.scenario.calendar, turn)
    return f"{d.day} {d:%b %Y}"


# --- turn, phase, game ------------------------------------------------------------------------


def _phase_started(gd: GameDef, e: PhaseStarted) -> str:
    phase, side, when = PHASE_NAMES[e.phase], SIDE_ADJECTIVES[e.side], _date(gd, e.turn)
    if when is None:
        return say("turn.phase_started", turn=e.turn, side=side, phase=phase)
    return say("turn.phase_started_dated", turn=e.turn, date=when, side=side, phase=phase)


def _control_changed(gd: GameDef, e: HexControlChanged) -> str:
    return say("turn.control_changed", side=capital(SIDE_NAMES[e.side]), place=gd.place_name(e.hex))


def _game_ended(gd: GameDef, e: GameEnded) -> str:
    return say("turn.game_ended", level=e.level, jp_vp=e.jp_vp, cw_vp=e.cw_vp)


_SENTENCES: dict[type[Event], Callable[[GameDef, Any], str]] = {
    PhaseStarted: _phase_started, HexControlChanged: _control_changed, GameEnded: _game_ended,
    **MOVEMENT_SENTENCES, **COMBAT_SENTENCES,
}
"""The one mapping from event class to its hand-written sentence (each writer takes that class)."""

_QUIET: frozenset[type[Event]] = frozenset({
    PhaseEnded, CombatDeclared, AttackerAdded, AttackerRemoved, CombatAirSet, CombatEnded,
})
"""Events not worth a log line: their outcome has its own line (the die roll, the next phase)."""


def _words(name: str) -> str:
    """``CombatAirSet`` → ``Combat air set``."""
    spaced = re.sub(r"(?<!^)(?=[A-Z])", " ", name.lstrip("_")).lower()
    return spaced[:1].upper() + spaced[1:]


def field_text(gd: GameDef, key: str, value: object) -> str | None:
    """A field for a plain sentence: names for units, places for hexes; None to leave it out."""
    if value is None or value is False or value in ((), frozenset()):
        return None
    if value is True:
        return key.replace("_", " ")
    label = key.replace("_", " ")
    if isinstance(value, Hex):
        return f"{label} {gd.place_name(value)}" if gd.board.on_map(value) else None
    if isinstance(value, Side):
        return f"{label} {SIDE_ADJECTIVES[value]}" if key != "side" else SIDE_ADJECTIVES[value]
    if isinstance(value, Fraction | int):
        return f"{label} {number_text(value)}"
    if isinstance(value, str) and value in gd.unit_index:
        return unit_name(gd, value)
    if isinstance(value, tuple) and value and all(isinstance(v, str) for v in value):
        return join_words([unit_name(gd, str(v)) if v in gd.unit_index else str(v).replace("_", " ") for v in value])
    if isinstance(value, tuple) and value and all(isinstance(v, Hex) for v in value):
        return f"{label} {gd.place_name(value[-1])}"
    return f"{label} {getattr(value, 'value', value)}"


def plain_fields(gd: GameDef, model: object) -> str:
    """Any event or action as a plain phrase: its class name in words and its fields, readable."""
    fields = [t for k, v in getattr(model, "__dict__", {}).items() if (t := field_text(gd, k, v))]
    name = _words(type(model).__name__)
    return f"{name}: {', '.join(fields)}" if fields else name


def sentence(gd: GameDef, event: Event) -> str:
    """One plain sentence for any event: its class's hand-written one, else one built from its fields."""
    writer = _SENTENCES.get(type(event))
    return writer(gd, event) if writer else plain_fields(gd, event) + "."


def describe(gd: GameDef, event: Event) -> str | None:
    """One sentence for the message log, or None for events the log leaves out."""
    if type(event) in _QUIET or (isinstance(event, SupplyDetermined) and not
                                 (event.became_supplied or event.became_unsupplied)):
        return None
    if isinstance(event, HexControlChanged) and not gd.board.places_at(event.hex):
        return None  # ground changing hands is shown on the map; named places get a line
    return sentence(gd, event)


def is_dice_roll(event: Event) -> bool:
    """True for the events the dice ledger lists."""
    return isinstance(event, DiceRolled | ForceZAttacked)
