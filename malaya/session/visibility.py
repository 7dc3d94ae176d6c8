"""Which enemy stacks a side may see (R2.5 limited intelligence), for the screens: the engine's answer."""

from __future__ import annotations

from malaya import engine
from malaya.engine import GameDef, GameState, Hex, Side


def hidden_hexes(gd: GameDef, state: GameState, viewer: Side) -> frozenset[Hex]:
    """Hexes whose enemy stack ``viewer`` sees only as an "Unknown" counter (``intel.observation``)."""
    return frozenset(stack.hex for stack in engine.observation(gd, state, viewer).unknown)
