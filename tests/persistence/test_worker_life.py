"""A save reader's worker process ends with the window's process, even one killed without closing it."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

WINDOW = """
import os
from malaya.content.campaign import load_game_def
from malaya.persistence.reader_process import SaveReader, ready
from malaya.resources import scenario_file

if __name__ == "__main__":
    reader = SaveReader(load_game_def(scenario_file("jitra")))
    assert reader._executor().submit(ready).result(timeout=120)
    print(" ".join(str(pid) for pid in reader._executor()._processes), flush=True)
    os._exit(1)  # dies without shutting the reader down, as a killed or crashed window does
"""


def _alive(pid: int) -> bool:
    stat = Path(f"/proc/{pid}/stat")
    return stat.exists() and stat.read_text().split()[2] != "Z"


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
    deadline = time.monotonic() + 120
    while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not any(_alive(pid) for pid in workers)
