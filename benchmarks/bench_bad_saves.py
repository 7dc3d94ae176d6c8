"""Bad-save benchmark (issue 17): listing cost per slot, and time and peak memory to load hostile files.

Run: ``python benchmarks/bench_bad_saves.py``. Targets: listing ≤ 10 ms a slot whatever the
file's size (the header only is read); loading any file under the caps peaks ≤ 200 MB (the
whole process, campaign loaded, as ``ru_maxrss``) and refuses a huge one before building models.

Each hostile file is built from the committed ``saves/short-game.json``; each load runs in a
fresh process, so one file's memory cannot hide another's. Figures: min / median / max.
"""

from __future__ import annotations

import contextlib
import json
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from malaya.persistence.errors import SaveError  # noqa: E402
from malaya.persistence.format import ITEMS_PER_ACTION, MAX_SAVE_BYTES, json_items, max_actions  # noqa: E402
from malaya.persistence.store import slot_info  # noqa: E402

TURNS = 28
RUNS = 5
LOAD = """
import resource, sys, time, tracemalloc
from malaya.content.campaign import load_game_def
from malaya.persistence import SaveError, load_match
from malaya.resources import scenario_file
gd = load_game_def(scenario_file())
def attempt():
    try:
        load_match(sys.argv[1], gd)
        return "accepted"
    except SaveError as err:
        return "refused: " + str(err)[:60]
t = time.perf_counter()
verdict = attempt()
ms = (time.perf_counter() - t) * 1000
tracemalloc.start()
attempt()
own = tracemalloc.get_traced_memory()[1] / 2**20
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(f"{ms:.0f} {peak:.0f} {own:.0f} {verdict}")
"""


def _short() -> tuple[str, dict]:
    """The short example save as text and decoded."""
    raw = json.loads((ROOT / "saves" / "short-game.json").read_text(encoding="utf-8"))
    return json.dumps(raw, separators=(",", ":")), raw


def _with_actions(raw: dict, extra: list[object]) -> bytes:
    """The short game with ``extra`` appended to its log."""
    return json.dumps({**raw, "actions": raw["actions"] + extra}, separators=(",", ":")).encode()


def _padded(text: str, filler: bytes, count: int) -> bytes:
    """The short game with a list of ``count`` ``filler`` items as its first checkpoint."""
    head, tail = text.split('"checkpoints":[', 1)
    return head.encode() + b'"checkpoints":[[' + b",".join([filler] * count) + b"]," + tail.encode()


def hostile_files() -> dict[str, bytes]:
    """Name → bytes of each case: good, just under every cap, and over them."""
    text, raw = _short()
    limit = max_actions(TURNS)
    room = limit * ITEMS_PER_ACTION + 4096 - json_items(text.encode()) - 2  # values left under the cap
    tiny = {"type": "end_phase", "side": "JP"}
    return {
        "good short game": text.encode(),
        "full game": (ROOT / "saves" / "full-game.json").read_bytes(),
        f"{limit:,} tiny actions (the cap)": _with_actions(raw, [tiny] * (limit - len(raw["actions"]))),
        f"{limit + 1:,} tiny actions (over)": _with_actions(raw, [tiny] * (limit + 1 - len(raw["actions"]))),
        "empty objects up to the value cap": _padded(text, b"{}", room // 2),
        "empty lists up to the value cap": _padded(text, b"[]", room // 2),
        "distinct strings up to the value cap": b"".join(
            _padded(text, b"@", room).split(b"@", 1)[:1]) + b",".join(b'"%07d"' % i for i in range(room))
        + _padded(text, b"@", room).split(b"@")[-1],
        "one 15 MiB string": _padded(text, b'"' + b"a" * (15 * 2**20) + b'"', 1),
        "tiny values over the value cap": _padded(text, b"1", room + 2),
        "nested 100,000 deep": _padded(text, b"[" * 100_000 + b"]" * 100_000, 1),
        "16 MiB + 1 (over the size cap)": text.encode() + b" " * (MAX_SAVE_BYTES + 1 - len(text)),
    }


def _spread(samples: list[float]) -> str:
    """``min / median / max``."""
    return f"{min(samples):7.2f} / {statistics.median(samples):7.2f} / {max(samples):7.2f}"


def _timed_ms(run: Callable[[], object]) -> float:
    """Wall time of one call in ms."""
    t0 = time.perf_counter()
    run()
    return (time.perf_counter() - t0) * 1000


def _list_one(path: Path) -> None:
    """List one slot as the slot list does (a refusal counts as listed: it is shown as unreadable)."""
    with contextlib.suppress(SaveError):  # the slot list reports it as unreadable; only the cost matters
        slot_info(path)


def main() -> int:
    """Print listing and loading figures for each hostile file; non-zero if a target is missed."""
    folder = Path(tempfile.mkdtemp(prefix="malaya-bad-saves-"))
    missed = []
    print(f"{'file':38} {'MiB':>6}  {'list ms min / median / max':>26}  {'load ms':>7} {'peak MB':>7} "
          f"{'own MB':>6}  verdict")
    print("(peak MB: the whole process, campaign loaded, ru_maxrss; own MB: Python allocations of the load itself)")
    for i, (name, data) in enumerate(hostile_files().items()):
        path = folder / f"case-{i}.json"
        path.write_bytes(data)
        listing = [_timed_ms(partial(_list_one, path)) for _ in range(RUNS)]
        out = subprocess.run([sys.executable, "-c", LOAD, str(path)], cwd=ROOT, capture_output=True, text=True)
        ms, peak, own, verdict = (out.stdout.strip().split(" ", 3) + ["", "", "", ""])[:4]
        if not ms.isdigit():
            ms, peak, own, verdict = "", "", "", f"FAILED: {out.stderr.strip()[-120:]}"
        print(f"{name:38} {len(data) / 2**20:6.2f}  {_spread(listing):>26}  {ms:>7} {peak:>7} {own:>6}  {verdict}")
        if statistics.median(listing) > 10 or not peak or float(peak) > 200:
            missed.append(name)
    print("targets: list <= 10 ms a slot (median), peak <= 200 MB: " + ("met" if not missed else f"MISSED {missed}"))
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
