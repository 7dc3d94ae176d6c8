"""Where the bundled data lives: the top-level ``scenarios/`` and ``assets/`` folders.

In a checkout they sit beside the ``malaya`` package (the repository's top level); an installed wheel
ships them inside the package (``setup.py`` copies them in when the wheel is built). ``$MALAYA_HOME``
names another folder holding both.
"""

from __future__ import annotations

import os
from importlib.resources import files
from pathlib import Path

ENV_VAR = "MALAYA_HOME"
DEFAULT_SCENARIO = "malaya1941"
DATA_FOLDERS = ("scenarios", "assets")


def data_root() -> Path:
    """The folder holding ``scenarios/`` and ``assets/``: $MALAYA_HOME, else the installed package, else the
    checkout the package was imported from."""
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser().resolve()
    package = Path(str(files("malaya")))
    return package if (package / "scenarios").is_dir() else package.parent


def scenarios_dir() -> Path:
    """The folder of the bundled scenarios, one sub-folder each."""
    return data_root() / "scenarios"


def assets_dir() -> Path:
    """The folder of generated art and sound shipped with the game."""
    return data_root() / "assets"


def scenario_file(name: str = DEFAULT_SCENARIO) -> Path:
    """Path of a bundled scenario file by scenario id."""
    return scenarios_dir() / name / "scenario.toml"
