"""Helpers shared by the tests that run the game on a real X display (Xvfb) with real input (xdotool)."""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import pytest


def free_display(first: int, last: int) -> int:
    """A display number in ``first..last-1`` with no X server socket or lock (skips the test if none); with the tests
    spread over processes (pytest-xdist), each process looks only at its own share, so two never start one."""
    worker = int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw"))
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    for n in range(first + worker, last, workers):
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


def start_xvfb(size: str, first: int, last: int) -> tuple[str, subprocess.Popen[bytes]]:
    """An Xvfb display of ``size`` (``1366x768``) on a free number in ``first..last-1``, without key repeat, once
    its socket is there: the display name and the server's process."""
    n = free_display(first, last)
    xvfb = subprocess.Popen(["Xvfb", f":{n}", "-screen", "0", f"{size}x24", "-nolisten", "tcp", *NO_KEY_REPEAT],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for(lambda: Path(f"/tmp/.X11-unix/X{n}").exists(), 60, "Xvfb")
    except AssertionError:
        xvfb.terminate()
        raise
    return f":{n}", xvfb
