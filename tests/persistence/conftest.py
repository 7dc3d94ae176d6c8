"""Shared fixtures: the campaign, random recorded games generated now (with today's engine), a private data folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from malaya.engine.gamedef import GameDef
from malaya.persistence import GameRecord
from malaya.persistence.sample import play_random
from tests.bundled import bundled_game


@pytest.fixture(scope="session")
def gd() -> GameDef:
    return bundled_game()


@pytest.fixture(scope="session")
def short_game(gd: GameDef) -> GameRecord:
    """Two whole player-turns of random play (seed 7: it rolls dice); it stands at the start of the third."""
    return play_random(gd, seed=7, player_turns=2)


@pytest.fixture(scope="session")
def full_game(gd: GameDef) -> GameRecord:
    """A whole random-vs-random campaign (seed 42)."""
    return play_random(gd, seed=42)


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test saves into its own folder, never the user's."""
    folder = tmp_path / "data"
    monkeypatch.setenv("MALAYA_DATA_DIR", str(folder))
    return folder


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` with its bytes (to prove nothing changed on disk)."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def one_line(text: str) -> str:
    """``text`` if it is one non-empty line (what every error message must be)."""
    assert text and "\n" not in text and "Traceback" not in text, text
    return text
