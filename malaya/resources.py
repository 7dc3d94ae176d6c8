"""Where the bundled data lives: ``malaya/scenarios`` and ``malaya/assets``, read as package data."""

from __future__ import annotations

import os
from importlib.resources import files
from pathlib import Path

ENV_VAR = "MALAYA_HOME"
DEFAULT_SCENARIO = "malaya1941"


def data_root() -> Path:
    """The folder holding ``scenarios/`` and ``assets/``: $MALAYA_HOME, else the installed package."""
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser().resolve()
    return Path(str(files("malaya")))


def scenarios_dir() -> Path:
    """The folder of the bundled scenarios, one sub-folder each."""
    return data_root() / "scenarios"


def assets_dir() -> Path:
    """The folder of generated art and sound shipped with the game."""
    return data_root() / "assets"


def scenario_file(name: str = DEFAULT_SCENARIO) -> Path:
    """Path of a bundled scenario file by scenario id."""
    return scenarios_dir() / name / "scenario.toml"
