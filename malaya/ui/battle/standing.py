"""The battle screen's VP standing, recomputed only when the game state changes, and its trend."""

from __future__ import annotations

from malaya.session.game_client import GameClient
from malaya.session.standing import Standing, Trend, standing


class StandingCache:
    """The standing of the last state seen (scoring walks every unit, so once per state), and the margin each
    game-turn began with (the last margin seen in the turn before, or the opening's), for the trend."""

    def __init__(self) -> None:
        self.state: object = None
        self.value: Standing | None = None
        self.turn = 0
        self.turn_began: dict[int, int] = {}
        """Game-turn → the margin when it began; only turns whose start this screen saw."""

    def __call__(self, client: GameClient) -> Standing:
        """The standing of the client's current state."""
        if self.value is None or self.state is not client.state:
            before, turn = self.value, max(client.state.turn, 1)
            self.state, self.value = client.state, standing(client.gd, client.state)
            if before is None and client.state.turn <= 1:
                self.turn_began[1] = self.value.margin  # the opening position
            elif before is not None and turn != self.turn:
                self.turn_began.setdefault(turn, before.margin)
            self.turn = turn
        return self.value

    def trend(self) -> Trend | None:
        """How the margin moved since the current game-turn began (None: its start was not seen here)."""
        if self.value is None or self.turn not in self.turn_began:
            return None
        return Trend(self.turn, self.turn_began[self.turn], self.value.margin)
