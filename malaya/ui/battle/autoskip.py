"""Auto-skip (R3.4): end a phase for the player when End Phase is the only thing the gate allows.

A phase is skipped only after it has been on screen for :data:`AUTO_SKIP_DELAY_S` of its own:
the clock restarts whenever the position (turn, side, phase) changes, so time spent in the
previous phase never counts and no phase is skipped before the player has seen it begin.
"""

from __future__ import annotations

from malaya.engine import EndPhase, Phase, Side
from malaya.session.game_client import GameClient
from malaya.session.words.catalog import say
from malaya.session.words.event_words import PHASE_NAMES, SIDE_ADJECTIVES

AUTO_SKIP_DELAY_S = 0.3
"""An empty phase stays on screen this long before auto-skip ends it (so the player sees it pass)."""

Position = tuple[int, Side, Phase]


class AutoSkip:
    """Owns how long the current phase has been on screen with nothing to do."""

    def __init__(self) -> None:
        self.empty_for = 0.0
        self.position: Position | None = None

    def update(self, dt: float, client: GameClient, enabled: bool, animating: bool) -> EndPhase | None:
        """The End Phase to submit once an empty phase has been shown long enough (and the setting is on)."""
        state = client.state
        position = (state.turn, state.side, state.phase)
        if position != self.position:  # a phase just began: its time starts now, not dt ago
            self.position, self.empty_for = position, 0.0
            return None
        if not (enabled and not animating and client.nothing_to_do()):
            self.empty_for = 0.0
            return None
        self.empty_for += dt
        if self.empty_for < AUTO_SKIP_DELAY_S:
            return None
        self.empty_for = 0.0
        client.note(say("autoskip.auto_skipped_the_phase_nothing", side=SIDE_ADJECTIVES[state.side],
                        phase=PHASE_NAMES[state.phase]))
        return EndPhase(side=state.side)
