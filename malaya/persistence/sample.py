"""Random recorded games (random bots, fixed seeds) for tests, benchmarks and the example saves."""

from __future__ import annotations

from malaya import engine
from malaya.ai.random_bot import RandomBot
from malaya.engine import GameDef, Side
from malaya.persistence.record import GameRecord

RANDOM_CONTROLLERS: dict[Side, str] = {Side.JP: "random", Side.CW: "random"}


def play_random(gd: GameDef, seed: int, *, player_turns: int | None = None,
                max_actions: int = 100_000) -> GameRecord:
    """A random-vs-random game: ``player_turns`` whole player-turns (None: to the end).

    It stops at the start of the next player-turn, where its last checkpoint was taken.
    """
    record = GameRecord.new(gd, seed, (), RANDOM_CONTROLLERS)
    bots = {Side.JP: RandomBot(seed * 2 + 1), Side.CW: RandomBot(seed * 2 + 2)}
    for _ in range(max_actions):
        state = record.match.state
        started = len(record.tracker.checkpoints)
        if engine.is_terminal(state) or (player_turns is not None and started > player_turns):
            break
        rejection = record.submit(bots[state.side](gd, state))
        if rejection is not None:
            raise RuntimeError(f"the random bot chose an illegal action: {rejection}")
    return record
