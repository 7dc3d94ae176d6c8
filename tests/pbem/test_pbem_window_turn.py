"""Play by e-mail in the game window: a turn played through the client, its Combat phase taken as orders."""

from __future__ import annotations

import json
from pathlib import Path

from malaya.engine.sides import Side
from malaya.engine.state import Phase
from malaya.persistence.pbem.games import Stage, new_game, receive
from malaya.persistence.pbem.turn_keeper import TurnKeeper
from malaya.session.controllers import make_controller
from malaya.session.game_client import GameClient


def test_a_turn_played_click_by_click_becomes_orders_and_a_file_the_opponent_accepts(tmp_path: Path) -> None:
    # given a Jitra game CW started, opened by the JP player, whose moves a computer player makes click by click
    _cw_game, invitation = new_game(tmp_path / "cw", "jitra", Side.CW)
    jp_game, reply = receive(tmp_path / "jp", invitation.path)
    assert reply is None and jp_game.stage is Stage.YOUR_TURN
    client = GameClient(jp_game.match, humans=frozenset({Side.JP}))
    keeper = TurnKeeper(jp_game)
    client.after_submit.append(keeper.follow)
    player = make_controller("ai:normal", Side.JP, 8)
    # when it plays through the client until the turn file is written
    for _ in range(2000):
        if keeper.sent is not None:
            break
        assert client.submit(player(client.gd, client.state)) is None
    # then each rolled combat became an order (R12.10 by e-mail), the file holds no result, and the client holds
    assert keeper.sent is not None and keeper.orders, "the computer attacked nothing"
    assert client.state.phase is Phase.COMBAT and client.state.combat is None
    assert not json.loads(keeper.sent.path.read_bytes()).get("dice")
    # and the Commonwealth's game accepts the file and fights the orders with the two players' secrets
    cw_game, _ = receive(tmp_path / "cw", keeper.sent.path)
    assert cw_game.stage is Stage.YOUR_TURN and cw_game.ledger.dice
    assert cw_game.match.state.side is Side.CW
