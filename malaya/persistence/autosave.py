"""Autosaves: one at the start of every player-turn (the last N kept), one on quit, and crash detection.

Files live in ``saves/autosave/``: ``auto-000042.json`` (numbered, oldest deleted beyond
``keep``) and ``quit.json``. A ``session.running`` marker exists while a game window is open;
if it is still there at the next start, the last session crashed and the menu offers
:func:`last_autosave` to resume.
"""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass
from pathlib import Path

from malaya.persistence.atomic import atomic_write, sweep_stale_temps
from malaya.persistence.record import GameRecord
from malaya.persistence.store import SlotInfo, list_slots, saves_dir, write_save

DEFAULT_KEEP = 10
QUIT_FILE = "quit.json"
MARKER = "session.running"
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
    _saved_at_index: int = -1

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
        name = f"Autosave turn {state.turn} {state.side.value}"
        path = write_save(record.to_save(name), self.directory / f"auto-{number:06d}.json", backup=False)
        for _, old in existing[: max(0, len(existing) + 1 - self.keep)]:
            with contextlib.suppress(OSError):
                old.unlink()
        return path

    def on_quit(self, record: GameRecord) -> Path:
        """Write the quit autosave (the previous one kept as its backup)."""
        return write_save(record.to_save("Autosave on quit"), self.directory / QUIT_FILE)


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
    """The autosave to offer after a crash, or None if the last session ended cleanly."""
    return last_autosave(folder) if crashed_last_session(folder) else None
