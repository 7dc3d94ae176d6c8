"""Autosaves: one at the start of every player-turn (the last N kept), one on quit, and crash detection.

Files live in ``saves/autosave/``: ``auto-000042.json`` (numbered, oldest deleted beyond
``keep``) and one ``quit-<seed>-<n>.json`` per game left (Menu, Load, quit): leaving a game
never overwrites another game's quit autosave — leaving the same game again (its log extends
the saved one, which is at least as long as the log was when this session opened the game)
rewrites its own file. A ``session.running`` marker exists while a game window
is open; if it is still there at the next start, the last session crashed and the menu offers
:func:`resume_candidate` (the newest autosave of a game not yet over) to resume.
"""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass
from pathlib import Path

from malaya.persistence.atomic import atomic_write, sweep_stale_temps
from malaya.persistence.errors import SaveError
from malaya.persistence.reading import read_save
from malaya.persistence.record import GameRecord
from malaya.persistence.store import SlotInfo, list_slots, saves_dir, write_save
from malaya.session.words.catalog import say

DEFAULT_KEEP = 10
QUIT_PREFIX = "quit-"
QUIT_KEEP = 10
"""Quit autosaves of this many games are kept (the oldest deleted beyond)."""
MARKER = "session.running"
LESSON_PREFIX = "Lesson "
"""How the saves of a lesson's game are named (its slot when left, its autosaves)."""
_NUMBERED = re.compile(r"^auto-(\d{6})\.json$")


def autosave_dir(folder: Path | None = None) -> Path:
    """The autosave folder (inside ``folder``, default the slots folder)."""
    return (folder or saves_dir()) / "autosave"


def _numbered(folder: Path) -> list[tuple[int, Path]]:
    """The numbered autosaves in ``folder``, oldest first."""
    found = [(int(m[1]), p) for p in folder.glob("auto-*.json") if (m := _NUMBERED.match(p.name))]
    return sorted(found)


@dataclass
class Autosaver:
    """Writes autosaves for one session; call :meth:`after_action` after every action."""

    folder: Path | None = None
    keep: int = DEFAULT_KEEP
    opened_at: int = 0
    """How many actions the game's log held when this session opened it (a loaded game's quit file is found again)."""
    lesson: str | None = None
    """The title of the lesson this game is (its autosaves are named for it, so the lists can mark them)."""
    _saved_at_index: int = -1

    def _named(self, key: str, lesson_key: str, **values: object) -> str:
        """An autosave's name: the sentence ``key``, or ``lesson_key`` (``Lesson <title>: …``) for a lesson's game."""
        return say(key, **values) if self.lesson is None else say(lesson_key, lesson=self.lesson, **values)

    @property
    def directory(self) -> Path:
        """Where this autosaver writes."""
        return autosave_dir(self.folder)

    def after_action(self, record: GameRecord) -> Path | None:
        """Autosave if a player-turn has just begun (once per player-turn); the file written, if any."""
        index = len(record.match.log)
        if index == self._saved_at_index or not record.at_player_turn_start():
            return None
        self._saved_at_index = index
        return self.save_numbered(record)

    def save_numbered(self, record: GameRecord) -> Path:
        """Write the next numbered autosave and delete the oldest beyond ``keep``."""
        existing = _numbered(self.directory)
        number = existing[-1][0] + 1 if existing else 1
        state = record.match.state
        name = self._named("autosave.turn", "autosave.lesson_turn", turn=state.turn, side=state.side.value)
        path = write_save(record.to_save(name), self.directory / f"auto-{number:06d}.json", backup=False)
        for _, old in existing[: max(0, len(existing) + 1 - self.keep)]:
            with contextlib.suppress(OSError):
                old.unlink()
        return path

    def on_quit(self, record: GameRecord) -> Path:
        """Write this game's own quit autosave (its previous one kept as a backup); other games' stay."""
        path = quit_file_for(record, self.directory, self.opened_at)
        state = record.match.state
        name = self._named("autosave.on_quit", "autosave.lesson_on_quit", turn=state.turn, side=state.side.value,
                           seed=record.match.seed)
        write_save(record.to_save(name), path)
        for old in _quit_files(self.directory)[QUIT_KEEP:]:
            with contextlib.suppress(OSError):
                old.unlink()
        return path


def _quit_files(folder: Path) -> list[Path]:
    """The quit autosaves in ``folder`` (no backups), newest first."""
    found = [p for p in folder.glob(f"{QUIT_PREFIX}*.json") if not p.stem.endswith(".bak")]
    return sorted(found, key=lambda p: (-p.stat().st_mtime_ns, p.name))


def _same_game(path: Path, record: GameRecord, opened_at: int) -> bool:
    """True if the save at ``path`` is this game left earlier: same seed and options, its log a prefix of this
    one's and no shorter than ``opened_at`` (so a game branched from a replay is not its source game)."""
    try:
        save = read_save(path)
    except SaveError:
        return False
    log, n = record.match.log, len(save.actions)
    return (save.seed == record.match.seed and save.options == record.options
            and opened_at <= n <= len(log) and tuple(log[:n]) == save.actions)


def quit_file_for(record: GameRecord, folder: Path, opened_at: int = 0) -> Path:
    """The quit autosave file of this game: its earlier one if it was left before, else a new file."""
    stem = f"{QUIT_PREFIX}{record.match.seed}-"
    existing = _quit_files(folder) if folder.is_dir() else []
    for path in existing:  # only files named for this seed are read
        if path.name.startswith(stem) and _same_game(path, record, opened_at):
            return path
    n = 1
    while (folder / f"{stem}{n}.json").exists():
        n += 1
    return folder / f"{stem}{n}.json"


def last_autosave(folder: Path | None = None) -> SlotInfo | None:
    """The newest readable autosave (numbered or quit), or None."""
    slots = list_slots(autosave_dir(folder)).slots
    return slots[0] if slots else None


def sweep_interrupted_saves(folder: Path | None = None) -> None:
    """Delete the temporary files of saves a killed program left in the slots and autosave folders."""
    for place in (folder or saves_dir(), autosave_dir(folder)):
        if place.is_dir():
            sweep_stale_temps(place)


def mark_session_started(folder: Path | None = None) -> None:
    """Note that a game session is running (removed by :func:`mark_session_ended`); sweep interrupted saves."""
    sweep_interrupted_saves(folder)
    atomic_write(autosave_dir(folder) / MARKER, b"running\n", backup=False)


def mark_session_ended(folder: Path | None = None) -> None:
    """Note that the session ended cleanly."""
    with contextlib.suppress(FileNotFoundError):
        (autosave_dir(folder) / MARKER).unlink()


def crashed_last_session(folder: Path | None = None) -> bool:
    """True if the previous session never ended cleanly (the menu should offer to resume)."""
    return (autosave_dir(folder) / MARKER).exists()


def resume_candidate(folder: Path | None = None) -> SlotInfo | None:
    """The newest autosave of a game not yet over, offered after a crash; None if the last session ended cleanly."""
    if not crashed_last_session(folder):
        return None
    return next((s for s in list_slots(autosave_dir(folder)).slots if not s.finished), None)
