"""Issue 27: no file of any kind freezes a frame — hostile saves opened through the Load page and Continue.

A frame's wall time is the window thread's own work plus any wait: for Python's lock, held by another
thread of the window's process, or for a free core, taken by other programs on the machine. The test
holds each part apart, so that it does not pass or fail with the machine's load (the wall-clock figures
are in ``benchmarks/bench_bad_saves.py --frames``):

- the window thread's own work in each frame is measured as that thread's CPU time (``time.thread_time``,
  which neither a busy machine nor a wait inflates) and must stay under 100 ms, the battle's first frame
  aside (building the battle screen is New Game's cost, not the file's);
- no whole save is read, parsed or checked in the window's process at all, on any thread: that is done in
  the save reader's own process (``persistence/reader_process.py``), so nothing can hold the window's lock
  for a file's length; the only file reads here are save *headers* (at most 64 KiB each, a few per page)
  and the last-played marker, and folders are listed off the window's thread;
- the snapshot decoder refuses a number bomb by its shape (``tests/persistence/test_snapshot.py``).
"""

from __future__ import annotations

import json
import os
import threading
import time
from pathlib import Path

import pygame
import pytest

import malaya.persistence.last_played as last_played_module
import malaya.persistence.reading as reading
import malaya.persistence.store as store
from malaya.persistence import save_record, saves_dir
from malaya.persistence.format import HEADER_BYTES
from malaya.persistence.last_played import MARK_BYTES, note_played
from malaya.persistence.sample import play_random
from malaya.persistence.snapshot import text_digest
from malaya.ui.app.intents import Push, Reset, ToLoad, ToMenu
from malaya.ui.screens.load import LoadScreen
from malaya.ui.screens.menu import MenuScreen
from tests.ui import client_driver
from tests.ui.client_driver import Driver

HEADER_READ = max(HEADER_BYTES, MARK_BYTES + 1)
FRAME_WORK_S = 0.100
"""The most work the window's thread may do in one frame (issue 27: no frame frozen for more than 100 ms)."""


def _hostile(campaign) -> list[Path]:  # type: ignore[no-untyped-def]
    """Saves no reader should choke on: a snapshot bomb, deep nesting, over the size cap, truncated, a pipe,
    a name that is not UTF-8, a good one — and 300 more good ones to list."""
    record = play_random(campaign, seed=7, player_turns=2)
    good = save_record(record, "good")
    raw = json.loads(good.read_bytes())
    state = json.loads(raw["snapshot"]["state"])
    state["units"][0]["mp_used"] = "1e15000000"
    text = json.dumps(state, separators=(",", ":"), sort_keys=True)
    raw["snapshot"]["state"] = text
    raw["checkpoints"][-1]["digest"] = text_digest(text)
    folder = saves_dir()
    cases = {"bomb.json": json.dumps(raw).encode(), "deep.json": b"[" * 100_000 + b"]" * 100_000,
             "huge.json": good.read_bytes() + b" " * (16 * 2**20 + 1), "cut.json": good.read_bytes()[:3000],
             os.fsdecode(b"odd\xff.json"): good.read_bytes()}
    paths = [good]
    for name, data in cases.items():
        (folder / name).write_bytes(data)
        paths.append(folder / name)
    os.mkfifo(folder / "pipe.json")
    paths.append(folder / "pipe.json")
    for i in range(300):
        os.link(good, folder / f"many-{i:03d}.json")
    return paths


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[tuple[bool, int]]:
    """Every save-file read: (on the window's thread, bytes asked for); and every listing's thread."""
    seen: list[tuple[bool, int]] = []
    real_read, real_list = reading.read_start, store.list_slots

    def read_start(path, limit):  # type: ignore[no-untyped-def]
        seen.append((threading.current_thread() is threading.main_thread(), limit))
        return real_read(path, limit)

    def list_slots(*args, **kwargs):  # type: ignore[no-untyped-def]
        seen.append((threading.current_thread() is threading.main_thread(), -1))
        return real_list(*args, **kwargs)
    monkeypatch.setattr(reading, "read_start", read_start)
    monkeypatch.setattr(last_played_module, "read_start", read_start)
    monkeypatch.setattr("malaya.ui.screens.load.list_slots", list_slots)
    return seen


def _on_window_thread(seen: list[tuple[bool, int]]) -> list[int]:
    """The sizes asked for by reads on the window's thread (-1: a folder listing)."""
    return [limit for main, limit in seen if main]


@pytest.fixture
def parsed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every whole save parsed or checked in this (the window's) process, on any thread: its source name."""
    seen: list[str] = []
    real_body = reading._body

    def body(data, header, source, turns):  # type: ignore[no-untyped-def]
        seen.append(source)
        return real_body(data, header, source, turns)
    monkeypatch.setattr(reading, "_body", body)
    return seen


Frame = tuple[float, bool]
"""A frame's CPU time on the window's thread (s), and whether it began or ended on another screen than the
Load page or the menu (the battle's first frame, and the battle's own frames)."""


@pytest.fixture
def frames(monkeypatch: pytest.MonkeyPatch) -> list[Frame]:
    """Every frame the driver runs, timed on the window's thread (``time.thread_time``)."""
    seen: list[Frame] = []
    real_step = client_driver.step

    def step(app, dt, first=None):  # type: ignore[no-untyped-def]
        pages = (LoadScreen, MenuScreen)
        before, cpu = isinstance(app.top, pages), time.thread_time()
        presses = real_step(app, dt, first)
        seen.append((time.thread_time() - cpu, not (before and isinstance(app.top, pages))))
        return presses
    monkeypatch.setattr(client_driver, "step", step)
    return seen


def _longest_page_frame(seen: list[Frame]) -> float:
    """The most work the window's thread did in one frame of the Load page or the menu (s)."""
    return max((cpu for cpu, elsewhere in seen if not elsewhere), default=0.0)


@pytest.mark.slow
def test_opening_hostile_saves_from_the_load_page_parses_none_in_the_window_process(
        driver: Driver, campaign, reads: list[tuple[bool, int]], parsed: list[str],  # type: ignore[no-untyped-def]
        frames: list[Frame]) -> None:
    # given a saves folder of hostile files and 300 good saves
    paths = _hostile(campaign)
    # when the Load page opens, lists them, and each listed row is clicked in turn
    driver.app.apply(Push(ToLoad()))
    driver.frames(1)
    page = driver.app.top
    assert isinstance(page, LoadScreen)
    assert any("pipe.json" in p for p in page.problems) and any("deep.json" in p for p in page.problems)
    answers = []
    for path in paths:
        while not isinstance(driver.app.top, LoadScreen):
            driver.app.apply(Reset(ToMenu()))
            driver.app.apply(Push(ToLoad()))
            driver.frames(1)
        page = driver.app.top
        row = next((r for r, s in page.rows if s.path == path), None)
        if row is not None:
            page.message = None
            driver.click(row.center)
            answers.append(page.message if driver.app.top is page else "opened")
    # then every listed file got its answer: the good ones (the bomb too: its snapshot is not used) opened, the
    # truncated one refused with its reason (the others are not listed: greyed with theirs)
    assert answers.count("opened") == 3 and any("cut.json: not a malaya save" in a for a in answers), answers
    # and in the window's process no whole save was parsed, on any thread: only headers were read, the
    # folders were listed off the window's thread
    assert parsed == [], parsed
    assert reads and all(limit <= HEADER_READ for _, limit in reads)
    assert all(0 <= limit for limit in _on_window_thread(reads)), "a folder was listed on the window's thread"
    # and no frame of the Load page took the window's thread more than 100 ms of work
    assert _longest_page_frame(frames) <= FRAME_WORK_S, _longest_page_frame(frames)


@pytest.mark.slow
def test_continue_on_each_hostile_save_reads_only_its_header_in_the_window_process(
        driver: Driver, campaign, reads: list[tuple[bool, int]], parsed: list[str],  # type: ignore[no-untyped-def]
        frames: list[Frame]) -> None:
    # given each hostile save in turn noted as the game last played
    for path in _hostile(campaign)[:7]:
        note_played(path, finished=False)
        reads.clear()
        # when the menu opens and Continue is pressed (if it offers the file at all)
        driver.app.apply(Reset(ToMenu()))
        driver.frames(1)
        menu = driver.app.top
        assert isinstance(menu, MenuScreen)
        if menu.buttons["continue"].enabled:
            driver.click(menu.buttons["continue"].rect.center)
        # then on the window's thread only headers were read (the marker, the save's header: a few at most)
        on_window = _on_window_thread(reads)
        assert all(0 <= limit <= HEADER_READ for limit in on_window) and len(on_window) <= 4, (path.name, on_window)
        # and in the window's process no whole save was read or parsed, on any thread
        assert all(limit <= HEADER_READ for _, limit in reads) and parsed == [], (path.name, reads, parsed)
    # and no frame of the menu took the window's thread more than 100 ms of work
    assert _longest_page_frame(frames) <= FRAME_WORK_S, _longest_page_frame(frames)
    pygame.event.clear()
