"""New Game and Learn to play open whatever is broken beside the good files, each broken one greyed with
its reason (issue 27: a tolerant catalog; no file opened that is not a regular file; every read capped)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

from malaya.content.safe_files import FileRefused, read_capped  # noqa: E402
from malaya.content.scenario_catalog import scenario_catalog  # noqa: E402
from malaya.resources import scenarios_dir  # noqa: E402
from malaya.session.lessons import BrokenLesson, lesson_catalog  # noqa: E402
from tests.content.words import player_text, raises_saying
from tests.modding.hostile import BROKEN_LESSONS, BROKEN_SCENARIOS, hostile_data_root  # noqa: E402

BUNDLED = ["malaya1941", "jitra", "kampar", "muar", "singapore"]


@pytest.fixture
def hostile(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A $MALAYA_HOME with the bundled files and every broken kind beside them."""
    root = hostile_data_root(tmp_path / "home")
    monkeypatch.setenv("MALAYA_HOME", str(root))
    return root


def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    """Given a FIFO nobody writes to, when it is read, then it is refused at once as a pipe."""
    os.mkfifo(tmp_path / "scenario.toml")
    with raises_saying(FileRefused, "scenario.toml: is a pipe, not a file"):
        read_capped(tmp_path / "scenario.toml")


def test_dev_zero_is_refused_and_a_large_file_is_capped(tmp_path: Path) -> None:
    """Given a link to /dev/zero and a file over the cap, when read, then both are refused in one line."""
    (tmp_path / "zero.toml").symlink_to("/dev/zero")
    (tmp_path / "big.toml").write_bytes(b"#" * 2000)
    with raises_saying(FileRefused, "is a device, not a file"):
        read_capped(tmp_path / "zero.toml")
    with raises_saying(FileRefused, "too large"):
        read_capped(tmp_path / "big.toml", cap=1000)


def test_the_catalog_lists_every_scenario_and_greys_each_broken_one(hostile: Path) -> None:
    """Given the hostile folder, when the catalog is read, then the five bundled scenarios are playable and each
    broken folder is listed last with a one-line reason."""
    entries = scenario_catalog(scenarios_dir())
    assert [e.id for e in entries if e.playable] == BUNDLED
    broken = {e.path.parent.name: e.problem for e in entries if not e.playable}
    assert set(broken) == set(BROKEN_SCENARIOS)
    assert "invalid TOML" in player_text(broken["bad_toml"])
    assert "gone.tmx" in player_text(broken["no_map"]) and "not found" in player_text(broken["no_map"])
    assert "cavalry" in player_text(broken["bad_counters"])
    assert "is a pipe, not a file" in player_text(broken["fifo"])
    assert "is a device, not a file" in player_text(broken["zero"])
    assert all("\n" not in player_text(p) for p in broken.values())


def test_the_lesson_catalog_lists_broken_lessons_with_their_reason(hostile: Path) -> None:
    """Given the hostile folder, when the lessons are read, then the two lessons load and each bad file says why."""
    catalog = lesson_catalog()
    broken = {b.id: b.reason for b in catalog if isinstance(b, BrokenLesson)}
    assert len(catalog) - len(broken) == 2
    assert set(broken) == set(BROKEN_LESSONS)
    assert "invalid TOML" in broken["9_bad"] and "pipe" in broken["9_fifo"] and "device" in broken["9_zero"]


def test_a_scenario_of_ones_own_with_a_bundled_id_is_listed_once_playable(tmp_path: Path) -> None:
    """Given a copy of Kampar in one's own folder keeping the id kampar, when the catalog is read, then the bundled
    Kampar is playable and the copy is greyed, told to take an id of its own."""
    own = tmp_path / "own"
    (own / "kampar_copy").mkdir(parents=True)
    (own / "kampar_copy" / "scenario.toml").write_bytes((scenarios_dir() / "kampar" / "scenario.toml").read_bytes())
    entries = [e for e in scenario_catalog(scenarios_dir(), own_folders=(own,)) if e.id == "kampar"]
    assert [(e.own, e.playable) for e in entries] == [(False, True), (True, False)]
    said = player_text(entries[1].problem)
    assert "its id kampar is already used by a bundled scenario; give it an id of its own" in said
