"""The shared or synced folder a player's games send their files to and watch (:mod:`.watch`), one per data folder."""

from __future__ import annotations

import json
from pathlib import Path

from malaya.persistence.atomic import atomic_write
from malaya.session.words.catalog import say

SETTING = "pbem-folder.json"
"""Where a data folder keeps the folder it watches."""


def watched_folder(data: Path) -> Path | None:
    """The folder this data folder watches, if the player chose one."""
    try:
        chosen = json.loads((data / SETTING).read_text(encoding="utf-8")).get("folder")
    except (OSError, ValueError, AttributeError):
        return None
    return Path(chosen) if isinstance(chosen, str) and chosen else None


def set_watched_folder(data: Path, folder: Path | None) -> str | None:
    """Watch ``folder`` (None: none); why it cannot be, in plain words, or None."""
    if folder is not None and not folder.is_dir():
        return say("pbem_folder.not_a_folder", folder=folder)
    text = json.dumps({"folder": str(folder.resolve()) if folder is not None else None})
    atomic_write(data / SETTING, text.encode("utf-8"), backup=False)
    return None


def outbox_for(game_folder: Path) -> Path:
    """Where a game writes the files to send: the watched folder if the player chose one, else its ``outbox/``."""
    return watched_folder(game_folder.parent.parent) or game_folder / "outbox"
