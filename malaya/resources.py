"""Where the bundled campaign lives (scenarios/, assets/) for a source checkout or an install."""

from __future__ import annotations

import os
from pathlib import Path

ENV_VAR = "MALAYA_HOME"
DEFAULT_SCENARIO = "malaya1941"


def project_root() -> Path:
    """The folder holding ``scenarios/`` and ``assets/`` ($MALAYA_HOME, else the source checkout)."""
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser().resolve()
    return Path(__file__).resolve().parent.parent


def scenario_file(name: str = DEFAULT_SCENARIO) -> Path:
    """Path of a bundled scenario file by scenario id."""
    return project_root() / "scenarios" / name / "scenario.toml"
