"""Limited intelligence: what one side may see of the game (RULES R2.5).

With ``ruleset.intel.limited`` on (the default), a side sees all its own units;
an enemy unit on the map only if it is adjacent to one of the side's on-map
units or was revealed this player-turn (combat, retreat, advance:
``state.revealed``); every other enemy stack shows as an :class:`UnknownStack`
(hex, side, total stacking value). Enemy units off the map (JP box, pending,
arriving, offered, eliminated) are hidden; an enemy unit waiting in a landing
zone (R9.6) is seen only from the port it threatens (or when revealed). Of the
air pools a side sees only its own; the defending AP the game commits are shown
by the combat preview (R12.11), which is the only exposure the rules make.
With the flag off every unit is visible.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from itertools import compress
from operator import is_not

from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Hex
from malaya.engine.sides import Side
from malaya.engine.state import GameState, Location, UnitState
from malaya.engine.zoc import landing_hexes, occupied_hexes


@dataclass(frozen=True, slots=True)
class UnknownStack:
    """An enemy stack seen only as "Unknown": where, whose, and its total stacking value (R2.5)."""

    hex: Hex
    side: Side
    stacking: int


@dataclass(frozen=True, slots=True)
class Observation:
    """What ``side`` may see: own units, visible enemy units, unknown enemy stacks, own air pools."""

    side: Side
    own: tuple[UnitState, ...]
    enemy: tuple[UnitState, ...]
    unknown: tuple[UnknownStack, ...]
    attack_pool: int
    defense_pool: int


def limited(gd: GameDef) -> bool:
    """True if limited intelligence is in force (R2.5)."""
    return gd.scenario.ruleset.intel.limited


def _watched_hexes(gd: GameDef, state: GameState, side: Side) -> tuple[frozenset[Hex], frozenset[Hex]]:
    """Hexes ``side`` occupies, and those plus every hex adjacent to them."""
    occupied = occupied_hexes(gd, state, side)
    watched = _around(gd, occupied)
    # a landing force sees the port it threatens; a declared combat reveals the defenders (R2.5)
    extra = set(landing_hexes(gd, state, side))
    if state.combat is not None:
        extra.add(state.combat.defender_hex)
    return occupied, (watched | extra if extra else watched)


@lru_cache(maxsize=256)
def _around(gd: GameDef, occupied: frozenset[Hex]) -> frozenset[Hex]:
    """``occupied`` and every hex adjacent to it; cached, as a side's hexes stay the same through the other
    side's phases."""
    watched = set(occupied)
    for h in occupied:
        watched.update(gd.adjacent[h])
    return frozenset(watched)


def _enemy_visible(unit: UnitState, state: GameState, occupied: frozenset[Hex], watched: frozenset[Hex]) -> bool:
    """Whether one enemy unit is visible, given the observer's occupied and watched hexes."""
    if unit.location is Location.MAP:
        return unit.hex in watched or unit.id in state.revealed
    if unit.location is Location.LANDING:
        return unit.hex in occupied or unit.id in state.revealed
    return False


def observation(gd: GameDef, state: GameState, side: Side) -> Observation:
    """Everything ``side`` may see of ``state`` (R2.5), in scenario order and hex order."""
    own: list[UnitState] = []
    enemy: list[UnitState] = []
    hidden: dict[Hex, int] = defaultdict(int)
    everything = not limited(gd)
    occupied, watched = _watched_hexes(gd, state, side)
    for unit in state.units:
        if gd.side_of(unit.id) is side:
            own.append(unit)
        elif everything or _enemy_visible(unit, state, occupied, watched):
            enemy.append(unit)
        elif unit.location is Location.MAP and unit.hex is not None:
            hidden[unit.hex] += gd.stacking_value(unit.id)
    unknown = tuple(UnknownStack(h, side.enemy, points) for h, points in sorted(hidden.items()))
    return Observation(side, tuple(own), tuple(enemy), unknown,
                       state.pool("attack", side), state.pool("defense", side))


def visible_units(gd: GameDef, state: GameState, side: Side) -> set[str]:
    """Ids of every unit ``side`` may see in full: its own and the visible enemy units (R2.5)."""
    seen = observation(gd, state, side)
    return {u.id for u in seen.own} | {u.id for u in seen.enemy}


def reveals_more(gd: GameDef, before: GameState, after: GameState, side: Side) -> bool:
    """True if ``side`` sees in full in ``after`` some unit it could not see in ``before``:
    ``not visible_units(after) <= visible_units(before)``, without building either observation."""
    if not limited(gd):
        return False
    occupied_b, watched_b = _watched_hexes(gd, before, side)
    occupied_a, watched_a = _watched_hexes(gd, after, side)
    # A unit record unchanged by the move, under the same revealed set, can only become visible on a hex
    # that became watched (on the map) or occupied (landing); any other such unit is skipped unchecked.
    same_revealed = after.revealed == before.revealed
    new_watched, new_occupied = watched_a - watched_b, occupied_a - occupied_b
    pairs: Iterable[tuple[UnitState, UnitState]] = zip(after.units, before.units, strict=True)
    if same_revealed and not (new_watched & occupied_hexes(gd, after, side.enemy)) and not (
            new_occupied & landing_hexes(gd, after, side.enemy)):  # no enemy unit stands where sight grew:
        pairs = compress(pairs, map(is_not, after.units, before.units))  # only the changed records can show
    for now, then in pairs:
        if now is then and same_revealed and now.hex not in (
                new_watched if now.location is Location.MAP else
                new_occupied if now.location is Location.LANDING else ()):
            continue
        if (gd.side_of(now.id) is not side and _enemy_visible(now, after, occupied_a, watched_a)
                and not _enemy_visible(then, before, occupied_b, watched_b)):
            return True
    return False


def hidden_enemy_units(gd: GameDef, state: GameState, side: Side, unit_ids: Iterable[str]) -> frozenset[str]:
    """Of ``unit_ids``, the enemy units ``side`` may not see now (R2.5): a unit a combat revealed is seen."""
    enemy = [u for u in unit_ids if gd.side_of(u) is side.enemy and u not in state.revealed]
    if not enemy or not limited(gd):
        return frozenset()
    occupied, watched = _watched_hexes(gd, state, side)
    return frozenset(u for u in enemy if not _enemy_visible(state.units[gd.unit_index[u]], state, occupied, watched))


def is_visible(gd: GameDef, state: GameState, side: Side, unit_id: str) -> bool:
    """True if ``side`` may see this unit in full (R2.5)."""
    if gd.side_of(unit_id) is side or not limited(gd):
        return True
    occupied, watched = _watched_hexes(gd, state, side)
    return _enemy_visible(state.units[gd.unit_index[unit_id]], state, occupied, watched)
