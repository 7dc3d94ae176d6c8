"""Retreat after combat, conducted by the game (R12.8 and the combat chapter).

A group (the defending stack, or the attackers of one hex) retreats together along
one path. Hex k of the path is k hexes farther from the combat hex than the start.
It never enters an enemy-occupied hex or a hex any of its units could not enter by
normal movement (``terrain.entry_cost``); it may not end overstacked, so it then
goes one hex farther, and if still overstacked that path is unavailable. Among the
legal paths it takes, in order of preference: the end nearest a friendly supply
source, the lowest MP cost, the fewest enemy-ZOC hexes entered, then the first in
direction order. No legal path: the group stays and loses ``blocked_steps``.
Each enemy-ZOC hex entered costs ``ezoc_steps`` (EZOC as it stands at the moment;
friendly units do not cancel it). Retreating costs no MP.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from fractions import Fraction

from malaya.engine.combat.common import occupied_by, unit_of, unit_type, with_unit
from malaya.engine.combat.events import RetreatBlocked, UnitRetreated
from malaya.engine.events import Event
from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Hex
from malaya.engine.stacking import stack_points
from malaya.engine.state import GameState
from malaya.engine.supply import supply_sources
from malaya.engine.terrain import entry_cost
from malaya.engine.zoc import zoc_hexes


@dataclass(frozen=True, slots=True)
class RetreatPath:
    """A legal retreat: the hexes entered in order, and how they rank (R12.8)."""

    hexes: tuple[Hex, ...]
    supply_distance: int
    mp_cost: Fraction
    ezoc_entered: int
    directions: tuple[int, ...]

    def rank(self) -> tuple[int, Fraction, int, tuple[int, ...]]:
        """The preference order of R12.8: supply, MP cost, EZOC hexes, direction order."""
        return (self.supply_distance, self.mp_cost, self.ezoc_entered, self.directions)


@dataclass(frozen=True, slots=True)
class _Search:
    """What every step of the path search needs to know, computed once."""

    gd: GameDef
    state: GameState
    unit_ids: tuple[str, ...]
    away_from: Hex
    length: int
    extra: int
    blocked: frozenset[Hex]
    points: dict[Hex, int]
    group_points: int

    def step_cost(self, a: Hex, b: Hex) -> Fraction | None:
        """The MP the slowest unit of the group would pay from ``a`` to ``b``; None if one cannot enter."""
        worst = Fraction(0)
        for uid in self.unit_ids:
            entry = entry_cost(self.gd, unit_type(self.gd, uid), a, b, self.state.demolished)
            if entry is None:
                return None
            cost = Fraction(self.gd.unit_def(uid).movement) if entry.whole_ma else entry.cost
            worst = max(worst, cost)
        return worst

    def fits(self, h: Hex) -> bool:
        """True if the group may end in ``h`` without overstacking it (R4.2)."""
        return self.points.get(h, 0) + self.group_points <= self.gd.stacking_limit(h, self.state)


Found = tuple[tuple[Hex, ...], tuple[int, ...], Fraction]
"""A path found by the search: its hexes, the direction of each step, and its MP cost."""


def _paths(search: _Search, start: Hex) -> Iterator[Found]:
    """Every legal retreat path from ``start`` (hexes, directions, MP cost), depth first."""
    base = start.distance(search.away_from)

    def extend(path: tuple[Hex, ...], dirs: tuple[int, ...], cost: Fraction) -> Iterator[Found]:
        """The legal completions of a partial path."""
        depth = len(path)
        if depth >= search.length:
            if search.fits(path[-1]):
                yield path, dirs, cost
                return
            if depth >= search.length + search.extra:
                return
        prev = path[-1] if path else start
        for d, n in enumerate(prev.neighbors()):
            if n not in search.gd.adjacent or n in search.blocked:
                continue
            if n.distance(search.away_from) != base + depth + 1:
                continue
            step = search.step_cost(prev, n)
            if step is not None:
                yield from extend(path + (n,), dirs + (d,), cost + step)

    yield from extend((), (), Fraction(0))


def best_retreat(
    gd: GameDef, state: GameState, unit_ids: tuple[str, ...], start: Hex, away_from: Hex, length: int
) -> RetreatPath | None:
    """The path the game chooses for this group, or None if the retreat is blocked (R12.8)."""
    side = gd.side_of(unit_ids[0])
    rules = gd.scenario.ruleset.combat.retreat
    search = _Search(
        gd=gd, state=state, unit_ids=unit_ids, away_from=away_from, length=length,
        extra=rules.extra_hexes_if_overstacked, blocked=occupied_by(gd, state, side.enemy),
        points=stack_points(gd, state), group_points=sum(gd.stacking_value(u) for u in unit_ids),
    )
    found = list(_paths(search, start))
    if not found:
        return None
    ezoc = zoc_hexes(gd, state, side.enemy)
    sources = supply_sources(gd, state, side)

    def supply_distance(h: Hex) -> int:
        """Hexes from ``h`` to the nearest friendly supply source (0 if there is none)."""
        return min((h.distance(s) for s in sources), default=0)

    options = [
        RetreatPath(hexes, supply_distance(hexes[-1]), cost, sum(1 for h in hexes if h in ezoc), dirs)
        for hexes, dirs, cost in found
    ]
    return min(options, key=RetreatPath.rank)


def retreat_group(
    gd: GameDef, state: GameState, unit_ids: tuple[str, ...], away_from: Hex, length: int
) -> tuple[GameState, list[Event], int]:
    """Retreat one group; returns the new state, events and the steps the group must now lose (R12.8)."""
    rules = gd.scenario.ruleset.combat.retreat
    start = unit_of(gd, state, unit_ids[0]).hex
    assert start is not None
    path = best_retreat(gd, state, unit_ids, start, away_from, length)
    if path is None:
        return state, [RetreatBlocked(units=unit_ids, hex=start)], rules.blocked_steps
    events: list[Event] = []
    for uid in unit_ids:
        unit = unit_of(gd, state, uid)
        state = with_unit(gd, state, replace(unit, hex=path.hexes[-1], entered=unit.entered + tuple(path.hexes[:-1])))
        events.append(UnitRetreated(unit=uid, path=path.hexes, ezoc_hexes=path.ezoc_entered))
    return state, events, path.ezoc_entered * rules.ezoc_steps
