"""What a human's play-by-e-mail turn needs before its first frame, worked out off the window's thread.

Late in a campaign, telling the game's history and indexing the game so far for the replay of the opponent's
turn each replay the whole game (a second or two); the Play by e-mail page has them made on a thread
(:func:`prepare_turn`) while the window keeps drawing, then opens the turn's screen with them.
"""

from __future__ import annotations

from dataclasses import dataclass

from malaya.persistence.pbem.export import game_so_far
from malaya.persistence.pbem.games import PbemGame
from malaya.persistence.pbem.turn_keeper import TurnKeeper
from malaya.persistence.replay_log import ReplayLog
from malaya.session.game_client import GameClient


@dataclass(frozen=True)
class PreparedTurn:
    """The client of this side's turn (its history told, R2.5), the keeper of its file, and the opponent's turn
    as a replay to show first (None if the opponent made no move since)."""

    client: GameClient
    keeper: TurnKeeper
    replay_first: ReplayLog | None


def prepare_turn(game: PbemGame) -> PreparedTurn:
    """Everything the turn's screen needs for ``game``, its Combat phase to be taken as orders."""
    client = GameClient(game.match, humans=frozenset({game.side}), history_later=True, combat_by_orders=True)
    client.tell_recorded_history(())
    keeper = TurnKeeper(game, choice=client.advance_choice)
    client.after_submit.append(keeper.follow)
    ledger = game.ledger
    assert ledger.match is not None
    opponent_moved = ledger.opponent_start < len(ledger.match.log)
    return PreparedTurn(client, keeper, game_so_far(ledger) if opponent_moved else None)
