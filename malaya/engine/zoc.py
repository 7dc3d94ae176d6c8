"""Zones of control (RULES R6)."""

from __future__ import annotations

import threading
from functools import lru_cache
from itertools import compress
from operator import is_not

from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Hex
from malaya.engine.sides import Side
from malaya.engine.state import GameState, Location, UnitState


def exerts_zoc_across(gd: GameDef, a: Hex, b: Hex) -> bool:
    """False across all-sea and strait hexsides (R6.1)."""
    kind = gd.board.hexside(a, b)
    return kind is None or not gd.scenario.ruleset.hexsides[kind].blocks_zoc


def zoc_hexes(gd: GameDef, state: GameState, side: Side) -> frozenset[Hex]:
    """Every hex in the zone of control of ``side``'s on-map units (R6.1)."""
    return zoc_of(gd, occupied_hexes(gd, state, side))


@lru_cache(maxsize=256)
def zoc_of(gd: GameDef, occupied: frozenset[Hex]) -> frozenset[Hex]:
    """The zone of control units on ``occupied`` exert (R6.1); cached, as one side's hexes stay the same
    all through the other side's phases."""
    out: set[Hex] = set()
    for h in occupied:
        out.update(n for n in gd.adjacent[h] if exerts_zoc_across(gd, h, n))
    return frozenset(out)


class _LastUnits(threading.local):
    """The occupied hexes of the last few units tuples looked at, one memo per thread (the UI asks from two)."""

    def __init__(self) -> None:
        self.seen: list[tuple[GameDef, tuple[UnitState, ...], dict[tuple[Side, Location], frozenset[Hex]]]] = []


_LAST = _LastUnits()
_LAST_LIMIT = 4  # a move is checked against the position before it and the one after it


def _memo_of(gd: GameDef, units: tuple[UnitState, ...]) -> dict[tuple[Side, Location], frozenset[Hex]]:
    """The memo of this very units tuple (a new, empty one if it is not among the last few seen)."""
    seen = _LAST.seen
    for known_gd, known_units, memo in seen:
        if known_units is units and known_gd is gd:
            return memo
    memo = {}
    seen.append((gd, units, memo))
    if len(seen) > _LAST_LIMIT:
        seen.pop(0)
    return memo


def occupied_hexes(gd: GameDef, state: GameState, side: Side) -> frozenset[Hex]:
    """Hexes holding at least one on-map unit of ``side``; remembered for the last few units tuples seen (by
    identity: a tuple of frozen units never changes, and most states share their predecessor's)."""
    return _hexes_at(gd, state.units, side, Location.MAP)


def landing_hexes(gd: GameDef, state: GameState, side: Side) -> frozenset[Hex]:
    """Ports whose landing zone holds a unit of ``side`` (R9.6); remembered as :func:`occupied_hexes` is."""
    return _hexes_at(gd, state.units, side, Location.LANDING)


def _hexes_at(gd: GameDef, units: tuple[UnitState, ...], side: Side, location: Location) -> frozenset[Hex]:
    """The hexes of ``side``'s units at ``location`` (on the map, or in a landing zone)."""
    memo = _memo_of(gd, units)
    key = (side, location)
    found = memo.get(key)
    if found is None:
        found = memo[key] = _carried(gd, units, key) or frozenset(
            u.hex for u in units if u.location is location and u.hex is not None and gd.side_of(u.id) is side)
    return found


def _carried(gd: GameDef, units: tuple[UnitState, ...], key: tuple[Side, Location]) -> frozenset[Hex] | None:
    """The very set remembered for a recent units tuple in which no unit of the side stood elsewhere (a move
    or a loss of the other side leaves this side's hexes as they were), or None. Kept as the same object, its
    cached hash makes the zone-of-control look-up by these hexes cheap."""
    side = key[0]
    for known_gd, known_units, memo in reversed(_LAST.seen):
        before = memo.get(key)
        if before is None or known_gd is not gd or known_units is units or len(known_units) != len(units):
            continue
        if all(gd.side_of(now.id) is not side or (now.location is was.location and now.hex == was.hex)
               for now, was in compress(zip(units, known_units, strict=True), map(is_not, units, known_units))):
            return before
    return None
