"""The bundled 28-turn example game (saves/full-game.json) as a list of positions, for tests that walk it."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from malaya.engine import rules
from malaya.engine.gamedef import GameDef
from malaya.engine.state import GameState
from malaya.persistence import read_save
from malaya.persistence.checkpoints import opening
from tests.bundled import bundled_game

FULL_GAME = Path(__file__).resolve().parents[1] / "saves" / "full-game.json"

Positions = tuple[GameDef, list[GameState]]


@cache
def example_positions() -> Positions:
    """The campaign and every position of the example game: the opening, then one after each action."""
    gd = bundled_game()
    save = read_save(FULL_GAME)
    state = opening(gd, save.options)[0]
    states = [state]
    for action in save.actions:
        state = rules.apply(gd, state, action).state
        states.append(state)
    return gd, states
