"""The battle screen for one side's turn of a play-by-e-mail game.

It first shows the opponent's last turn (and the results of one's own orders) in the replay viewer,
locked to this side's view (R2.5); Back hands over to the map, the game's history told in the log.
The Combat phase is taken as orders (:class:`~malaya.persistence.pbem.turn_keeper.TurnKeeper`) and the
screen closes once the turn file is written.
"""

from __future__ import annotations

from malaya.persistence.pbem.games import PbemGame
from malaya.persistence.pbem.turn_keeper import TurnKeeper
from malaya.persistence.pbem.turn_start import PreparedTurn, prepare_turn
from malaya.persistence.replay_log import ReplayLog
from malaya.session.game_client import GameClient
from malaya.ui.app.intents import Pop, Push, ToReplay, Transition
from malaya.ui.app.stack import App, Screen
from malaya.ui.battle.screen import BattleScreen


class PbemTurnScreen(BattleScreen):
    """The battle screen for this side's PBEM turn: closes, saying where the file is, once it is written."""

    live_chances_allowed = False  # never during a lesson or a PBEM game (issue 29 item 4)

    def __init__(self, app: App, client: GameClient, keeper: TurnKeeper, replay_first: ReplayLog | None) -> None:
        super().__init__(app, client, {}, None)
        self.keeper = keeper
        self._told = 0
        self.replay_first = replay_first

    def update(self, dt: float, app: App) -> Transition | None:
        """The opponent's turn as a replay first; then the battle screen, each order and the file told."""
        if self.replay_first is not None:
            log, self.replay_first = self.replay_first, None
            return Push(ToReplay(log))
        for note in self.keeper.notes[self._told:]:
            app.toast(note if "\n" not in note else note.split("\n")[0])
        self._told = len(self.keeper.notes)
        if self.keeper.sent is not None:
            return Pop()
        return super().update(dt, app)


def pbem_turn_screen(app: App, game: PbemGame, prepared: PreparedTurn | None = None) -> Screen:
    """The battle screen of ``game`` for this side's turn, its history told from this side's view (R2.5)."""
    ready = prepared or prepare_turn(game)
    return PbemTurnScreen(app, ready.client, ready.keeper, ready.replay_first)
