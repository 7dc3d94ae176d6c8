"""A data folder with every kind of scenario and lesson file that once stopped or froze a page (issue 27).

Beside the bundled scenarios and lessons (linked, not copied): a scenario with bad TOML, one whose map
is missing, one with a broken ``counters.toml``, a FIFO named ``scenario.toml``, a ``scenario.toml``
linked to ``/dev/zero``; a lesson with bad TOML, a lesson that is a FIFO and one linked to ``/dev/zero``.
Used by the tolerant-catalog tests and by ``benchmarks/bench_catalog.py``.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from malaya.resources import assets_dir, scenarios_dir

BROKEN_SCENARIOS = ("bad_toml", "no_map", "bad_counters", "fifo", "zero")
BROKEN_LESSONS = ("9_bad", "9_fifo", "9_zero")


def hostile_data_root(root: Path) -> Path:
    """``root`` made into a $MALAYA_HOME: the bundled scenarios, lessons and assets plus the broken ones."""
    scenarios = root / "scenarios"
    scenarios.mkdir(parents=True)
    (root / "assets").symlink_to(assets_dir())
    for folder in scenarios_dir().iterdir():
        if folder.name != "lessons":
            (scenarios / folder.name).symlink_to(folder)
    lessons = scenarios / "lessons"
    lessons.mkdir()
    for lesson in (scenarios_dir() / "lessons").glob("*.toml"):
        (lessons / lesson.name).symlink_to(lesson)
    kampar = (scenarios_dir() / "kampar" / "scenario.toml").read_text(encoding="utf-8")
    _write(scenarios / "bad_toml" / "scenario.toml", kampar.replace('id = "kampar"', 'id = "bad_toml'))
    _write(scenarios / "no_map" / "scenario.toml",
           re.sub(r'(?m)^map = ".*"$', 'map = "gone.tmx"', kampar.replace('id = "kampar"', 'id = "no_map"')))
    _write(scenarios / "bad_counters" / "scenario.toml", kampar.replace('id = "kampar"', 'id = "bad_counters"'))
    _write(scenarios / "bad_counters" / "counters.toml", '[symbols]\ncw_6ind_bde = "cavalry"\n')
    (scenarios / "fifo").mkdir()
    os.mkfifo(scenarios / "fifo" / "scenario.toml")
    (scenarios / "zero").mkdir()
    (scenarios / "zero" / "scenario.toml").symlink_to("/dev/zero")
    _write(lessons / "9_bad.toml", 'title = "Broken\n')
    os.mkfifo(lessons / "9_fifo.toml")
    (lessons / "9_zero.toml").symlink_to("/dev/zero")
    return root


def _write(path: Path, text: str) -> None:
    """Write ``text`` to ``path``, making its folder."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
