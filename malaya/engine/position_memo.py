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


def enemy_zoc(gd: GameDef, state: GameState, side: Side) -> frozenset[Hex]:
    """Hexes in the zone of control of ``side``'s enemy (R6.1), cached per position."""
    return memoized(gd, state, ("ezoc", side), lambda: zoc_hexes(gd, state, side.enemy))


def enemy_occupied(gd: GameDef, state: GameState, side: Side) -> frozenset[Hex]:
    """Hexes holding an enemy unit of ``side`` (R7.2), cached per position."""
    return memoized(gd, state, ("enemy", side), lambda: occupied_hexes(gd, state, side.enemy))

