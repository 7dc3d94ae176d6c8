"""Fixtures for every test: saves and autosaves go to a private folder, never the player's."""

from __future__ import annotations

import pytest
from hypothesis import settings

# Property tests check what is true, not how fast: speed lives in benchmarks/, and a busy CI
# machine must not fail a property on hypothesis's per-example deadline.
settings.register_profile("malaya", deadline=None)
settings.load_profile("malaya")


@pytest.fixture(autouse=True)
def _private_saves(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """``$MALAYA_DATA_DIR`` points at a fresh folder for each test."""
    monkeypatch.setenv("MALAYA_DATA_DIR", str(tmp_path_factory.mktemp("data")))
