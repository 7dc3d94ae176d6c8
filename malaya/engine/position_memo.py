"""Per-position cache (RULES R6.1, R7.2): values worked out for the last ``(gd, state)`` pair seen.

States are immutable, so a value computed for one state object stays true for it; the legality
gate re-checking every generated action then costs a dictionary look-up. One cache per thread.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar

from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Hex
from malaya.engine.sides import Side
from malaya.engine.state import GameState
from malaya.engine.zoc import occupied_hexes, zoc_hexes

T = TypeVar("T")


class _PositionMemo(threading.local):
    """The cache of the last position looked at, one per thread (the UI asks from two threads)."""

    def __init__(self) -> None:
        self.gd: GameDef | None = None
        self.state: GameState | None = None
        self.values: dict[object, object] = {}


_POSITION = _PositionMemo()


INPUTS_KEPT = 512
"""How many results :func:`by_inputs` keeps per thread (the oldest go first): a Movement phase's searches."""


class _InputMemo(threading.local):
    """Results keyed by everything they depend on, kept across positions, one cache per thread."""

    def __init__(self) -> None:
        self.gd: GameDef | None = None
        self.values: dict[object, object] = {}


_INPUTS = _InputMemo()


def memoized(gd: GameDef, state: GameState, key: object, compute: Callable[[], T]) -> T:
    """``compute()`` cached for this exact ``(gd, state)`` pair (by identity; states are immutable)."""
    memo = _POSITION
    if memo.gd is not gd or memo.state is not state:
        memo.gd, memo.state, memo.values = gd, state, {}
    if key not in memo.values:
        memo.values[key] = compute()
    return memo.values[key]  # type: ignore[return-value]


def remembered(gd: GameDef, state: GameState, key: object) -> object | None:
    """What :func:`memoized` holds under ``key`` for this exact ``(gd, state)`` pair, or None."""
    memo = _POSITION
    if memo.gd is not gd or memo.state is not state:
        return None
    return memo.values.get(key)


def by_inputs(gd: GameDef, key: object, compute: Callable[[], T]) -> T:
    """``compute()`` cached under ``key``, which must hold every input the value depends on besides ``gd``:
    unlike :func:`memoized` it outlives the position, so positions that share those inputs share the value."""
    memo = _INPUTS
    if memo.gd is not gd:
        memo.gd, memo.values = gd, {}
    values = memo.values
    if key in values:
        return values[key]  # type: ignore[return-value]
    found = values[key] = compute()
    if len(values) > INPUTS_KEPT:
        del values[next(iter(values))]
    return found


def kept_by_inputs(gd: GameDef, key: object) -> object | None:
    """What :func:`by_inputs` holds under ``key`` for ``gd``, or None."""
    memo = _INPUTS
    return memo.values.get(key) if memo.gd is gd else None


def enemy_zoc(gd: GameDef, state: GameState, side: Side) -> frozenset[Hex]:
    """Hexes in the zone of control of ``side``'s enemy (R6.1), cached per position."""
    return memoized(gd, state, ("ezoc", side), lambda: zoc_hexes(gd, state, side.enemy))


def enemy_occupied(gd: GameDef, state: GameState, side: Side) -> frozenset[Hex]:
    """Hexes holding an enemy unit of ``side`` (R7.2), cached per position."""
    return memoized(gd, state, ("enemy", side), lambda: occupied_hexes(gd, state, side.enemy))

