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


SHARED_BUILDS = {"full_game": "random-campaign"}
"""Session fixtures that play a whole game (a random campaign: about 4 s of CPU), by the
xdist group of the tests that use them: one test process builds each once, not every process."""
SHARED_MODULES = {"tests.ui.screen_tour": "screen-tour"}
"""Helper modules whose per-process caches (the tour's sample games, its save reader) every test using them shares,
by the xdist group of their tests."""


def _shared_group(item: pytest.Item) -> str | None:
    """The xdist group of a test that shares an expensive build with others, if it does."""
    for fixture in getattr(item, "fixturenames", ()):
        if fixture in SHARED_BUILDS:
            return SHARED_BUILDS[fixture]
    module = getattr(item, "module", None)
    used = {getattr(value, "__module__", None) for value in vars(module).values()} if module else set()
    return next((group for name, group in SHARED_MODULES.items() if name in used), None)


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests sharing an expensive build are slow (``-m "not slow"`` leaves them out). The slow tests first, the
    real-window ones (the longest: they wait at a person's pace) before the rest, then the groups sharing an
    expensive build, each group in its order: run on every core, each long test or group
    starts early beside the short ones rather than ending the run alone on one core. With ``--dist loadgroup``
    (pyproject.toml) the tests of a group run in one test process, which builds what they share once."""
    for item in items:
        group = _shared_group(item)
        if group is not None:
            item.add_marker(pytest.mark.xdist_group(group))
            item.add_marker(pytest.mark.slow)  # a whole game or the whole tour: left out of the edit-test loop
    items.sort(key=lambda item: (item.get_closest_marker("slow") is None, "/e2e/" not in f"/{item.nodeid}",
                                 item.get_closest_marker("xdist_group") is None))


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: a test process per core and one more, so both cores keep working while a real-window test rests
    at a person's pace (seconds of sleep between presses); a process per core when the slow tests (the real-window
    ones among them) are left out, as in the edit-test loop: each test process collects the whole suite again."""
    slow_left_out = "not slow" in (config.getoption("markexpr") or "")
    return (os.cpu_count() or 1) + (0 if slow_left_out else 1)


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
