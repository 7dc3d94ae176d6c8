"""JP movement that repairs demolished bridges on its supply road (R7.7)."""

from __future__ import annotations

from collections.abc import Callable

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


def repair_scorer(gd: GameDef, state: GameState, ctx: MoveContext, unit_id: str,
                  network: set[Hex]) -> Callable[[Hex], float]:
    """JP: what unit ``unit_id`` standing beside a demolished bridge on the supply road is worth on each hex (it
    repairs it next turn, R7.7), the bridges that need it found once for every destination."""
    if not state.demolished:
        return lambda d: 0.0
    held = repairers(gd, state, ctx, skip=unit_id)
    ends = frozenset(h for a, b in broken_bridges(gd, state, network) if not (held & {a, b}) for h in (a, b))

    def value(d: Hex) -> float:
        return 3.0 if d in ends and d not in ctx.blocked else 0.0

    return value


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
