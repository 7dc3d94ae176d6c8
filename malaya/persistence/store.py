"""Save slots on disk: where they live, saving (atomic, with a backup) and loading (read-only, checked).

Slots are ``NAME.json`` files in :func:`saves_dir` (the user's data directory, or
``$MALAYA_DATA_DIR/saves``); the previous version of a slot is kept as ``NAME.bak.json``.
Loading reads the file and nothing else: a bad file gives a one-line :class:`SaveError`
and leaves the disk untouched.
"""

from __future__ import annotations

import datetime
import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import Field

from malaya.engine.sides import Side
from malaya.engine.state import Phase
from malaya.persistence.atomic import atomic_write, is_temp, sweep_stale_temps
from malaya.persistence.errors import SaveError
from malaya.persistence.format import (
    MAX_SAVE_BYTES,
    SaveFile,
    SaveSummary,
    dump_save,
    read_json,
    validate_raw,
)
from malaya.persistence.record import GameRecord
from malaya.session.match import Match

ENV_VAR = "MALAYA_DATA_DIR"
_RESERVED = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)), *(f"lpt{i}" for i in range(10))}


def data_dir() -> Path:
    """The user's malaya data folder ($MALAYA_DATA_DIR, else the platform's user data directory)."""
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser()
    from platformdirs import user_data_path

    return user_data_path("malaya", appauthor=False)


def saves_dir() -> Path:
    """The folder of named save slots."""
    return data_dir() / "saves"


def slot_path(name: str, folder: str | Path | None = None) -> Path:
    """The file of the slot called ``name`` (a safe file name derived from it)."""
    stem = re.sub(r"[^a-z0-9_-]+", "-", name.lower()).strip("-")[:60] or "save"
    if stem in _RESERVED or stem.endswith("-bak"):
        stem = f"save-{stem}"
    return (Path(folder) if folder is not None else saves_dir()) / f"{stem}.json"


def read_bytes(path: str | Path) -> bytes:
    """The bytes of a save file, refusing huge ones unread; one-line SaveError on I/O problems."""
    path = Path(path)
    try:
        with path.open("rb") as fh:
            if os.fstat(fh.fileno()).st_size > MAX_SAVE_BYTES:
                raise SaveError(f"{path.name}: the file is too large to be a save "
                                f"(the limit is {MAX_SAVE_BYTES // 2**20} MiB)")
            return fh.read(MAX_SAVE_BYTES + 1)
    except FileNotFoundError:
        raise SaveError(f"{path}: file not found") from None
    except OSError as err:
        raise SaveError(f"{path.name}: cannot read the file: {err.strerror or err}") from None


def read_save(path: str | Path) -> SaveFile:
    """Read and validate (not replay) a save file."""
    path = Path(path)
    save = validate_raw(read_json(read_bytes(path), path.name), path.name, SaveFile)
    assert isinstance(save, SaveFile)
    return save


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


class SlotSummary(SaveSummary):
    """The header keys the slot list shows besides the summary: the seed and who plays each side."""

    seed: int | None = Field(default=None, ge=0, lt=2**63)
    controllers: dict[Side, str] = Field(default_factory=dict, max_length=2)


@dataclass
class SlotListing:
    """Readable slots (newest first) and the files that could not be read, with why."""

    slots: list[SlotInfo] = field(default_factory=list)
    unreadable: list[tuple[Path, str]] = field(default_factory=list)


def slot_info(path: Path) -> SlotInfo:
    """The slot-list line of a save file (header only; the log is not replayed)."""
    summary = validate_raw(read_json(read_bytes(path), path.name), path.name, SlotSummary)
    assert isinstance(summary, SlotSummary)
    return SlotInfo(summary.name, path, summary.scenario_id, summary.turn, summary.side, summary.phase,
                    summary.saved_at, summary.finished, summary.seed, tuple(summary.controllers.items()))


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
    """Every save in ``folder`` (default: the slots folder), newest first; unreadable ones reported."""
    folder = folder or saves_dir()
    listing = SlotListing()
    if not folder.is_dir():
        return listing
    for path in sorted(folder.glob("*.json")):
        if is_temp(path) or (path.stem.endswith(".bak") and not backups):
            continue
        try:
            listing.slots.append(slot_info(path))
        except SaveError as err:
            listing.unreadable.append((path, str(err)))
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
            raise SaveError(f"{victim.name}: cannot delete: {err.strerror or err}") from None
