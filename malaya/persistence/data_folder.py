"""The per-user data folder: saves, autosaves and the player's own scenarios live under it."""

from __future__ import annotations

import os
from pathlib import Path

ENV_VAR = "MALAYA_DATA_DIR"


def data_dir() -> Path:
    """The user's malaya data folder ($MALAYA_DATA_DIR, else the platform's user data directory)."""
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser()
    from platformdirs import user_data_path

    return user_data_path("malaya", appauthor=False)
