"""Helpers shared by the tests that run the game on a real X display (Xvfb) with real input (xdotool)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest


def free_display(first: int, last: int) -> int:
    """A display number in ``first..last-1`` with no X server socket or lock (skips the test if none)."""
    for n in range(first, last):
        if not Path(f"/tmp/.X11-unix/X{n}").exists() and not Path(f"/tmp/.X{n}-lock").exists():
            return n
    pytest.skip("no free X display number")


def wait_for(predicate: Callable[[], bool], timeout: float, what: str) -> None:
    """Poll until ``predicate()`` is true, or fail naming ``what``."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


NO_KEY_REPEAT = ("-r", "-ardelay", "60000")
"""Xvfb options: no key auto-repeat. A loaded machine can starve xdotool between a key's press and release; the
server would then repeat the key (a second Enter, a second E) as if a person had held it down."""
