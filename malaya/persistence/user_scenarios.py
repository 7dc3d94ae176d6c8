"""The player's own scenarios: a ``scenarios`` folder in the per-user data folder, beside the saves.

New Game lists it beside the bundled scenarios (``content.scenario_catalog``); a save, a replay or
``--scenario NAME`` finds a scenario by id in the bundled folder first, then here.
"""

from __future__ import annotations

from pathlib import Path

from malaya.persistence.data_folder import data_dir
from malaya.resources import scenario_file

SCENARIO_FILE = "scenario.toml"


def user_scenarios_dir() -> Path:
    """The folder of the player's own scenarios, one sub-folder each ($MALAYA_DATA_DIR/scenarios by default)."""
    return data_dir() / "scenarios"


def find_scenario_file(scenario_id: str) -> Path:
    """The ``scenario.toml`` of the scenario ``scenario_id``: bundled, else the player's own (bundled if neither)."""
    bundled = scenario_file(scenario_id)
    own = user_scenarios_dir() / scenario_id / SCENARIO_FILE
    if not bundled.exists() and own.exists():
        return own
    return bundled
