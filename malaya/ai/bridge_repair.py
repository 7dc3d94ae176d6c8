"""JP movement that repairs demolished bridges on its supply road (R7.7)."""

from __future__ import annotations

from malaya.ai.move_context import MoveContext
from malaya.engine import GameDef, GameState, Hex, Location, Side, memoized


def broken_bridges(gd: GameDef, state: GameState, network: set[Hex]) -> list[tuple[Hex, Hex]]:
    """Demolished bridges the JP supply road needs: one end on the network (R7.7 repair)."""
    out = []
    for a, b in sorted(state.demolished):
        if a in network or b in network:
            out.append((a, b))
    return out


def repairers(gd: GameDef, state: GameState, ctx: MoveContext, skip: str = "") -> frozenset[Hex]:
    """Hexes beside a demolished bridge where a JP unit already stands outside CW ZOC (cached per position)."""

    def compute() -> frozenset[Hex]:
        return frozenset(u.hex for u in state.units if u.location is Location.MAP and u.hex is not None
                         and u.id != skip and gd.side_of(u.id) is Side.JP)

    return memoized(gd, state, ("ai.repairers", skip), compute)


def repair_value(gd: GameDef, state: GameState, ctx: MoveContext, unit_id: str, d: Hex,
                 network: set[Hex]) -> float:
    """JP: standing beside a demolished bridge on the supply road repairs it next turn (R7.7)."""
    if not state.demolished:
        return 0.0
    held = repairers(gd, state, ctx, skip=unit_id)
    for a, b in broken_bridges(gd, state, network):
        if d in (a, b) and not (held & {a, b}) and d not in ctx.blocked:
            return 3.0
    return 0.0


def is_repairing(gd: GameDef, state: GameState, ctx: MoveContext, unit_id: str, network: set[Hex]) -> bool:
    """True if this JP unit stands beside a broken bridge of the supply road and should stay (R7.7)."""
    h = state.units[gd.unit_index[unit_id]].hex
    if h is None or h in ctx.blocked:
        return False
    for a, b in broken_bridges(gd, state, network):
        if h in (a, b):
            first = min((u.id for u in state.units if u.location is Location.MAP and u.hex in (a, b)
                         and gd.side_of(u.id) is Side.JP), default=None)
            return first == unit_id
    return False
