"""A finished play-by-e-mail game as an ordinary save: the replay viewer, the report and ``replay --verify``
open it like any other game, its dice checked against the players' revealed secrets (:class:`PbemDice`)."""

from __future__ import annotations

from pathlib import Path

from malaya.engine.sides import Side
from malaya.persistence.format import PbemDice, SaveFile
from malaya.persistence.pbem.chain_check import chain_files, open_ledger, read_chain
from malaya.persistence.pbem.ledger import Ledger
from malaya.persistence.record import GameRecord
from malaya.session.match import Match


def ledger_to_save(ledger: Ledger, name: str) -> SaveFile:
    """The save of a checked, finished chain (both masters revealed)."""
    played = ledger.match
    assert played is not None
    match = Match(ledger.gd, 0, played.state, list(played.log), list(played.events))
    record = GameRecord.of(match, (), {side: "human" for side in Side})
    proof = PbemDice(game_id=ledger.game_id, masters=dict(ledger.masters), numbers=tuple(ledger.numbers))
    return record.to_save(name).model_copy(update={"pbem": proof})


def chain_to_save(path: Path) -> SaveFile:
    """The save of the finished chain at ``path`` (a folder of turn files, or one of them); PbemError if refused."""
    ledger = open_ledger(read_chain(chain_files(path)))
    return ledger_to_save(ledger, f"Play by e-mail {ledger.game_id[:8]} ({ledger.gd.scenario.id})")
