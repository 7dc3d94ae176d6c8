"""Issue 27: no file of any kind freezes a frame — hostile saves opened through the Load page and Continue.

Frame times depend on the machine, so the test holds the structure that bounds them instead (the measured
longest frames are in ``benchmarks/bench_bad_saves.py``): on the window's thread the only file reads are
save *headers* (at most 64 KiB each, a few per page) and the last-played marker; listing the folders and
reading, checking and replaying a whole save always happen on another thread; and the snapshot decoder
refuses a number bomb by its shape (``tests/persistence/test_snapshot.py``).
"""

from __future__ import annotations

import json
import os
import threading
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
from tests.ui.client_driver import Driver

HEADER_READ = max(HEADER_BYTES, MARK_BYTES + 1)


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


def test_opening_hostile_saves_from_the_load_page_reads_no_file_on_the_window_thread(
        driver: Driver, campaign, reads: list[tuple[bool, int]]) -> None:  # type: ignore[no-untyped-def]
    # given a saves folder of hostile files and 300 good saves
    paths = _hostile(campaign)
    # when the Load page opens, lists them, and each listed row is clicked in turn
    driver.app.apply(Push(ToLoad()))
    driver.frames(1)
    page = driver.app.top
    assert isinstance(page, LoadScreen)
    assert any("pipe.json" in p for p in page.problems) and any("deep.json" in p for p in page.problems)
    for path in paths:
        while not isinstance(driver.app.top, LoadScreen):
            driver.app.apply(Reset(ToMenu()))
            driver.app.apply(Push(ToLoad()))
            driver.frames(1)
        page = driver.app.top
        row = next((r for r, s in page.rows if s.path == path), None)
        if row is not None:
            driver.click(row.center)
    # then the folders were listed and every whole file read off the window's thread: there, only headers
    assert reads and all(0 <= limit <= HEADER_READ for limit in _on_window_thread(reads))
    assert any(not main and limit > HEADER_READ for main, limit in reads), "whole saves were read, elsewhere"


def test_continue_on_each_hostile_save_reads_only_its_header_on_the_window_thread(
        driver: Driver, campaign, reads: list[tuple[bool, int]]) -> None:  # type: ignore[no-untyped-def]
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
    pygame.event.clear()
