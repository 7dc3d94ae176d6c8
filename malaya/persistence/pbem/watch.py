"""Watching a shared or synced folder for the opponent's turn files (docs/pbem.md, "A shared folder").

The player may name one folder per data folder (``<data>/pbem-folder.json``): the game then writes the
files to send there, and while the Play by e-mail page or the main menu is open it looks into the folder
every :data:`POLL_S` seconds, on a thread of its own (:class:`FolderWatch`), for a file it can open.

:func:`scan` sorts what the folder holds, reading only the part of each file that is in plain view:

- the next file of one of this player's games, from the opponent, complete: **ready** to open;
- the first file (the invitation) of a game not here: ready too (opening it joins the game);
- a file whose bytes do not match the checksum in its name: **still arriving** (a copy or a sync under way,
  or a damaged file), looked at again on the next round and never opened before it is whole;
- anything else is **ignored**, with the reason: a file of another game, a file ahead of one missing, a
  different version of a file already played, a file that is not a turn file. Files already played here
  (one's own sent files among them) are left out silently.
"""

from __future__ import annotations

import json
import os
import threading
import time
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

from malaya.engine import Side
from malaya.persistence.pbem.games import game_def_for, pbem_root
from malaya.persistence.pbem.ledger import other
from malaya.persistence.pbem.turnfile import MAX_TURN_FILE_BYTES, NAME, SUFFIX, PbemError, TurnFile, file_hash, parse
from malaya.session.words.catalog import say
from malaya.session.words.event_words import SIDE_ADJECTIVES, SIDE_NAMES

POLL_S = 2.0
"""How often a watched folder is looked into (seconds): a turn file is no hurry, and a look costs a listing."""
IDLE_STOP_S = 10.0
"""A watch nobody asked about for this long stops its thread (it starts again when asked)."""


class Seen(StrEnum):
    """What a file in the watched folder is, for this player."""

    READY = "ready"
    ARRIVING = "still arriving"
    IGNORED = "ignored"


@dataclass(frozen=True, slots=True)
class Arrival:
    """One file of the watched folder: what it is and, in plain words, what arrived or why it is not opened."""

    path: Path
    seen: Seen
    text: str


@dataclass(frozen=True, slots=True)
class _Head:
    """Where one of this player's games stands: the next file's number and who sends it."""

    folder: Path
    next_number: int
    sender: Side


def _heads(data: Path) -> dict[str, _Head]:
    """This player's games by id, read cheaply: the stored files are counted, the last one's sender read."""
    heads: dict[str, _Head] = {}
    root = pbem_root(data)
    for folder in sorted(root.iterdir()) if root.is_dir() else []:
        stored = sorted((folder / "files").glob(f"*{SUFFIX}"))
        try:
            last = json.loads(stored[-1].read_bytes()[:MAX_TURN_FILE_BYTES])
            heads[folder.name] = _Head(folder, len(stored), other(Side(last["side"])))
        except (IndexError, OSError, ValueError, KeyError, TypeError):
            continue  # an unreadable game is listed, with its reason, by the page itself
    return heads


@dataclass
class _Cache:
    """Each file's reading by (name, size, modification time): a file is read again only when it changes."""

    read: dict[str, tuple[tuple[int, int], TurnFile | str | None, bytes]] = field(default_factory=dict)

    def turn(self, path: Path, stat: os.stat_result) -> tuple[TurnFile | str | None, bytes]:
        """The file's turn (a string: why it is not one, naming the file; None: still arriving) and its bytes."""
        key = (stat.st_size, stat.st_mtime_ns)
        known = self.read.get(path.name)
        if known is not None and known[0] == key:
            return known[1], known[2]
        data = path.read_bytes()[: MAX_TURN_FILE_BYTES + 1]
        found = NAME.search(path.name)
        turn: TurnFile | str | None
        if found is None:
            turn = say("pbem_watch.file_problem", file=path.name, problem=say("pbem_watch.no_checksum"))
        elif file_hash(data)[:8] != found[1]:
            turn = None
        else:
            try:
                turn = parse(data, path.name)
            except PbemError as err:
                turn = str(err)
        self.read[path.name] = (key, turn, data)
        return turn, data


def _judge(path: Path, turn: TurnFile, data: bytes, heads: dict[str, _Head]) -> Arrival | None:
    """What a complete turn file is for this player (None: already played here, nothing to say)."""
    head = heads.get(turn.game_id)
    game = turn.game_id[:8]
    if head is None and turn.number == 0:
        try:
            name = game_def_for(turn.scenario_id).scenario.name
        except PbemError as err:
            return Arrival(path, Seen.IGNORED, say("pbem_watch.file_problem", file=path.name, problem=err))
        return Arrival(path, Seen.READY, say("pbem_watch.invitation", scenario=name, game=game,
                                             side=SIDE_NAMES[other(turn.side)]))
    if head is None:
        return Arrival(path, Seen.IGNORED, say("pbem_watch.not_your_game", file=path.name, game=game))
    if turn.number < head.next_number:
        stored = head.folder / "files" / f"{turn.number:04d}{SUFFIX}"
        if stored.is_file() and file_hash(stored.read_bytes()) == file_hash(data):
            return None
        return Arrival(path, Seen.IGNORED, say("pbem_watch.already_played", file=path.name, number=turn.number,
                                               game=game))
    if turn.number > head.next_number:
        return Arrival(path, Seen.IGNORED, say("pbem_watch.missing_before", file=path.name,
                                               missing=head.next_number, game=game))
    if turn.side is not head.sender:
        return Arrival(path, Seen.IGNORED, say("pbem_watch.wrong_sender", file=path.name, game=game,
                                               next=SIDE_ADJECTIVES[head.sender], side=SIDE_ADJECTIVES[turn.side]))
    return Arrival(path, Seen.READY, say("pbem_watch.arrived", side=SIDE_ADJECTIVES[turn.side], turn=turn.turn,
                                         game=game))


def scan(folder: Path, data: Path, cache: _Cache | None = None) -> list[Arrival]:
    """What the watched ``folder`` holds for the player of ``data``: files ready to open first, then the rest."""
    cache = cache or _Cache()
    heads = _heads(data)
    found: list[Arrival] = []
    try:
        entries = sorted((e for e in os.scandir(folder) if e.name.endswith(SUFFIX) and e.is_file()),
                         key=lambda e: e.name)
    except OSError as err:
        return [Arrival(folder, Seen.IGNORED, say("pbem_watch.unreadable_folder", folder=folder,
                                                  reason=err.strerror or err))]
    for entry in entries:
        path = Path(entry.path)
        try:
            turn, data_bytes = cache.turn(path, entry.stat())
        except OSError:
            turn, data_bytes = None, b""  # gone or locked while being written: looked at again next time
        if turn is None:
            found.append(Arrival(path, Seen.ARRIVING, say("pbem_watch.arriving", file=path.name)))
        elif isinstance(turn, str):
            found.append(Arrival(path, Seen.IGNORED, turn))
        elif (judged := _judge(path, turn, data_bytes, heads)) is not None:
            found.append(judged)
    return sorted(found, key=lambda a: a.seen is not Seen.READY)


class FolderWatch:
    """A folder looked into every ``interval`` seconds on a thread of its own, while a page asks what it found."""

    def __init__(self, data: Path, folder: Path, interval: float = POLL_S) -> None:
        self.data, self.folder, self.interval = data, folder, interval
        self.scanned = threading.Event()
        """Set after each look (a test waits on it instead of sleeping)."""
        self._lock = threading.Lock()
        self._found: list[Arrival] = []
        self._asked = 0.0
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._cache = _Cache()
        self._refused: dict[Path, str] = {}

    def found(self) -> list[Arrival]:
        """What the last look found; asking keeps the watch running (it stops when nobody asks for a while)."""
        with self._lock:
            self._asked = time.monotonic()
            if self._thread is None and not self._stop.is_set():
                self._thread = threading.Thread(target=self._run, name="pbem-folder-watch", daemon=True)
                self._thread.start()
            return [Arrival(a.path, Seen.IGNORED, self._refused[a.path]) if a.path in self._refused else a
                    for a in self._found]

    def refused(self, path: Path, reason: str) -> None:
        """``path`` was opened and refused: from now on it is listed with ``reason``, not offered again."""
        with self._lock:
            self._refused[path] = reason

    def forget(self, path: Path) -> None:
        """Drop ``path`` from what was found (it was just opened) until the next look."""
        with self._lock:
            self._found = [a for a in self._found if a.path != path]

    def stop(self) -> None:
        """Stop looking (the thread ends at its next wake-up)."""
        self._stop.set()

    def _run(self) -> None:
        """Look, then wait; end when stopped or when nobody asked for :data:`IDLE_STOP_S`."""
        while not self._stop.is_set():
            found = scan(self.folder, self.data, self._cache)
            with self._lock:
                self._found = found
                if time.monotonic() - self._asked > IDLE_STOP_S:
                    self._thread = None
                    return
            self.scanned.set()
            self._stop.wait(self.interval)
