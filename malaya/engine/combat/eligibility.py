"""Which hexes may be attacked and which units may attack them (R12.1, R12.2).

A defender's hex is an enemy-occupied hex not yet attacked this Combat phase. An
attacker is a unit of the phasing side that has not attacked yet, directly adjacent
to the defender's hex and able to enter it: infantry by any step ``entry_cost``
allows (a strait too, at ×½, R5.2), armor only along a usable road or rail
connection (combat chapter example). Units in a port's landing zone count as
adjacent to that port only, and must attack it (R9.6, R12.2).
"""

from __future__ import annotations

from collections import defaultdict

from malaya.engine.combat.common import is_alive, landing_at, occupied_by, unit_type
from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Hex
from malaya.engine.state import GameState, Location, UnitState
from malaya.engine.terrain import entry_cost, usable_connections
from malaya.engine.unitdefs import UnitType


def could_enter_to_attack(gd: GameDef, state: GameState, unit_id: str, frm: Hex, target: Hex) -> bool:
    """True if the unit at ``frm`` could enter ``target`` ignoring the enemy there (R12.2)."""
    kind = unit_type(gd, unit_id)
    if kind is UnitType.ARMOR:
        return bool(usable_connections(gd, frm, target, state.demolished))
    return entry_cost(gd, kind, frm, target, state.demolished) is not None


def may_attack(gd: GameDef, state: GameState, unit: UnitState, target: Hex) -> bool:
    """True if this phasing-side unit may join an attack on ``target`` now (R12.2)."""
    if unit.attacked or not is_alive(unit) or unit.hex is None:
        return False
    if gd.side_of(unit.id) is not state.side:
        return False
    if unit.location is Location.LANDING:
        return unit.hex == target
    if unit.hex.distance(target) != 1:
        return False
    return could_enter_to_attack(gd, state, unit.id, unit.hex, target)


def is_attackable(gd: GameDef, state: GameState, target: Hex) -> bool:
    """True if ``target`` holds enemy units, none already attacked this phase, and was not attacked (R12.2).

    A defender is marked ``attacked`` when its combat is rolled; a hex holding such a
    unit (one that retreated there) may not be attacked again, since its whole stack
    must defend together and that unit would be attacked twice.
    """
    if target in state.attacked_hexes:
        return False
    enemy = state.side.enemy
    units = [u for u in state.units_at(target) if gd.side_of(u.id) is enemy]
    return bool(units) and not any(u.attacked for u in units)


def eligible_attackers(gd: GameDef, state: GameState, target: Hex) -> tuple[str, ...]:
    """Units that may attack ``target`` now, in scenario order (R12.2)."""
    near = set(gd.adjacent.get(target, ())) | {target}
    return tuple(
        u.id for u in state.units
        if u.hex in near and may_attack(gd, state, u, target)
    )


def attackable_hexes(gd: GameDef, state: GameState) -> list[Hex]:
    """Enemy hexes that at least one unit may attack now, sorted (R12.10 step 1)."""
    enemy = state.side.enemy
    fought = {u.hex for u in state.units if u.on_map and u.attacked and gd.side_of(u.id) is enemy}
    enemy_hexes = occupied_by(gd, state, enemy) - state.attacked_hexes - fought
    if not enemy_hexes:
        return []
    found: set[Hex] = set()
    for unit in state.units:
        if unit.hex is None or unit.attacked or gd.side_of(unit.id) is not state.side:
            continue
        if unit.location is Location.LANDING:
            if unit.hex in enemy_hexes and is_alive(unit):
                found.add(unit.hex)
            continue
        if not unit.on_map:
            continue
        for n in gd.adjacent.get(unit.hex, ()):
            if n in enemy_hexes and n not in found and could_enter_to_attack(gd, state, unit.id, unit.hex, n):
                found.add(n)
    return sorted(found)


def landing_units_by_port(gd: GameDef, state: GameState) -> dict[Hex, tuple[str, ...]]:
    """Phasing-side units waiting in landing zones that have not attacked, by port (R9.6)."""
    out: dict[Hex, list[str]] = defaultdict(list)
    for u in state.units:
        if (u.location is Location.LANDING and u.hex is not None and not u.attacked
                and gd.side_of(u.id) is state.side):
            out[u.hex].append(u.id)
    return {h: tuple(ids) for h, ids in sorted(out.items())}


def landing_units_missing(gd: GameDef, state: GameState, target: Hex, attackers: tuple[str, ...]) -> tuple[str, ...]:
    """Landing units at port ``target`` that have not attacked and are not among ``attackers``."""
    chosen = set(attackers)
    return tuple(
        u.id for u in landing_at(gd, state, target, state.side)
        if not u.attacked and u.id not in chosen and is_alive(u)
    )
