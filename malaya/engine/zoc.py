"""Zones of control (RULES R6)."""

from __future__ import annotations

from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Hex
from malaya.engine.sides import Side
from malaya.engine.state import GameState


def exerts_zoc_across(gd: GameDef, a: Hex, b: Hex) -> bool:
    """False across all-sea and strait hexsides (R6.1)."""
    kind = gd.board.hexside(a, b)
    return kind is None or not gd.scenario.ruleset.hexsides[kind].blocks_zoc


def zoc_hexes(gd: GameDef, state: GameState, side: Side) -> frozenset[Hex]:
    """Every hex in the zone of control of ``side``'s on-map units (R6.1)."""
    out: set[Hex] = set()
    for unit in state.units:
        if unit.on_map and unit.hex is not None and gd.side_of(unit.id) is side:
            h = unit.hex
            out.update(n for n in gd.adjacent[h] if exerts_zoc_across(gd, h, n))
    return frozenset(out)


def occupied_hexes(gd: GameDef, state: GameState, side: Side) -> frozenset[Hex]:
    """Hexes holding at least one on-map unit of ``side``."""
    return frozenset(u.hex for u in state.units if u.on_map and u.hex is not None and gd.side_of(u.id) is side)
