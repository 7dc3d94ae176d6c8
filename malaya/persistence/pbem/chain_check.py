"""Checking a finished play-by-e-mail game from its turn files alone: ``malaya replay --verify`` on a chain.

Once the game is over each side's last file reveals its master secret, so anyone holding the files can
rebuild every dice element and the sealing key and replay the whole game through the rules. Before that
the moves stay sealed (R2.5) and a chain cannot be checked by an onlooker: it is refused, saying why.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from malaya.engine import Side
from malaya.persistence.pbem.games import game_def_for
from malaya.persistence.pbem.ledger import Ledger
from malaya.persistence.pbem.turnfile import SUFFIX, PbemError, TurnFile, read
from malaya.session.words.catalog import say


@dataclass(frozen=True, slots=True)
class ChainReport:
    """A checked chain: its files, actions and final state, or the first refusal."""

    files: int
    actions: int
    final_digest: str | None
    problem: str | None

    @property
    def ok(self) -> bool:
        """True if every file was accepted and the game is over."""
        return self.problem is None

    def line(self) -> str:
        """The one-line report printed by the command line."""
        if self.problem is None:
            return say("pbem_chain.ok", files=self.files, actions=self.actions, digest=(self.final_digest or "")[:12])
        return say("pbem_chain.refused", problem=self.problem)


def chain_files(path: Path) -> list[Path]:
    """The turn files of a chain: every ``*.pbem.json`` in a folder, or the folder of a given turn file."""
    folder = path if path.is_dir() else path.parent
    return sorted(folder.glob(f"*{SUFFIX}"))


def read_chain(paths: list[Path]) -> list[tuple[TurnFile, bytes]]:
    """Every turn file, in chain order; PbemError for an unreadable one or a number given twice."""
    files = sorted((read(p) for p in paths), key=lambda f: f[0].number)
    numbers = [turn.number for turn, _ in files]
    if len(set(numbers)) != len(numbers):
        twice = next(n for n in numbers if numbers.count(n) > 1)
        raise PbemError(say("pbem_chain.twice", number=twice))
    return files


def open_ledger(files: list[tuple[TurnFile, bytes]]) -> Ledger:
    """An onlooker's ledger of the chain, every file checked (PbemError at the first refusal)."""
    if not files:
        raise PbemError(say("pbem_chain.no_files"))
    first = files[0][0]
    ledger = Ledger(game_def_for(first.scenario_id))
    ledger.masters = {turn.side: turn.master for turn, _ in files if turn.master is not None}
    if set(ledger.masters) != set(Side):
        raise PbemError(say("pbem_chain.not_over"))
    for turn, data in files:
        ledger.add(turn, data)
    if ledger.match is None or not ledger.match.state.finished:
        raise PbemError(say("pbem_chain.stops_early"))
    return ledger


def verify_chain(path: Path) -> ChainReport:
    """Check the chain of turn files at ``path`` (a folder, or one of its files)."""
    try:
        files = read_chain(chain_files(path))
        ledger = open_ledger(files)
    except PbemError as err:
        return ChainReport(0, 0, None, str(err))
    assert ledger.match is not None
    return ChainReport(len(files), len(ledger.match.log), ledger.match.state.digest(), None)
