"""Where the player was looking when a game was saved, so a loaded game opens there (issue 26 §9).

The camera is not part of the game, so it is not in the save: ``saves/autosave/views`` maps each
save file (by its name inside the saves folder) to the hex at the centre of the map and the zoom when it
was written. It is read value by value (a damaged entry is simply not used) and written atomically; it
keeps the newest :data:`KEEP` files.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path

from malaya.engine import Hex
from malaya.persistence.atomic import atomic_write
from malaya.persistence.autosave import autosave_dir
from malaya.persistence.small_files import FileProblem, parse_json, read_small
from malaya.persistence.store import saves_dir

FILE = "views"
"""No ``.json`` suffix: the autosave folder's ``*.json`` files are all saves (the lists read them)."""
KEEP = 200
VIEWS_BYTES = 64 * 1024


@dataclass(frozen=True)
class View:
    """The hex at the centre of the map and the zoom."""

    centre: Hex
    zoom: float


def _key(path: Path, folder: Path | None) -> str | None:
    """The save's name inside the saves folder (None: a file elsewhere, whose view is not kept)."""
    try:
        return str(path.resolve().relative_to((folder or saves_dir()).resolve()))
    except (ValueError, OSError):
        return None


def _read(folder: Path | None) -> dict[str, list[float]]:
    """Every stored view that is well formed (a damaged file or entry is left out)."""
    try:
        raw = parse_json(read_small(autosave_dir(folder) / FILE, VIEWS_BYTES))
    except (FileNotFoundError, FileProblem, OSError):
        return {}
    if not isinstance(raw, dict):
        return {}
    return {k: v for k, v in raw.items() if isinstance(k, str) and _well_formed(v)}


def _well_formed(value: object) -> bool:
    """``[q, r, zoom]``: two small integers and a finite positive zoom."""
    return (isinstance(value, list) and len(value) == 3 and all(type(v) is int and abs(v) < 10_000 for v in value[:2])
            and type(value[2]) in (int, float) and math.isfinite(value[2]) and 0 < value[2] < 100)


def remember_view(path: Path, view: View, folder: Path | None = None) -> None:
    """Note the view the game written to ``path`` was seen from."""
    key = _key(path, folder)
    if key is None:
        return
    views = _read(folder)
    views.pop(key, None)
    views[key] = [view.centre.q, view.centre.r, view.zoom]
    kept = dict(list(views.items())[-KEEP:])
    atomic_write(autosave_dir(folder) / FILE, json.dumps(kept).encode(), backup=False)


def recall_view(path: Path, folder: Path | None = None) -> View | None:
    """The view the game in ``path`` was last seen from, if noted."""
    key = _key(path, folder)
    found = _read(folder).get(key) if key is not None else None
    if found is None:
        return None
    return View(Hex(int(found[0]), int(found[1])), float(found[2]))
