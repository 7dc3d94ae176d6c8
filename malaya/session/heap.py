"""Keep the garbage collector's full passes off the long-lived game data."""

from __future__ import annotations

import gc


def freeze_long_lived() -> None:
    """Collect once, then move every object alive now (the game definition and its tables) out of
    the collector's reach (``gc.freeze``): its full passes no longer walk them, so a frame or an
    AI turn no longer stalls 20-30 ms when one runs."""
    gc.collect()
    gc.freeze()
