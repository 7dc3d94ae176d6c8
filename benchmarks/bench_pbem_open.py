"""Opening a late-campaign play-by-e-mail turn file (issue 30): from the player's own checked record, and in full.

Run: ``python benchmarks/bench_pbem_open.py``. The computer plays the whole campaign (easy against easy)
through two data folders (about a minute; kept in ``$TMPDIR/malaya-bench-pbem`` for the next run). Then
the receiver of a file near the end opens it (``games.receive``: read, check it through the rules, keep
it, and write the answer when none needs a choice), from a copy of its data folder as it stood:

- *with the record*: the folder holds the player's own record of the chain checked so far
  (``persistence/pbem/checked.py``), as it does after the player's last file was written;
- *full re-check, as before*: no record is used, so the whole chain is replayed from its first file, and
  again to check the answer written at once (what every opening did before the record existed).

Prints min/median/max wall time per opening (the first run of each kind after a warm-up opening, so the
scenario is loaded once for the process). Target with the record: ≤ 0.5 s.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

RUNS = 5
CACHE = Path(tempfile.gettempdir()) / "malaya-bench-pbem"
FROM_END = 3
"""Which file is opened: the one this many before the last."""


def line(label: str, values: list[float], target: str) -> None:
    """Print min/median/max of ``values`` (ms)."""
    print(f"{label:<44} min {min(values):7.1f}  median {statistics.median(values):7.1f}  "
          f"max {max(values):7.1f} ms  [target {target}]", flush=True)


def campaign() -> dict[str, Path]:
    """The two players' data folders of a finished campaign played through files (made once, then kept)."""
    from malaya.engine.sides import Side
    from malaya.persistence.pbem.autoplay import play_by_files
    from malaya.session.controllers import make_controller

    data = {"CW": CACHE / "cw", "JP": CACHE / "jp"}
    if not (CACHE / "done").is_file():
        shutil.rmtree(CACHE, ignore_errors=True)
        print("Playing the campaign through files once (easy vs easy)...", flush=True)
        controllers = {side: make_controller("ai:easy", side, 7 + i) for i, side in enumerate(Side)}
        play_by_files({Side(k): v for k, v in data.items()}, controllers, "malaya1941", creator=Side.CW)
        (CACHE / "done").write_text("ok")
    return data


def folder_before(data: Path, number: int, where: Path) -> Path:
    """A copy of a data folder as it was when it held the turn files before ``number``."""
    shutil.rmtree(where, ignore_errors=True)
    shutil.copytree(data, where)
    for stored in where.glob("pbem/*/files/*.pbem.json"):
        if int(stored.name.split(".")[0]) >= number:
            stored.unlink()
    return where


def main() -> None:
    """Time the openings."""
    from malaya.persistence.pbem import checked
    from malaya.persistence.pbem.games import load_game, receive

    restore = checked.restore

    def no_record(*_args: object) -> None:
        """As before the record: every load replays the whole chain (the answer's check included)."""

    data = campaign()
    [files] = list((data["CW"] / "pbem").glob("*/files"))
    stored = sorted(files.glob("*.pbem.json"))
    number = len(stored) - FROM_END
    raw = json.loads(stored[number].read_bytes())
    receiver = data["JP" if raw["side"] == "CW" else "CW"]
    print(f"Campaign: {len(stored)} turn files; opening turn file {number} (turn {raw['turn']}, from {raw['side']})")
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        sample = work / "turn.pbem.json"
        shutil.copy(stored[number], sample)
        times: dict[bool, list[float]] = {True: [], False: []}
        for run in range(RUNS + 1):
            for with_record in (True, False):
                copy = folder_before(receiver, number, work / "data")
                [game] = list((copy / "pbem").iterdir())
                (game / checked.RECORD).unlink(missing_ok=True)
                if with_record:
                    load_game(game, full=True)  # the record as the player's last file left it
                checked.restore = restore if with_record else no_record  # type: ignore[assignment]
                start = time.perf_counter()
                receive(copy, sample, work / "outbox")
                if run:
                    times[with_record].append((time.perf_counter() - start) * 1000)
    line("open a late turn file, with the record", times[True], "≤ 500 ms")
    line("open it with a full re-check (as before)", times[False], "none: for comparison")


if __name__ == "__main__":
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    main()
