"""A player's play-by-e-mail games, each a folder in the data folder (``<data>/pbem/<game id>/``).

``game.json`` keeps the side played here and its master secret (never sent until the game ends);
``files/`` keeps every turn file of the chain, sent and received, by number. A file to send is also
written, under its mail-friendly name, to the game's ``outbox/``, or to the shared folder the player watches
(:mod:`.shared_folder`), or to a folder given for it.
Every write is atomic (:func:`malaya.persistence.atomic.atomic_write`).
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache
from pathlib import Path

from malaya import __version__
from malaya.content.campaign import load_game_def
from malaya.engine import Action, GameDef, Side
from malaya.persistence.atomic import atomic_write
from malaya.persistence.gamehash import game_def_hash
from malaya.persistence.pbem import checked
from malaya.persistence.pbem.ledger import Ledger, other
from malaya.persistence.pbem.shared_folder import outbox_for
from malaya.persistence.pbem.turnfile import KIND, PROTOCOL, SUFFIX, PbemError, TurnFile, dump, file_hash, file_name
from malaya.persistence.pbem.turnfile import read as read_turn
from malaya.resources import scenario_file
from malaya.session.match import Match
from malaya.session.pbem import crypto
from malaya.session.pbem.orders import CombatOrder
from malaya.session.words.catalog import say


class Stage(StrEnum):
    """Where a PBEM game stands for the player here."""

    YOUR_TURN = "your_turn"
    WAITING = "waiting"
    OVER = "over"

    @property
    def words(self) -> str:
        """What a player reads for this stage (the Play by e-mail page, ``malaya pbem list``)."""
        return say(_STAGE_WORDS[self])

    @property
    def reason(self) -> str:
        """Why a game at this stage cannot be played now, as a sentence ("" at the player's turn)."""
        return "" if self is Stage.YOUR_TURN else say(_STAGE_REASONS[self])


_STAGE_WORDS = {Stage.YOUR_TURN: "pbem_games.your_turn", Stage.WAITING: "pbem_games.waiting",
                Stage.OVER: "pbem_games.over"}
_STAGE_REASONS = {Stage.WAITING: "pbem_games.waiting_reason", Stage.OVER: "pbem_games.over_reason"}


@dataclass(frozen=True, slots=True)
class Sent:
    """A turn file written for the opponent: where it is and the e-mail text to go with it."""

    path: Path
    size: int
    body: str


@dataclass
class PbemGame:
    """One game in the data folder, with its checked chain (:class:`Ledger`)."""

    folder: Path
    side: Side
    ledger: Ledger
    _base: int = field(default=0, repr=False)
    last_sent: Sent | None = None
    """The file this side wrote last in this session (the page that listed the game says where it is)."""

    @property
    def game_id(self) -> str:
        """The game's id."""
        return self.ledger.game_id

    @property
    def match(self) -> Match:
        """The match as the chain has it (after resolving the opponent's last work, if it is this side's turn)."""
        assert self.ledger.match is not None
        return self.ledger.match

    @property
    def stage(self) -> Stage:
        """Whose move it is, for this player."""
        if self.ledger.files[-1].finished or self.match.state.finished:
            return Stage.OVER
        return Stage.YOUR_TURN if self.ledger.sender_next is self.side else Stage.WAITING

    @property
    def base(self) -> int:
        """Actions in the log before this side's turn in progress (its moves since are ``log[base:]``)."""
        return self._base

    def begin(self) -> None:
        """Resolve the opponent's last work here, and mark where this side's own moves start."""
        self.ledger.resolve_here()
        self._base = len(self.match.log)

    def own_actions(self) -> list[Action]:
        """This side's moves since the turn began (undos included: the file replays them)."""
        return list(self.match.log[self.base:])

    def send(self, orders: list[CombatOrder] | None, outbox: Path | None = None,
             actions: list[Action] | None = None) -> Sent:
        """Write this side's next turn file (its moves so far, or ``actions``, and ``orders``); no undo after this."""
        if self.ledger.sender_next is not self.side:
            raise PbemError(say("pbem_games.not_your_turn"))
        reveal = self.match.state.finished
        moves = self.own_actions() if actions is None else actions
        turn, data = self.ledger.compose(moves, orders, reveal=reveal)
        return self._store_and_post(turn, data, outbox)

    def _store_and_post(self, turn: TurnFile, data: bytes, outbox: Path | None) -> Sent:
        """Check ``turn`` by playing it on a fresh chain, keep it, and write the copy to send."""
        fresh = load_game(self.folder)
        fresh.ledger.add(turn, data)
        atomic_write(self.folder / "files" / f"{turn.number:04d}{SUFFIX}", data, backup=False)
        checked.keep(self.folder, fresh.ledger)
        self.ledger = fresh.ledger
        self._base = len(self.match.log)
        target = (outbox or outbox_for(self.folder)) / file_name(turn, data)
        atomic_write(target, data, backup=False)
        self.last_sent = Sent(target, len(data), email_body(turn, target.name, self.ledger))
        return self.last_sent

    def after_receiving(self, outbox: Path | None = None) -> Sent | None:
        """Answer a received file when no choice is needed: an empty reply, or the closing reveal."""
        self.begin()
        state = self.match.state
        if self.ledger.sender_next is not self.side:
            return None
        revealed = self.side in self.ledger.masters
        if state.finished:
            return None if revealed else self.send(None, outbox)
        if state.side is not self.side:  # a die resolved for the opponent, who plays on
            return self.send(None, outbox)
        return None


def pbem_root(data: Path) -> Path:
    """Where the PBEM games of a data folder live."""
    return data / "pbem"


@lru_cache(maxsize=4)
def game_def_for(scenario_id: str) -> GameDef:
    """The installed scenario a game names; PbemError if this malaya has none."""
    path = scenario_file(scenario_id)
    if not path.is_file():
        raise PbemError(say("pbem_games.no_scenario", scenario=scenario_id))
    return load_game_def(path)


def new_game(data: Path, scenario_id: str, side: Side, outbox: Path | None = None) -> tuple[PbemGame, Sent]:
    """Start a game playing ``side``: its turn file 0 (the invitation) is written to send."""
    gd = game_def_for(scenario_id)
    master, game_id = crypto.new_master(), secrets.token_hex(8)
    folder = pbem_root(data) / game_id
    _write_secret(folder, game_id, scenario_id, side, master)
    match = Match.new(gd, 0, ())
    turn = TurnFile(kind=KIND, protocol=PROTOCOL, program=f"malaya {__version__}", game_id=game_id,
                    scenario_id=scenario_id, scenario_hash=game_def_hash(gd), number=0, side=side, previous=None,
                    element=crypto.element(master, 0), public_key=crypto.public_key(master),
                    turn=match.state.turn, to_move=match.state.side, digest=match.state.digest())
    data_bytes = dump(turn)
    atomic_write(folder / "files" / f"{0:04d}{SUFFIX}", data_bytes, backup=False)
    game = load_game(folder)
    target = (outbox or outbox_for(folder)) / file_name(turn, data_bytes)
    atomic_write(target, data_bytes, backup=False)
    return game, Sent(target, len(data_bytes), email_body(turn, target.name, game.ledger))


def _write_secret(folder: Path, game_id: str, scenario_id: str, side: Side, master: str) -> None:
    """Keep the side and master secret of a game at home."""
    text = json.dumps({"game_id": game_id, "scenario_id": scenario_id, "side": side.value, "master": master})
    atomic_write(folder / "game.json", text.encode("utf-8"), backup=False)


def load_game(folder: Path, *, full: bool = False) -> PbemGame:
    """A game from its folder; PbemError if a stored file is refused.

    The files this player's own record covers (:mod:`.checked`) are not played again unless ``full``; every
    other stored file is checked through the rules, and the record then kept up to date.
    """
    try:
        info = json.loads((folder / "game.json").read_text(encoding="utf-8"))
        side, master, scenario_id = Side(info["side"]), str(info["master"]), str(info["scenario_id"])
    except (OSError, ValueError, KeyError, TypeError) as err:
        raise PbemError(say("pbem_games.record_unreadable", folder=folder.name, reason=err)) from None
    gd = game_def_for(scenario_id)
    stored = [read_turn(path) for path in sorted((folder / "files").glob(f"*{SUFFIX}"))]
    hashes = [file_hash(data) for _, data in stored]
    ledger = None if full else checked.restore(folder, gd, side, master, stored, hashes)
    ledger = ledger or Ledger(gd, side, master)
    fresh = stored[len(ledger.files):]
    for turn, data in fresh:
        ledger.add(turn, data)
    if fresh:
        checked.keep(folder, ledger)
    game = PbemGame(folder, side, ledger)
    game.begin()
    return game


def receive(data: Path, path: Path, outbox: Path | None = None) -> tuple[PbemGame, Sent | None]:
    """Open a received turn file: checked, played, kept; an automatic answer if no choice is needed."""
    turn, raw = read_turn(path)
    folder = pbem_root(data) / turn.game_id
    if not (folder / "game.json").is_file():
        if turn.number != 0:
            raise PbemError(say("pbem_games.not_joined", file=path.name, game=turn.game_id[:8]))
        _write_secret(folder, turn.game_id, turn.scenario_id, other(turn.side), crypto.new_master())
        atomic_write(folder / "files" / f"{0:04d}{SUFFIX}", raw, backup=False)
        game = load_game(folder)
        return game, game.after_receiving(outbox)
    game = load_game(folder)
    game.ledger.add(turn, raw)
    atomic_write(folder / "files" / f"{turn.number:04d}{SUFFIX}", raw, backup=False)
    checked.keep(folder, game.ledger)
    return game, game.after_receiving(outbox)


def list_games(data: Path) -> list[PbemGame | tuple[Path, str]]:
    """Every PBEM game in the data folder, or (its folder, why it cannot be read)."""
    out: list[PbemGame | tuple[Path, str]] = []
    root = pbem_root(data)
    for folder in sorted(root.iterdir()) if root.is_dir() else []:
        try:
            out.append(load_game(folder))
        except PbemError as err:
            out.append((folder, str(err)))
    return out


def email_body(turn: TurnFile, name: str, ledger: Ledger) -> str:
    """The text the player pastes into the e-mail that carries the file."""
    state = ledger.match.state if ledger.match else None
    where = say("pbem_games.mail_over") if state is not None and state.finished else \
        say("pbem_games.mail_to_move", turn=turn.turn, side=turn.to_move.value)
    if ledger.work is not None and ledger.work.orders is not None:
        where = say("pbem_games.mail_orders", turn=turn.turn, side=turn.side.value)
    elif ledger.work is not None:
        where = say("pbem_games.mail_die", turn=turn.turn, side=turn.side.value)
    lines = [say("pbem_games.mail_header", game=turn.game_id[:8], scenario=turn.scenario_id, number=turn.number,
                 side=turn.side.value), where,
             say("pbem_games.mail_attached", file=name),
             say("pbem_games.mail_checksum", checksum=name.rsplit("-", 1)[-1].split(".")[0])]
    if turn.dice:
        lines.append(say("pbem_games.mail_dice", dice=", ".join(str(d) for d in turn.dice)))
    lines.extend(turn.skipped)
    return "\n".join(lines) + "\n"
