"""The shared folder the Play by e-mail page and the main menu watch for turn files, one watch per data folder."""

from __future__ import annotations

from pathlib import Path

from malaya.persistence.pbem.shared_folder import set_watched_folder, watched_folder
from malaya.persistence.pbem.watch import FolderWatch

_CHOSEN: dict[Path, Path | None] = {}
_WATCHES: dict[Path, FolderWatch] = {}


def shared_watch(data: Path) -> FolderWatch | None:
    """The watch of the folder ``data``'s player chose (the same one for every screen), or None if none."""
    if data not in _CHOSEN:
        _CHOSEN[data] = watched_folder(data)
    folder = _CHOSEN[data]
    if folder is None:
        return None
    watch = _WATCHES.get(data)
    if watch is None or watch.folder != folder:
        watch = _WATCHES[data] = FolderWatch(data, folder)
    return watch


def choose_folder(data: Path, typed: str) -> str | None:
    """Watch the folder typed (empty: none) from now on; why it cannot be, or None."""
    problem = set_watched_folder(data, Path(typed).expanduser() if typed else None)
    if problem is not None:
        return problem
    old = _WATCHES.pop(data, None)
    if old is not None:
        old.stop()
    _CHOSEN[data] = watched_folder(data)
    return None
