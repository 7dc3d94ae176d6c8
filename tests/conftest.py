"""Fixtures for every test: saves and autosaves go to a private folder, never the player's; the bundled campaign is
loaded once; the slow tests run first."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings

from malaya.engine.gamedef import GameDef
from tests.bundled import bundled_game


def _cache_byte_code() -> None:
    """Where the environment turns Python's byte-code cache off (``PYTHONDONTWRITEBYTECODE``, as on the team's
    shared machine), the tests' processes keep one in a folder of their own outside the checkout (this process, the
    test processes pytest-xdist starts and every process they start): else each compiles every module of the game
    and of the tests from source again, about 7 s of CPU per test process."""
    if not sys.dont_write_bytecode:
        return
    prefix = str(Path(tempfile.gettempdir()) / f"malaya-tests-pycache-{os.getuid()}")
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)  # or -B
    os.environ["PYTHONPYCACHEPREFIX"] = prefix
    sys.dont_write_bytecode = False
    sys.pycache_prefix = prefix


_cache_byte_code()

# Property tests check what is true, not how fast: speed lives in benchmarks/, and a busy CI
# machine must not fail a property on hypothesis's per-example deadline.
settings.register_profile("malaya", deadline=None)
settings.load_profile("malaya")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slow tests first, the real-window ones (the longest: they wait at a person's pace) before the rest, each
    group in its order: run on every core, each long test starts early beside the short ones rather than ending the
    run alone on one core."""
    items.sort(key=lambda item: (item.get_closest_marker("slow") is None, "/e2e/" not in f"/{item.nodeid}"))


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: a test process per core and one more, so both cores keep working while a real-window test rests
    at a person's pace (seconds of sleep between presses)."""
    return (os.cpu_count() or 1) + 1


@pytest.fixture(autouse=True)
def _private_saves(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """``$MALAYA_DATA_DIR`` points at a fresh folder for each test."""
    monkeypatch.setenv("MALAYA_DATA_DIR", str(tmp_path_factory.mktemp("data")))


@pytest.fixture(scope="session")
def campaign() -> GameDef:
    """The bundled campaign's game definition, loaded once and shared (it is frozen): tests start from it."""
    return bundled_game()


@pytest.fixture(scope="session")
def jitra() -> GameDef:
    """The short Jitra scenario's game definition, loaded once and shared."""
    return bundled_game("jitra")
