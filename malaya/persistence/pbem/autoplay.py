"""A computer player's side of a play-by-e-mail game: it plays its part of the turn and sends the file."""

from __future__ import annotations

from pathlib import Path

from malaya.engine import Phase, Side
from malaya.persistence.pbem.games import PbemGame, Sent, Stage, new_game, receive
from malaya.persistence.pbem.ledger import other
from malaya.persistence.pbem.turnfile import PbemError
from malaya.session.match import Controller
from malaya.session.pbem.orders import plan_orders
from malaya.session.words.catalog import say
from malaya.session.words.plain_words import refusal_text

MAX_TURN_ACTIONS = 2000
"""More actions than any player-turn needs; a controller that never stops is an error."""
MAX_FILES = 2000
"""More turn files than any game needs."""


def play_turn(game: PbemGame, controller: Controller, seed: int, outbox: Path | None = None) -> Sent:
    """Let ``controller`` play this side's moves up to its combat orders (or a die it needs), then send."""
    if game.stage is not Stage.YOUR_TURN:
        raise PbemError(say("pbem_autoplay.not_its_turn", side=game.side.value, game=game.game_id[:8]))
    match = game.match
    for _ in range(MAX_TURN_ACTIONS):
        state = match.state
        if state.finished or state.pending is not None or state.side is not game.side:
            return game.send(None, outbox)
        if state.phase is Phase.COMBAT and state.combat is None:
            return game.send(plan_orders(match, controller, seed + state.turn), outbox)
        action = controller(match.gd, state)
        rejection = match.submit(action)
        if rejection is not None:
            raise PbemError(say("pbem_autoplay.refused_move", reason=refusal_text(rejection)))
    raise PbemError(say("pbem_autoplay.unfinished_turn"))


def play_by_files(data: dict[Side, Path], controllers: dict[Side, Controller], scenario_id: str,
                  creator: Side = Side.CW, seed: int = 1) -> list[Sent]:
    """Two players in two data folders play a whole game through turn files; every file sent, in order."""
    _game, sent = new_game(data[creator], scenario_id, creator)
    files, side = [sent], other(creator)
    for _ in range(MAX_FILES):
        game, reply = receive(data[side], files[-1].path)
        if reply is None and game.stage is Stage.OVER:
            return files
        files.append(reply or play_turn(game, controllers[side], seed))
        side = other(side)
    raise PbemError(say("pbem_autoplay.no_end", files=MAX_FILES))
