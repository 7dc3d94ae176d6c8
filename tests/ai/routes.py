"""Routes for the assault planner in AI tests: every hex each unit of one side can end its move on."""

from __future__ import annotations

from malaya.engine.hexgrid import Hex
from malaya.engine.movement import reachable
from tests.builder import Game


def routes(game: Game, prefix: str = "jp_") -> dict[str, set[Hex]]:
    """For each unit whose id starts with ``prefix``: the hexes it can reach this phase, and its own."""
    return {u.id: set(reachable(game.gd, game.state, u.id)) | {u.hex}
            for u in game.state.units if u.id.startswith(prefix) and u.hex is not None}
