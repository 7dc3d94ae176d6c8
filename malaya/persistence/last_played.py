"""The game the player last played, tracked explicitly for the menu's Continue (issue 27 §8, issue 26 §9).

Every time a game being played is written — an autosave, the quit autosave, a save the player names, the
save of a finished game — :func:`note_played` records that file, and whether the game is over, in
``saves/autosave/last-played`` (written atomically). Continue offers :func:`last_played`: that file, if it
is still a readable save of a game not yet over. Nothing is inferred from dates or file times, so a save
dated in the future (or a file touched by another program) never takes Continue over, and a finished game
is never offered to be played on.
"""

from __future__ import annotations

import json
from pathlib import Path

from malaya.persistence.atomic import atomic_write
from malaya.persistence.autosave import autosave_dir
from malaya.persistence.errors import SaveError
from malaya.persistence.reading import read_start
from malaya.persistence.store import SlotInfo, saves_dir, slot_info

MARK = "last-played"
MARK_BYTES = 4096
"""The marker is a few dozen bytes; a larger file is not ours and is ignored."""


def _mark_path(folder: Path | None) -> Path:
    """Where the marker lives (next to the session marker, in the autosave folder)."""
    return autosave_dir(folder) / MARK


def note_played(path: Path, finished: bool, folder: Path | None = None) -> None:
    """Record ``path`` as the game last played (``finished``: that game is over, nothing to continue)."""
    home = folder or saves_dir()
    try:
        where = str(path.resolve().relative_to(home.resolve()))
    except ValueError:  # a file outside the saves folder: a game played from elsewhere is not continued
        where = ""
    text = json.dumps({"file": where, "finished": finished})
    atomic_write(_mark_path(folder), text.encode(), backup=False)


def last_played(folder: Path | None = None) -> SlotInfo | None:
    """The save of the game last played, if that game is not over and its file still reads; else None."""
    home = folder or saves_dir()
    try:
        data, _ = read_start(_mark_path(folder), MARK_BYTES + 1)
        mark = json.loads(data) if len(data) <= MARK_BYTES else None
    except (SaveError, ValueError, RecursionError):
        return None
    if not isinstance(mark, dict) or mark.get("finished") is not False or not isinstance(mark.get("file"), str):
        return None
    where = Path(mark["file"])
    if not where.parts or where.is_absolute() or ".." in where.parts:
        return None
    try:
        slot = slot_info(home / where)
    except SaveError:
        return None
    return None if slot.finished else slot
