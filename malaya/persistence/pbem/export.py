"""A finished play-by-e-mail game as an ordinary save: the replay viewer, the report and ``replay --verify``
open it like any other game, its dice checked against the players' revealed secrets (:class:`PbemDice`)."""

from __future__ import annotations

from pathlib import Path

from malaya.engine import Side
from malaya.persistence.consistency import ChainDice
from malaya.persistence.format import PbemDice, SaveFile
from malaya.persistence.pbem.chain_check import chain_files, open_ledger, read_chain
from malaya.persistence.pbem.ledger import Ledger
from malaya.persistence.record import GameRecord
from malaya.persistence.replay_log import ReplayLog
from malaya.session.match import Match
from malaya.session.pbem import crypto
from malaya.session.words.catalog import say


def _plain_save(ledger: Ledger, name: str) -> SaveFile:
    """The ledger's game as a save (without its dice proof)."""
    played = ledger.match
    assert played is not None
    match = Match(ledger.gd, 0, played.state, list(played.log), list(played.events))
    return GameRecord.of(match, (), {side: "human" for side in Side}).to_save(name)


def ledger_to_save(ledger: Ledger, name: str) -> SaveFile:
    """The save of a checked, finished chain (both masters revealed)."""
    proof = PbemDice(game_id=ledger.game_id, masters=dict(ledger.masters), numbers=tuple(ledger.numbers))
    return _plain_save(ledger, name).model_copy(update={"pbem": proof})


def _element(ledger: Ledger, side: Side, number: int) -> str:
    """A side's dice element of turn file ``number``: from this player's secret, or the opponent's reveals."""
    if side is ledger.me and ledger.master is not None:
        return crypto.element(ledger.master, number)
    index, value = ledger.elements[side]
    return crypto.walk_back(value, index - number)


def game_so_far(ledger: Ledger) -> ReplayLog:
    """A player's game in progress for the replay viewer: its dice checked with the secrets known here, shown
    only as this player's side saw it (R2.5), opening at the start of the opponent's last turn."""
    assert ledger.me is not None
    save = _plain_save(ledger, say("pbem_export.name", game=ledger.game_id[:8]))

    def key_of(number: int) -> bytes:
        return crypto.dice_key(_element(ledger, Side.JP, number), _element(ledger, Side.CW, number))

    log = ReplayLog.build(ledger.gd, save, say("pbem_export.so_far"), ChainDice(ledger.game_id, ledger.numbers, key_of))
    log.only_for = ledger.me
    log.start_index = ledger.opponent_start
    return log


def chain_to_save(path: Path) -> SaveFile:
    """The save of the finished chain at ``path`` (a folder of turn files, or one of them); PbemError if refused."""
    ledger = open_ledger(read_chain(chain_files(path)))
    return ledger_to_save(ledger, say("pbem_export.name_and_scenario", game=ledger.game_id[:8],
                                       scenario=ledger.gd.scenario.id))
