"""Which enemy stacks a side may see (R2.5 limited intelligence), for the UI.

Uses ``malaya.engine.intel.observation`` (its ``unknown`` stacks) when the engine
provides it; otherwise a fallback applies R2.5 directly: an enemy stack is known when it is adjacent to a
friendly unit, or one of its units was revealed by combat this player-turn.
"""

from __future__ import annotations

from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Hex
from malaya.engine.sides import Side
from malaya.engine.state import GameState, Location


def hidden_hexes(gd: GameDef, state: GameState, viewer: Side) -> frozenset[Hex]:
    """Hexes whose enemy stack ``viewer`` sees only as an "Unknown" counter."""
    from_engine = _engine_hidden(gd, state, viewer)
    return from_engine if from_engine is not None else _fallback_hidden(gd, state, viewer)


def _engine_hidden(gd: GameDef, state: GameState, viewer: Side) -> frozenset[Hex] | None:
    """The engine's answer: the hexes of ``intel.observation(...).unknown`` stacks, if the engine has it."""
    try:
        from malaya.engine import intel

        unknown = intel.observation(gd, state, viewer).unknown
        return frozenset(stack.hex for stack in unknown)
    except (ImportError, AttributeError, TypeError):
        return None


def _fallback_hidden(gd: GameDef, state: GameState, viewer: Side) -> frozenset[Hex]:
    """R2.5 by adjacency (see module docstring)."""
    friendly: set[Hex] = set()
    enemy: dict[Hex, bool] = {}
    for u in state.units:
        if u.location is not Location.MAP or u.hex is None:
            continue
        if gd.side_of(u.id) is viewer:
            friendly.add(u.hex)
        else:
            enemy[u.hex] = enemy.get(u.hex, False) or u.id in state.revealed
    return frozenset(h for h, revealed in enemy.items()
                     if not revealed and not any(n in friendly for n in h.neighbors()))
