"""Save slots on disk: where they live, saving (atomic, with a backup) and loading (read-only, checked).

Slots are ``NAME.json`` files in :func:`saves_dir` (the user's data directory, or
``$MALAYA_DATA_DIR/saves``); the previous version of a slot is kept as ``NAME.bak.json``.
Loading reads the file and nothing else: a bad file gives a one-line :class:`SaveError`
and leaves the disk untouched.
"""

from __future__ import annotations

import datetime
import hashlib
import os
import re
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from malaya.engine import Phase, Side
from malaya.persistence.atomic import atomic_write, is_temp, sweep_stale_temps
from malaya.persistence.data_folder import data_dir
from malaya.persistence.errors import SaveError, printable
from malaya.persistence.format import SaveFile, dump_save
from malaya.persistence.reading import read_header
from malaya.persistence.record import GameRecord
from malaya.session.match import Match
from malaya.session.words.catalog import say

ANALYSIS_SUFFIX = ".analysis"
"""``NAME.analysis.json`` beside a save is its analysis (issue 29), never listed as a slot."""
_RESERVED = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)), *(f"lpt{i}" for i in range(10))}


def saves_dir() -> Path:
    """The folder of named save slots."""
    return data_dir() / "saves"


def _slug(name: str) -> str:
    """The ASCII letters, digits, ``-`` and ``_`` of a name, lower case, other runs as ``-``."""
    return re.sub(r"[^a-z0-9_-]+", "-", name.lower()).strip("-")[:60]


def _stem(name: str) -> str:
    """The file stem for ``name``: its slug, plus a short hash of the name if letters were dropped."""
    stem = _slug(name)
    if not name.isascii() or not stem:  # "マレー作戦" and "シンガポール" must not share one file
        digest = hashlib.sha256(name.encode("utf-8", "surrogatepass")).hexdigest()[:10]
        stem = f"{stem}-{digest}" if stem else f"save-{digest}"
    if stem in _RESERVED or stem.endswith("-bak"):
        stem = f"save-{stem}"
    return stem


def _holds_other_name(path: Path, name: str) -> bool:
    """True if ``path`` exists and is not a readable save called ``name``."""
    if not os.path.lexists(path):
        return False
    try:
        return read_header(path).name != printable(name[:200])  # names are read back printable
    except SaveError:
        return True


def slot_path(name: str, folder: str | Path | None = None) -> Path:
    """The file of the slot called ``name``: a safe file name derived from it, never another name's."""
    folder = Path(folder) if folder is not None else saves_dir()
    stem = _stem(name)
    path = folder / f"{stem}.json"
    number = 2
    while _holds_other_name(path, name) and number < 1000:  # "Save 1" and "save-1" keep their own files
        path, number = folder / f"{stem}-{number}.json", number + 1
    return path


def write_save(save: SaveFile, path: Path, *, backup: bool = True, pretty: bool = False) -> Path:
    """Write a save atomically (the previous file kept as ``NAME.bak.json`` if ``backup``)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    sweep_stale_temps(path.parent)
    atomic_write(path, dump_save(save, pretty=pretty), backup=backup)
    return path


def save_match(match: Match, name: str, controllers: Mapping[Side, str] | None = None, *,
               options: Iterable[str] | None = (), folder: Path | None = None) -> Path:
    """Save a match to the slot ``name`` (replays it once to take checkpoints; GameRecord avoids that)."""
    return save_record(GameRecord.of(match, options, controllers), name, folder)


def save_record(record: GameRecord, name: str, folder: str | Path | None = None) -> Path:
    """Save a recorded game to the slot ``name``; the slot's path."""
    return write_save(record.to_save(name), slot_path(name, folder))


@dataclass(frozen=True, slots=True)
class SlotInfo:
    """One line of the slot list."""

    name: str
    path: Path
    scenario: str
    turn: int
    side: Side
    phase: Phase
    date: str
    finished: bool = False
    seed: int | None = None
    """The game's seed (None if the header did not say)."""
    controllers: tuple[tuple[Side, str], ...] = ()
    """Who plays each side: 'human', 'random' or 'ai:<level>'."""

    def controller(self, side: Side) -> str | None:
        """Who plays ``side`` in this game, if the header said."""
        return dict(self.controllers).get(side)


@dataclass
class SlotListing:
    """Readable slots (newest first) and the files that could not be read, with why."""

    slots: list[SlotInfo] = field(default_factory=list)
    unreadable: list[tuple[Path, str]] = field(default_factory=list)


def slot_info(path: Path) -> SlotInfo:
    """The slot-list line of a save file (its header only; the log is neither read nor replayed).

    Names and dates are made printable: a file must not be able to drive the terminal.
    """
    header = read_header(path)
    return SlotInfo(printable(header.name), path, header.scenario_id, header.turn, header.side, header.phase,
                    printable(header.saved_at), header.finished, header.seed, tuple(header.controllers.items()))


def shown_time(text: str) -> str:
    """A save's ISO time as the player reads it: local ``YYYY-MM-DD HH:MM:SS`` (no microseconds, no zone)."""
    try:
        when = datetime.datetime.fromisoformat(text)
    except ValueError:
        return printable(text[:19])
    if when.tzinfo is not None:
        when = when.astimezone()
    return when.strftime("%Y-%m-%d %H:%M:%S")


def _mtime_ns(path: Path) -> int:
    """The file's modification time in ns (0 if it vanished)."""
    try:
        return path.stat().st_mtime_ns
    except OSError:
        return 0


def _newest_first(info: SlotInfo) -> tuple[float, int, str]:
    """Sort key: the save date (the file time if unparsable), then the file time, then the file name."""
    try:
        when = datetime.datetime.fromisoformat(info.date)
        if when.tzinfo is None:
            when = when.replace(tzinfo=datetime.UTC)
        stamp = when.timestamp()
    except ValueError:
        stamp = _mtime_ns(info.path) / 1e9
    return (-stamp, -_mtime_ns(info.path), info.path.name)


def list_slots(folder: Path | None = None, *, backups: bool = False) -> SlotListing:
    """Every save in ``folder`` (default: the slots folder), newest first; unreadable ones reported.

    Each slot costs one header read (never the log); a pipe, device or folder named ``*.json``
    is reported as unreadable without being opened.
    """
    folder = folder or saves_dir()
    listing = SlotListing()
    if not folder.is_dir():
        return listing
    for path in sorted(folder.glob("*.json")):
        time.sleep(0)  # let the window's thread have the GIL between two slots (the listing runs beside it)
        if is_temp(path) or path.stem.endswith(ANALYSIS_SUFFIX) or (path.stem.endswith(".bak") and not backups):
            continue
        try:
            listing.slots.append(slot_info(path))
        except SaveError as err:
            listing.unreadable.append((path, printable(err)))
    listing.slots.sort(key=_newest_first)
    return listing


def delete_slot(path: Path) -> None:
    """Delete a save file and its backup (``NAME.bak.json``); one-line SaveError if it cannot be."""
    for victim in (path, path.with_name(f"{path.stem}.bak.json")):
        try:
            victim.unlink()
        except FileNotFoundError:
            continue
        except OSError as err:
            raise SaveError(say("save_store.cannot_delete", file=victim.name, reason=err.strerror or err)) from None
