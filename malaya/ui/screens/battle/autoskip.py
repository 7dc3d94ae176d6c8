"""Auto-skip (R3.4): end a phase for the player when End Phase is the only thing the gate allows."""

from __future__ import annotations

from malaya.engine.actions import EndPhase
from malaya.session.game_client import GameClient

AUTO_SKIP_DELAY_S = 0.3
"""An empty phase stays on screen this long before auto-skip ends it (so the player sees it pass)."""


class AutoSkip:
    """Owns how long the current phase has had nothing to do."""

    def __init__(self) -> None:
        self.empty_for = 0.0

    def update(self, dt: float, client: GameClient, enabled: bool, animating: bool) -> EndPhase | None:
        """The End Phase to submit once an empty phase has been shown long enough (and the setting is on)."""
        legal = client.legal()
        empty = len(legal) == 1 and isinstance(legal[0], EndPhase)
        if not (enabled and empty and not animating):
            self.empty_for = 0.0
            return None
        self.empty_for += dt
        if self.empty_for < AUTO_SKIP_DELAY_S:
            return None
        self.empty_for = 0.0
        state = client.state
        client.note(f"Auto-skipped the {state.side.value} {state.phase.value} phase (nothing to do).")
        return EndPhase(side=state.side)
