"""Which enemy stacks a side may see (R2.5 limited intelligence), for the screens: the engine's answer."""

from __future__ import annotations

from malaya.engine import intel
from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Hex
from malaya.engine.sides import Side
from malaya.engine.state import GameState


def hidden_hexes(gd: GameDef, state: GameState, viewer: Side) -> frozenset[Hex]:
    """Hexes whose enemy stack ``viewer`` sees only as an "Unknown" counter (``intel.observation``)."""
    return frozenset(stack.hex for stack in intel.observation(gd, state, viewer).unknown)
