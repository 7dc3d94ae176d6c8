"""A save's state snapshot: a :class:`GameState` from its canonical JSON and back (format 3, issue 16).

:func:`encode` is ``GameState.canonical_json`` — the exact text the state digest hashes — so a snapshot
is checked against a checkpoint by hashing it. :func:`decode` rebuilds the exact state from that text:
every field of every record, by its type (enums, hexes, bridges as pairs of hexes, fractions, frozen
sets, tuples), the combat's resolution steps by their :class:`StepKind` and a chance node's context by
its :class:`ChanceKind`. It is strict: a missing or unknown key, or a value of the wrong shape, is a
:class:`SnapshotError`. ``decode(encode(s)) == s`` for every state a game reaches
(``tests/persistence/test_snapshot.py`` holds it to that on every checkpoint of a played campaign).
"""

from __future__ import annotations

import hashlib
import json
import re
import types
import typing
from collections.abc import Callable
from dataclasses import fields
from enum import StrEnum
from fractions import Fraction
from functools import cache

from malaya.engine import (
    NO_CONTEXT,
    AirPointsContext,
    ChanceContext,
    ChanceKind,
    Combat,
    CombatStep,
    Eliminate,
    GameState,
    Hex,
    LoseSteps,
    LossCandidates,
    Pending,
    PercentContext,
    PickLoss,
    ReadDie,
    Retreat,
    SeaMoveContext,
    StepKind,
    UnitState,
)

Decoder = Callable[[object], object]


class SnapshotError(ValueError):
    """The snapshot's text is not the canonical form of a game state."""


NUMBER_DIGITS = 18
"""The most digits a number in a snapshot may have (a state's numbers are small: turns, steps, MP, odds)."""
_INT_TEXT = re.compile(rf"-?(?:0|[1-9][0-9]{{0,{NUMBER_DIGITS - 1}}})")
_FRACTION_TEXT = re.compile(rf"-?(?:0|[1-9][0-9]{{0,{NUMBER_DIGITS - 1}}})(?:/[1-9][0-9]{{0,{NUMBER_DIGITS - 1}}})?")
"""The only texts turned into numbers: checked *before* converting, so no text (``"1e15000000"``, ten
thousand digits) ever costs more than a regex match over a few characters."""


def encode(state: GameState) -> str:
    """The snapshot text of ``state``: its canonical JSON, which its digest hashes."""
    return state.canonical_json()


def text_digest(text: str) -> str:
    """The digest of a snapshot text, as ``GameState.digest`` computes it for the state it encodes."""
    return hashlib.sha256(text.encode()).hexdigest()


def decode(text: str) -> GameState:
    """The game state a snapshot text encodes; SnapshotError if it is not a state's canonical form."""
    try:
        form = json.loads(text)
    except (ValueError, RecursionError) as err:
        raise SnapshotError(f"not JSON: {err}") from None
    try:
        state = _record(GameState)(form)
    except SnapshotError:
        raise
    except (ValueError, TypeError) as err:  # a row of the wrong length, a number that is not one
        raise SnapshotError(f"not a state: {err}") from None
    assert isinstance(state, GameState)
    return state


def _fail(what: str, value: object) -> SnapshotError:
    """The error for a value that is not of the expected shape."""
    return SnapshotError(f"expected {what}, got {str(value)[:60]}")


def _int(value: object) -> int:
    """A JSON integer (not a bool) of at most ``NUMBER_DIGITS`` digits."""
    if type(value) is not int or not -10**NUMBER_DIGITS < value < 10**NUMBER_DIGITS:
        raise _fail("an integer", value)
    return value


def _bool(value: object) -> bool:
    """A JSON true/false."""
    if type(value) is not bool:
        raise _fail("true or false", value)
    return value


def _str(value: object) -> str:
    """A JSON string."""
    if type(value) is not str:
        raise _fail("a string", value)
    return value


def _int_text(value: object) -> int:
    """An integer written as text (``"-1"``, ``"3"``): its shape is checked before it is converted."""
    text = _str(value)
    if _INT_TEXT.fullmatch(text) is None:
        raise _fail("a whole number", value)
    return int(text)


def _fraction(value: object) -> Fraction:
    """A fraction written as its ``str`` (``"3/2"``, ``"0"``): its shape is checked before it is converted."""
    text = _str(value)
    if _FRACTION_TEXT.fullmatch(text) is None:
        raise _fail("a fraction", value)
    number = Fraction(text)
    if str(number) != text:
        raise _fail("a fraction in lowest terms", value)
    return number


def _list(value: object, length: int | None = None) -> list[object]:
    """A JSON array (of ``length`` items, if given)."""
    if type(value) is not list or (length is not None and len(value) != length):
        raise _fail("a list" if length is None else f"a list of {length}", value)
    return value


def _hex(value: object) -> Hex:
    """A hex, written ``[q, r]``."""
    q, r = _list(value, 2)
    return Hex(_int(q), _int(r))


def _enum(kind: type[StrEnum]) -> Decoder:
    """A decoder of one enum's values."""
    def decode_enum(value: object) -> object:
        """The member whose value this is."""
        try:
            return kind(_str(value))
        except ValueError:
            raise _fail(f"a {kind.__name__}", value) from None
    return decode_enum


def _optional(inner: Decoder) -> Decoder:
    """A decoder of ``null`` or what ``inner`` decodes."""
    return lambda value: None if value is None else inner(value)


def _tuple_of(inner: Decoder) -> Decoder:
    """A decoder of a variable-length tuple."""
    return lambda value: tuple(inner(v) for v in _list(value))


def _frozenset_of(inner: Decoder) -> Decoder:
    """A decoder of a frozen set (canonically a sorted list)."""
    return lambda value: frozenset(inner(v) for v in _list(value))


def _pair_of(parts: tuple[Decoder, ...]) -> Decoder:
    """A decoder of a fixed-length tuple."""
    return lambda value: tuple(part(v) for part, v in zip(parts, _list(value, len(parts)), strict=True))


_SCALARS: dict[object, Decoder] = {int: _int, bool: _bool, str: _str, Fraction: _fraction, Hex: _hex}


def _step(value: object) -> CombatStep:
    """A combat resolution step from its row (R12.6-R12.9), by its kind."""
    row = [_str(v) for v in _list(value)]
    if not row:
        raise _fail("a resolution step", value)
    kind, rest = StepKind(row[0]), row[1:]
    if kind is StepKind.DIE:
        column, modifier, attack, defense, attack_air, defense_air = rest
        return ReadDie(column, _int_text(modifier), _fraction(attack), _fraction(defense),
                       _int_text(attack_air), _int_text(defense_air))
    if kind is StepKind.ELIMINATE:
        return Eliminate(tuple(rest))
    if kind is StepKind.PICK:
        return PickLoss(tuple(rest))
    count, units = _int_text(rest[0]), tuple(rest[1:])
    return LoseSteps(count, units) if kind is StepKind.LOSE else Retreat(count, units)


def _context(kind: ChanceKind, value: object) -> ChanceContext:
    """A chance node's context from its row, by the node's kind."""
    row = tuple(_str(v) for v in _list(value))
    if kind is ChanceKind.COMBAT_DIE:
        if row:
            raise _fail("no context", value)
        return NO_CONTEXT
    if kind is ChanceKind.LOSS_PICK:
        return LossCandidates(row)
    if kind is ChanceKind.FORCE_Z_INTERCEPT:
        unit, q, r, landing = row
        if landing not in ("0", "1"):
            raise _fail("0 or 1", landing)
        return SeaMoveContext(unit, Hex(_int_text(q), _int_text(r)), landing == "1")
    (number,) = row
    if kind is ChanceKind.FORCE_Z_ATTACK:
        return AirPointsContext(_int_text(number))
    return PercentContext(_int_text(number))


def _pending(value: object) -> Pending:
    """A chance node: its kind decides how its context reads."""
    form = _keys(value, Pending)
    kind = ChanceKind(_str(form["kind"]))
    outcomes = tuple(_int(v) for v in _list(form["outcomes"]))
    return Pending(kind, outcomes, _context(kind, form["context"]))


def _keys(value: object, record: type) -> dict[str, object]:
    """A JSON object with exactly the fields of ``record``."""
    if type(value) is not dict:
        raise _fail(f"a {record.__name__}", value)
    names = {f.name for f in fields(record)}
    if set(value) != names:
        raise SnapshotError(f"{record.__name__}: the keys differ from its fields "
                            f"({', '.join(sorted(set(value) ^ names))})")
    return value


_SPECIAL: dict[object, Decoder] = {CombatStep: _step, Pending: _pending}


def _decoder(hint: object) -> Decoder:
    """The decoder of a value of type ``hint`` (from a record's type hints)."""
    if hint in _SPECIAL:
        return _SPECIAL[hint]
    if hint in _SCALARS:
        return _SCALARS[hint]
    if isinstance(hint, type) and issubclass(hint, StrEnum):
        return _enum(hint)
    if isinstance(hint, type) and hint in (UnitState, Combat, GameState):
        return _record(hint)
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (types.UnionType, typing.Union) and type(None) in args:
        (inner,) = (a for a in args if a is not type(None))
        return _optional(_decoder(inner))
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return _tuple_of(_decoder(args[0]))
    if origin is tuple:
        return _pair_of(tuple(_decoder(a) for a in args))
    if origin is frozenset:
        return _frozenset_of(_decoder(args[0]))
    raise TypeError(f"no snapshot decoder for {hint}")


@cache
def _record(record: type) -> Decoder:
    """The decoder of a state record (a frozen dataclass), built once from its type hints."""
    hints = typing.get_type_hints(record)
    parts = {f.name: _decoder(hints[f.name]) for f in fields(record)}

    def decode_record(value: object) -> object:
        """The record, every field decoded by its type."""
        form = _keys(value, record)
        return record(**{name: part(form[name]) for name, part in parts.items()})
    return decode_record
