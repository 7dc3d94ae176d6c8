"""Shared fixtures of the scenario tests: the bundled data and a tiny fake board."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from malaya.content.scenario_loader import load_ruleset, load_scenario
from malaya.engine.board import Board, Place, Terrain
from malaya.engine.hexgrid import ODD_Q, Hex
from malaya.engine.ruleset import Ruleset
from malaya.engine.scenario import Scenario
from malaya.resources import scenario_file

REPO = Path(__file__).resolve().parents[2]
SCENARIO_TOML = scenario_file()
SCENARIO_DIR = SCENARIO_TOML.parent
RULESET_TOML = SCENARIO_DIR / "ruleset.toml"
FIXTURES = REPO / "tests" / "fixtures"


@pytest.fixture(scope="session")
def scenario() -> Scenario:
    """The bundled campaign scenario."""
    return load_scenario(SCENARIO_TOML)


@pytest.fixture(scope="session")
def ruleset() -> Ruleset:
    """The bundled ruleset."""
    return load_ruleset(RULESET_TOML)


@pytest.fixture
def scenario_copy(tmp_path: Path):
    """Write a (possibly broken) variant of the bundled scenario into tmp_path; returns its path."""

    def write(scenario_text: str | None = None, ruleset_text: str | None = None) -> Path:
        shutil.copy(RULESET_TOML, tmp_path / "ruleset.toml")
        if ruleset_text is not None:
            (tmp_path / "ruleset.toml").write_text(ruleset_text, encoding="utf-8")
        path = tmp_path / "scenario.toml"
        text = SCENARIO_TOML.read_text(encoding="utf-8") if scenario_text is None else scenario_text
        path.write_text(text, encoding="utf-8")
        return path

    return write


def fake_board(
    places: dict[str, Hex], radius: int = 6, terrain: dict[Hex, Terrain] | None = None,
    ports: frozenset[str] = frozenset(),
) -> Board:
    """A small hexagon-shaped all-clear board around Hex(0, 0) with the given places (``ports`` are ports)."""
    cells = {
        Hex(q, r): Terrain.CLEAR
        for q in range(-radius, radius + 1)
        for r in range(-radius, radius + 1)
        if abs(q + r) <= radius
    }
    cells.update(terrain or {})
    return Board(
        name="fake",
        columns=2 * radius + 1,
        rows=2 * radius + 1,
        stagger=ODD_Q,
        terrain=cells,
        connections={},
        hexsides={},
        places=tuple(Place(name=n, hex=h, port=n in ports) for n, h in places.items()),
    )
