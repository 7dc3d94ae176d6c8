"""Stacking limits (RULES R4)."""

from __future__ import annotations

from collections import defaultdict

from malaya.engine.actions import Rejection
from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Hex
from malaya.engine.refusal import Refusal
from malaya.engine.registry import reject
from malaya.engine.state import GameState


def stack_points(gd: GameDef, state: GameState) -> dict[Hex, int]:
    """Stacking points standing on every occupied map hex."""
    points: dict[Hex, int] = defaultdict(int)
    for unit in state.units:
        if unit.on_map and unit.hex is not None:
            points[unit.hex] += gd.stacking_value(unit.id)
    return dict(points)


def overstacked_hexes(gd: GameDef, state: GameState) -> list[Hex]:
    """Map hexes holding more stacking points than their limit (R4.1), in hex order."""
    return sorted(h for h, pts in stack_points(gd, state).items() if pts > gd.stacking_limit(h, state))


def overstack_rejection(gd: GameDef, state: GameState) -> Rejection | None:
    """The reason the phase cannot end while a hex is overstacked (R3.2, R18.4), or None."""
    bad = overstacked_hexes(gd, state)
    if not bad:
        return None
    places = ", ".join(gd.describe_hex(h) for h in bad[:3])
    if len(bad) > 3:
        return reject(Refusal.OVERSTACKED_MANY, places=places, more=len(bad) - 3)
    return reject(Refusal.OVERSTACKED, places=places, count=len(bad))
