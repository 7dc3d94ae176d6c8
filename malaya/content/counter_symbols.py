"""How a scenario's counters look: the NATO symbol of units with a role of their own (RULES R2.1).

The engine knows two unit types (infantry, armor); a wargamer also reads a unit's role from its
counter: machine-gun battalions, volunteer forces, fortress garrisons. Those roles are
presentation data in ``counters.toml`` beside ``scenario.toml`` — not part of the game
definition, so a save's fingerprint (``persistence/gamehash.py``) does not depend on them::

    [symbols]
    cw_2_4aus_mg = "machine gun"

A scenario sharing another's units points at that scenario's file instead of copying it::

    same_as = "malaya1941:counters.toml"

Unit ids are checked against the scenario beside the file that lists them; a scenario folder
without ``counters.toml`` has no roles (every counter shows its type's symbol).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from enum import Enum
from functools import lru_cache
from pathlib import Path

from malaya.content.said import Flaw, in_file, said
from malaya.content.scenario_loader import ScenarioError, load_scenario, read_toml
from malaya.content.scenario_refs import RefError, resolve_ref
from malaya.engine import Scenario
from malaya.resources import scenario_file

COUNTERS_FILE = "counters.toml"
SCENARIO_FILE = "scenario.toml"


class UnitSymbol(Enum):
    """What the NATO box of a counter shows; the values are the names a counters file uses."""

    INFANTRY = "infantry"
    ARMOUR = "armour"
    MACHINE_GUN = "machine gun"
    VOLUNTEERS = "volunteers"
    FORTRESS = "fortress"
    ENGINEERS = "engineers"


CounterSymbols = Mapping[str, UnitSymbol]
"""Unit id → the symbol of its role (units not listed show their type's symbol)."""


def load_counter_symbols(scenario_path: str | Path, scenario: Scenario | None = None) -> CounterSymbols:
    """The role symbols of the scenario at ``scenario_path``; ScenarioError (one line) for a bad counters file.

    ``scenario`` is the scenario already read from ``scenario_path`` (read again when not given).
    """
    file = Path(scenario_path).parent / COUNTERS_FILE
    if not os.path.lexists(file):
        return {}
    data = read_toml(file)
    if set(data) == {"same_as"} and isinstance(data["same_as"], str):
        try:
            target = resolve_ref(file, "same_as", data["same_as"])
        except RefError as err:
            raise ScenarioError(err.said) from None
        return _shared_symbols(file, target)
    units = scenario if scenario is not None else load_scenario(file.parent / SCENARIO_FILE)
    return _symbols(file, data, units)


def _shared_symbols(file: Path, target: Path) -> CounterSymbols:
    """The symbols of the counters file ``file`` points at (which must list them itself)."""
    if not os.path.lexists(target):
        raise ScenarioError(in_file(file.name, said(Flaw.SAME_AS_MISSING, target=target.name)))
    data = read_toml(target)
    return _symbols(target, data, load_scenario(target.parent / SCENARIO_FILE))


def _symbols(file: Path, data: dict[str, object], scenario: Scenario) -> CounterSymbols:
    """Check and read a ``[symbols]`` table against the units of ``scenario``."""
    table = data.get("symbols")
    if set(data) != {"symbols"} or not isinstance(table, dict):
        raise ScenarioError(in_file(file.name, said(Flaw.SYMBOLS_ONLY)))
    names = {s.value: s for s in UnitSymbol}
    unit_ids = {u.id for u in scenario.units}
    out: dict[str, UnitSymbol] = {}
    for unit_id, name in table.items():
        if unit_id not in unit_ids:
            raise ScenarioError(in_file(file.name, said(Flaw.NOT_A_UNIT, unit=unit_id, scenario=scenario.name)))
        if name not in names:
            known = tuple(f'"{n}"' for n in names)
            wrong = said(Flaw.UNKNOWN_SYMBOL, unit=unit_id, symbol=str(name), known=known)
            raise ScenarioError(in_file(file.name, wrong))
        out[unit_id] = names[name]
    return out


@lru_cache(maxsize=16)
def scenario_counter_symbols(scenario_id: str) -> CounterSymbols:
    """The role symbols of the bundled scenario ``scenario_id`` (none for a scenario not bundled)."""
    path = scenario_file(scenario_id)
    return load_counter_symbols(path) if path.is_file() else {}
