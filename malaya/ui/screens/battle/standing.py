"""The battle screen's VP standing, recomputed only when the game state changes."""

from __future__ import annotations

from malaya.session.game_client import GameClient
from malaya.session.standing import Standing, standing


class StandingCache:
    """The standing of the last state seen (scoring walks every unit, so once per state)."""

    def __init__(self) -> None:
        self.state: object = None
        self.value: Standing | None = None

    def __call__(self, client: GameClient) -> Standing:
        """The standing of the client's current state."""
        if self.value is None or self.state is not client.state:
            self.state, self.value = client.state, standing(client.gd, client.state)
        return self.value
