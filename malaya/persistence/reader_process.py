"""Whole saves read, checked and replayed in a separate process, so the window's process never holds up a frame.

Parsing a save's JSON and validating its models are long calls into C and Rust that keep Python's global
lock for their whole length: on a thread they still stop the window's thread from drawing (issue 27: a
save at the size caps froze frames for over 100 ms). :class:`SaveReader` hands that work to one worker
process started with ``spawn`` (no lock, no window, no pygame there) and waits for it without holding the
lock; the window's thread only polls the thread that waits.

What comes back is exactly what the same call returns in the window's process (the worker runs the same
functions on the same bytes): a refusal is the same one-line :class:`SaveError`. The window's game
definition never travels by value if it can be helped (pickling it holds the lock for ~0.1 s): in both
directions it is pickled as a token, its scenario id and content hash (``gamehash``), which the worker
reads as the installed scenario of that id if it has the same hash (the same rules and map), else asks for
once; so the returned record's match plays on the window's own definition object. A save of another
scenario is checked against the installed one there, as in-process, and that definition comes back by value.
"""

from __future__ import annotations

import contextlib
import io
import multiprocessing
import pickle
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from enum import Enum
from pathlib import Path
from typing import cast

from malaya.content.campaign import load_game_def
from malaya.content.errors import ContentError
from malaya.engine import GameDef
from malaya.persistence.errors import SaveError
from malaya.persistence.format import SaveFile
from malaya.persistence.gamehash import game_def_hash
from malaya.persistence.loading import load_record
from malaya.persistence.quick_open import open_record
from malaya.persistence.record import GameRecord
from malaya.persistence.replay_log import ReplayLog
from malaya.persistence.user_scenarios import find_scenario_file
from malaya.persistence.worker_life import exit_with_parent
from malaya.session.words.catalog import say

Token = tuple[str, str]
"""How the window's game definition is named inside a pickled request or answer: (scenario id, content hash)."""


class UnknownDefinition(LookupError):
    """The worker has no definition for a token (the window's is not the installed one): it must be sent."""


class Job(Enum):
    """What the worker does with a save: what the function of the same name does in-process."""

    OPEN_RECORD = "open_record"
    LOAD_RECORD = "load_record"
    REPLAY_LOG = "replay_log"


def _replay_log(path: Path, gd: GameDef | None) -> ReplayLog:
    """:meth:`ReplayLog.open` as a plain function."""
    return ReplayLog.open(path, gd)


JOBS: dict[Job, Callable[[Path, GameDef | None], object]] = {
    Job.OPEN_RECORD: open_record, Job.LOAD_RECORD: load_record, Job.REPLAY_LOG: _replay_log}


class _Pickler(pickle.Pickler):
    """A pickler that writes the home definition as its token."""

    def __init__(self, file: io.BytesIO, home: GameDef | None, token: Token) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.home, self.token = home, token

    def persistent_id(self, obj: object) -> Token | None:
        """The token for the home definition, else None (pickled by value)."""
        return self.token if obj is self.home and obj is not None else None


class _Unpickler(pickle.Unpickler):
    """An unpickler that reads a token as the definition ``resolve`` gives for it."""

    def __init__(self, file: io.BytesIO, resolve: Callable[[Token], GameDef]) -> None:
        super().__init__(file)
        self.resolve = resolve

    def persistent_load(self, pid: object) -> GameDef:
        """The definition a token names."""
        if not (isinstance(pid, tuple) and len(pid) == 2 and all(isinstance(p, str) for p in pid)):
            raise pickle.UnpicklingError("not a definition's token")
        return self.resolve(pid)


def dumps(obj: object, home: GameDef | None, token: Token) -> bytes:
    """``obj`` pickled with ``home`` as ``token``."""
    buffer = io.BytesIO()
    _Pickler(buffer, home, token).dump(obj)
    return buffer.getvalue()


def loads(data: bytes, resolve: Callable[[Token], GameDef]) -> object:
    """Bytes from :func:`dumps`, each token read as ``resolve`` gives it."""
    return _Unpickler(io.BytesIO(data), resolve).load()


def token_of(gd: GameDef) -> Token:
    """The token of a game definition: its scenario's id and content hash."""
    return gd.scenario.id, game_def_hash(gd)


class _Worker:
    """The worker process's own state: the window's definitions it knows, by token."""

    known: dict[Token, GameDef] = {}


def _installed(token: Token) -> GameDef:
    """The definition a token names, from the worker's memory or the installed scenario of that id (if its
    content hash is the token's); else UnknownDefinition."""
    if token not in _Worker.known:
        path = find_scenario_file(token[0])
        try:
            gd = load_game_def(path) if path.is_file() else None
        except ContentError:
            gd = None
        if gd is None or game_def_hash(gd) != token[1]:
            raise UnknownDefinition(token[0])
        _Worker.known[token] = gd
    return _Worker.known[token]


def run_job(job: Job, request: bytes, token: Token, definition: bytes | None = None) -> bytes | None:
    """In the worker: ``job`` on the (path, definition) of ``request``, the result pickled for the window; None
    if the window's definition (``token``) is not known here and must be sent as ``definition``."""
    if definition is not None:
        _Worker.known[token] = pickle.loads(definition)
    try:
        path, gd = cast(tuple[Path, GameDef | None], loads(request, _installed))
    except UnknownDefinition:
        return None
    return dumps(JOBS[job](path, gd), _Worker.known.get(token), token)


def ready() -> bool:
    """In the worker: nothing (a first job that starts the process ahead of need)."""
    return True


class SaveReader:
    """One worker process that reads, checks and replays whole saves for the window; see module docstring.

    Each method blocks the thread that calls it (a background thread, never the window's) until the worker
    answers, without holding Python's lock meanwhile. The worker starts on first use or on :meth:`start`.
    """

    def __init__(self, home: GameDef) -> None:
        self.home = home
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()
        self._closed = False
        self.definition_sent = False
        """Whether the worker had to be sent the home definition by value (it is not the installed one)."""

    def _executor(self) -> ProcessPoolExecutor:
        """The worker pool, started on first use; SaveError once the reader is closed (the game is ending)."""
        with self._lock:
            if self._closed:
                raise SaveError(say("save_reader.closing"))
            if self._pool is None:
                self._pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"),
                                                 initializer=exit_with_parent)
            return self._pool

    def start(self) -> None:
        """Start the worker now (it then waits for jobs) and work out the home definition's token, so the first
        save opens sooner; call it on a background thread (it spawns a process). Nothing once it is closed."""
        with contextlib.suppress(SaveError):  # closed meanwhile: the game is ending, nothing to start
            self._executor().submit(ready)
            token_of(self.home)

    def _resolve(self, token: Token) -> GameDef:
        """The home definition for its token (the only one a worker's answer names)."""
        if token != token_of(self.home):
            raise pickle.UnpicklingError(f"unknown definition {token[0]!r}")
        return self.home

    def _ask(self, job: Job, path: str | Path, gd: GameDef | None) -> object:
        """The worker's answer to ``job`` (its SaveError raised here); a worker that died is a SaveError too."""
        path = Path(path)
        token = token_of(self.home)
        request = dumps((path, gd), self.home, token)
        try:
            answer = self._executor().submit(run_job, job, request, token).result()
            if answer is None:  # the window's definition is not the installed one: send it, once
                definition = pickle.dumps(self.home, pickle.HIGHEST_PROTOCOL)
                self.definition_sent = True
                answer = self._executor().submit(run_job, job, request, token, definition).result()
        except BrokenProcessPool:
            self._drop()
            raise SaveError(say("save_reader.worker_stopped", file=path.name)) from None
        assert answer is not None, "the worker was sent the definition"
        return loads(answer, self._resolve)

    def open_record(self, path: str | Path, gd: GameDef | None = None) -> tuple[GameRecord, SaveFile]:
        """:func:`~malaya.persistence.quick_open.open_record`, in the worker."""
        return cast(tuple[GameRecord, SaveFile], self._ask(Job.OPEN_RECORD, path, gd))

    def load_record(self, path: str | Path, gd: GameDef | None = None) -> tuple[GameRecord, SaveFile]:
        """:func:`~malaya.persistence.loading.load_record`, in the worker."""
        return cast(tuple[GameRecord, SaveFile], self._ask(Job.LOAD_RECORD, path, gd))

    def replay_log(self, path: str | Path, gd: GameDef | None = None) -> ReplayLog:
        """:meth:`ReplayLog.open`, in the worker."""
        return cast(ReplayLog, self._ask(Job.REPLAY_LOG, path, gd))

    def _drop(self) -> None:
        """Forget a pool whose worker died (the next job starts a new one)."""
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Stop the worker (a job still running is abandoned); no worker starts after this."""
        with self._lock:
            self._closed = True
        self._drop()
