"""A save reader's worker process ends with the window's process, even one killed without closing it."""

from __future__ import annotations

import os
import select
import subprocess
import sys
from pathlib import Path

import pytest

WINDOW = """
import os
import select
from malaya.content.campaign import load_game_def
from malaya.persistence.reader_process import SaveReader, ready
from malaya.resources import scenario_file

if __name__ == "__main__":
    reader = SaveReader(load_game_def(scenario_file("jitra")))
    assert reader._executor().submit(ready).result(timeout=120)
    print(" ".join(str(pid) for pid in reader._executor()._processes), flush=True)
    os._exit(1)  # dies without shutting the reader down, as a killed or crashed window does
"""


def _ends_within(pid: int, seconds: float) -> bool:
    """True once process ``pid`` has ended (waits on its exit, no polling), False if it still runs after ``seconds``."""
    try:
        handle = os.pidfd_open(pid)
    except ProcessLookupError:
        return True
    try:
        ready, _, _ = select.select([handle], [], [], seconds)
        return bool(ready)
    finally:
        os.close(handle)


@pytest.mark.slow
def test_the_reader_worker_ends_when_the_window_process_dies_without_closing_it(tmp_path: Path) -> None:
    # given a window process whose save reader has started its worker
    script = tmp_path / "window.py"
    script.write_text(WINDOW)
    root = Path(__file__).parents[2]
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=300, cwd=root,
                          env=os.environ | {"PYTHONPATH": str(root)})
    workers = [int(pid) for pid in done.stdout.split()]
    assert workers, done.stderr
    # when that process has died (without closing the reader); then the worker ends too, within two minutes
    assert all(_ends_within(pid, 120) for pid in workers)
