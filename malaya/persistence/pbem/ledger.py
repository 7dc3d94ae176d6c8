"""The chain of a play-by-e-mail game: every turn file checked and played in order (docs/pbem.md).

A :class:`Ledger` holds the files of one game and the match they add up to. :meth:`Ledger.add` refuses,
in one plain sentence saying which and what to do, a file of another game or scenario, one from a newer
protocol, a file played twice or skipped, one made from another history (its ``previous`` hash), a dice
element that is not the one committed, dice or a position that are not what the moves and the two
secrets give, a sealed part that was changed, and any move the rules refuse. Whoever holds a side's
master secret (a player) can resolve the last file's work and open sealed parts; once both masters are
revealed (game over) anyone can check the whole game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from malaya import __version__
from malaya.engine import Action, ChanceResult, GameDef, GameState, Phase, Side
from malaya.persistence.gamehash import game_def_hash
from malaya.persistence.pbem.turnfile import (
    KIND,
    PROTOCOL,
    Payload,
    PbemError,
    TurnFile,
    dump,
    file_hash,
    from_orders,
    pack,
    to_orders,
    unpack,
)
from malaya.session.match import Match
from malaya.session.pbem import crypto
from malaya.session.pbem.orders import CombatOrder, resolve_orders
from malaya.session.words.catalog import say
from malaya.session.words.plain_words import refusal_text


class _SavePoint(NamedTuple):
    """A ledger's changeable parts before a file is tried (restored if it is refused)."""

    where: tuple[GameState, int, int] | None
    dice: list[int]
    skipped: list[str]
    resolved: bool
    public_keys: dict[Side, str]
    numbers: int


def other(side: Side) -> Side:
    """The opposing side."""
    return Side.CW if side is Side.JP else Side.JP


@dataclass
class Work:
    """What the last file leaves for the other side's program to resolve: orders, or a pending die."""

    number: int
    orders: list[CombatOrder] | None


@dataclass
class Ledger:
    """See module docstring. ``me``/``master``: the side played here and its secret (None: an onlooker)."""

    gd: GameDef
    me: Side | None = None
    master: str | None = None
    files: list[TurnFile] = field(default_factory=list)
    hashes: list[str] = field(default_factory=list)
    match: Match | None = None
    elements: dict[Side, tuple[int, str]] = field(default_factory=dict)
    public_keys: dict[Side, str] = field(default_factory=dict)
    masters: dict[Side, str] = field(default_factory=dict)
    work: Work | None = None
    dice: list[int] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    resolved: bool = False
    numbers: list[int] = field(default_factory=list)
    """For each chance outcome in the match's log, in order, the turn file whose work it resolved."""
    opponent_start: int = 0
    """Actions in the log before the opponent's last file began to be played (the replay opens there)."""
    _shared: bytes | None = field(default=None, repr=False)
    _scenario_hash: str | None = field(default=None, repr=False)

    @property
    def scenario_hash(self) -> str:
        """The hash of the scenario this program has (computed once)."""
        if self._scenario_hash is None:
            self._scenario_hash = game_def_hash(self.gd)
        return self._scenario_hash

    @property
    def game_id(self) -> str:
        """The game's id (from its first file)."""
        return self.files[0].game_id

    @property
    def sender_next(self) -> Side:
        """The side that writes the next file (files alternate)."""
        return other(self.files[-1].side)

    # --- adding a received file ------------------------------------------------------------------

    def add(self, turn: TurnFile, data: bytes) -> None:
        """Check ``turn`` against the chain and play it; PbemError (and the ledger as it was) if it is refused."""
        self._check_header(turn, data)
        self._check_element(turn)
        saved = self._save_point()
        before = len(self.match.log) if self.match is not None else 0
        try:
            if self.match is None:
                self.match = Match.new(self.gd, 0, (), roller=no_dice)
            self._resolve_for(turn)
            payload = self._open(turn)
            self._play(turn, payload)
        except PbemError:
            self._restore(saved)
            raise
        if turn.side is not self.me and (payload.actions or payload.orders is not None):
            self.opponent_start = before
        self._record(turn, data, payload)

    def _save_point(self) -> _SavePoint:
        """What :meth:`add` may change before it refuses a file."""
        match = self.match
        where = None if match is None else (match.state, len(match.log), len(match.events))
        return _SavePoint(where, list(self.dice), list(self.skipped), self.resolved, dict(self.public_keys),
                          len(self.numbers))

    def _restore(self, saved: _SavePoint) -> None:
        """Go back to a save point (a refused file leaves no trace)."""
        if saved.where is None:
            self.match = None
        else:
            assert self.match is not None
            state, log, events = saved.where
            self.match.state = state
            del self.match.log[log:]
            del self.match.events[events:]
        self.dice, self.skipped, self.resolved = saved.dice, saved.skipped, saved.resolved
        self.public_keys = saved.public_keys
        del self.numbers[saved.numbers:]

    def _where(self, turn: TurnFile) -> str:
        """``turn file 7 (CW)``."""
        return say("pbem_ledger.file", number=turn.number, side=turn.side.value)

    def _check_header(self, turn: TurnFile, data: bytes) -> None:
        """Game, scenario, protocol, number and chain of ``turn``."""
        where = self._where(turn)
        if turn.protocol > PROTOCOL:
            raise PbemError(say("pbem_ledger.newer", file=where, program=turn.program))
        if self.files and turn.game_id != self.game_id:
            raise PbemError(say("pbem_ledger.other_game", file=where, game=turn.game_id[:8], ours=self.game_id[:8]))
        if turn.scenario_hash != self.scenario_hash or turn.scenario_id != self.gd.scenario.id:
            raise PbemError(say("pbem_ledger.other_scenario", file=where, scenario=turn.scenario_id))
        expected = len(self.files)
        if turn.number < expected:
            if file_hash(data) == self.hashes[turn.number]:
                raise PbemError(say("pbem_ledger.already_played", file=where))
            raise PbemError(say("pbem_ledger.different_already_played", number=turn.number, side=turn.side.value))
        if turn.number > expected:
            raise PbemError(say("pbem_ledger.missing_before", file=where, missing=expected))
        if self.files and turn.side is not self.sender_next:
            raise PbemError(say("pbem_ledger.wrong_sender", file=where, side=turn.side.value,
                                next=self.sender_next.value))
        if turn.previous != (self.hashes[-1] if self.hashes else None):
            raise PbemError(say("pbem_ledger.other_history", file=where, last=expected - 1))

    def _check_element(self, turn: TurnFile) -> None:
        """The revealed dice element continues the sender's chain; its public key is given once."""
        where = self._where(turn)
        known = self.elements.get(turn.side)
        if known is not None and not crypto.continues(turn.element, turn.number, known[1], known[0]):
            raise PbemError(say("pbem_ledger.dice_tampered", file=where, side=turn.side.value, committed=known[0]))
        first = turn.side not in self.public_keys
        if first and (turn.public_key is None or not crypto.valid_public_key(turn.public_key)):
            raise PbemError(say("pbem_ledger.no_sealing_key", file=where, side=turn.side.value))
        if not first and turn.public_key not in (None, self.public_keys[turn.side]):
            raise PbemError(say("pbem_ledger.new_sealing_key", file=where, side=turn.side.value))
        if turn.master is not None and crypto.element(turn.master, turn.number) != turn.element:
            raise PbemError(say("pbem_ledger.wrong_secret", file=where, side=turn.side.value))

    # --- resolving the previous file's work ---------------------------------------------------------

    def _elements_for(self, number: int, receiver: str) -> tuple[str, str]:
        """(JP, CW) elements of file ``number``: its sender's published one and the receiver's ``receiver``."""
        sender = self.files[number].side
        mine = self.files[number].element
        return (mine, receiver) if sender is Side.JP else (receiver, mine)

    def _resolve_for(self, turn: TurnFile) -> None:
        """Resolve the last file's work with the element ``turn`` reveals; its dice must be ``turn``'s."""
        if self.resolved:  # resolved here already, with this side's own secret: the dice must agree
            self._compare(turn)
            return
        if self.work is None:
            if turn.dice or turn.skipped:
                raise PbemError(say("pbem_ledger.dice_from_nothing", file=self._where(turn)))
            return
        receiver = crypto.walk_back(turn.element, turn.number - self.work.number)
        self._resolve(receiver)
        self._compare(turn)

    def _compare(self, turn: TurnFile) -> None:
        """Refuse ``turn`` if its dice or skipped orders are not the ones this program resolved."""
        where = self._where(turn)
        for index, (said, rolled) in enumerate(zip(turn.dice, self.dice, strict=False), start=1):
            if said != rolled:
                raise PbemError(say("pbem_ledger.wrong_die", file=where, index=index, said=said, rolled=rolled))
        if len(turn.dice) != len(self.dice) or list(turn.skipped) != self.skipped:
            raise PbemError(say("pbem_ledger.wrong_dice_count", file=where, said=len(turn.dice), rolled=len(self.dice)))

    def _resolve(self, receiver_element: str) -> None:
        """Resolve the pending work with the receiver's element of its file number."""
        work, match = self.work, self.match
        assert work is not None and match is not None
        key = crypto.dice_key(*self._elements_for(work.number, receiver_element))
        drawn: list[int] = []

        def roll(outcomes: Sequence[int]) -> int:
            value = crypto.draw(key, self.game_id, work.number, len(drawn), outcomes)
            drawn.append(value)
            return value

        match.roller = roll
        match.resolve_chance()
        skipped = resolve_orders(match, work.orders) if work.orders is not None else []
        match.roller = no_dice
        self.numbers.extend([work.number] * len(drawn))
        self.dice, self.skipped, self.resolved = drawn, [_skip_text(s.order, s.reason) for s in skipped], True

    def resolve_here(self) -> None:
        """Resolve the opponent's last file's work with this side's own secret (before playing on)."""
        if self.work is None or self.resolved or self.files[-1].side is self.me:
            return
        assert self.master is not None and self.me is not None
        self._resolve(crypto.element(self.master, self.work.number))

    # --- opening and playing ---------------------------------------------------------------------------

    def shared_key(self) -> bytes | None:
        """The sealing key, if this ledger can derive it (a player, or both masters revealed)."""
        if self._shared is not None:
            return self._shared
        for side, secret in ((self.me, self.master), *self.masters.items()):
            if side is not None and secret is not None and other(side) in self.public_keys:
                self._shared = crypto.shared_key(secret, self.public_keys[other(side)])
        return self._shared

    def _open(self, turn: TurnFile) -> Payload:
        """The sealed actions of ``turn`` (none if it has no sealed part)."""
        if turn.sealed is None:
            return Payload(actions=())
        self.public_keys.setdefault(turn.side, turn.public_key or "")
        key = self.shared_key()
        if key is None:
            raise PbemError(say("pbem_ledger.sealed", file=self._where(turn)))
        plain = crypto.unseal(key, turn.game_id, turn.number, turn.sealed, turn.tag or "")
        if plain is None:
            raise PbemError(say("pbem_ledger.seal_broken", file=self._where(turn)))
        return unpack(plain, self._where(turn))

    def _play(self, turn: TurnFile, payload: Payload) -> None:
        """Apply the sender's actions through the gate and check the position it reports."""
        match, where = self.match, self._where(turn)
        assert match is not None
        for number, action in enumerate(payload.actions, start=1):
            if isinstance(action, ChanceResult) or action.side is not turn.side:
                raise PbemError(say("pbem_ledger.not_its_move", file=where, number=number, side=turn.side.value))
            rejection = match.submit(action)
            if rejection is not None:
                raise PbemError(say("pbem_ledger.illegal_move", file=where, number=number,
                                    reason=refusal_text(rejection)))
        self._check_work(turn, payload)
        state = match.state
        if state.digest() != turn.digest or state.turn != turn.turn or state.side is not turn.to_move \
                or state.finished != turn.finished:
            raise PbemError(say("pbem_ledger.wrong_position", file=where))

    def _check_work(self, turn: TurnFile, payload: Payload) -> None:
        """The file ends where the rules allow: orders in its Combat phase, a pending die, or its turn passed."""
        state, where = self.match.state if self.match else None, self._where(turn)
        assert state is not None
        if payload.orders is not None:
            if state.side is not turn.side or state.phase is not Phase.COMBAT or state.combat or state.pending:
                raise PbemError(say("pbem_ledger.orders_out_of_combat", file=where))
            return
        if payload.actions and not state.finished and state.pending is None and state.side is turn.side:
            raise PbemError(say("pbem_ledger.stops_mid_turn", file=where, side=turn.side.value))

    def _record(self, turn: TurnFile, data: bytes, payload: Payload) -> None:
        """Keep ``turn`` as the chain's newest file and note the work it leaves."""
        assert self.match is not None
        state = self.match.state
        self.files.append(turn)
        self.hashes.append(file_hash(data))
        self.elements[turn.side] = (turn.number, turn.element)
        if turn.public_key is not None:
            self.public_keys[turn.side] = turn.public_key
        if turn.master is not None:
            self.masters[turn.side] = turn.master
        has_work = payload.orders is not None or (state.pending is not None and not state.finished)
        self.work = Work(turn.number, to_orders(payload.orders) if payload.orders is not None else None) \
            if has_work else None
        self.dice, self.skipped, self.resolved = [], [], False

    # --- writing this side's next file ------------------------------------------------------------------

    def compose(self, actions: Sequence[Action], orders: list[CombatOrder] | None, *,
                reveal: bool = False) -> tuple[TurnFile, bytes]:
        """This side's next file: the dice of what it resolved, ``actions`` since, ``orders`` (its bytes too)."""
        assert self.master is not None and self.me is not None and self.match is not None
        number = len(self.files)
        payload = Payload(actions=tuple(actions), orders=from_orders(orders) if orders is not None else None)
        state = self.match.state
        key = self.shared_key()
        has_payload = bool(actions) or orders is not None
        sealed, tag = crypto.seal(key, self.game_id, number, pack(payload)) if key and has_payload else (None, None)
        turn = TurnFile(
            kind=KIND, protocol=PROTOCOL, program=f"malaya {__version__}", game_id=self.game_id,
            scenario_id=self.gd.scenario.id, scenario_hash=self.scenario_hash, number=number, side=self.me,
            previous=self.hashes[-1], element=crypto.element(self.master, number),
            public_key=None if self.me in self.public_keys else crypto.public_key(self.master),
            turn=state.turn, to_move=state.side, finished=state.finished, dice=tuple(self.dice),
            skipped=tuple(self.skipped), digest=state.digest(), sealed=sealed, tag=tag,
            master=self.master if reveal else None)
        return turn, dump(turn)


def no_dice(outcomes: Sequence[int]) -> int | None:
    """No die may be drawn now: the chance node waits for the other side's file."""
    return None


def _skip_text(order: int, reason: str) -> str:
    """``Combat order 2 was not carried out: …``."""
    return f"Combat order {order + 1} was not carried out: {reason}"
