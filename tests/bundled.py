"""The bundled scenarios' game definitions, each loaded once per test process and shared by every test.

A :class:`GameDef` is frozen (its board and scenario are immutable records), so one copy serves every test that
reads it; a test that needs a changed scenario writes its own copy (``scenario_copy``, ``campaign_copy``).
"""

from __future__ import annotations

from functools import cache

from malaya.content.campaign import load_game_def
from malaya.engine.gamedef import GameDef
from malaya.resources import DEFAULT_SCENARIO, scenario_file


@cache
def bundled_game(name: str = DEFAULT_SCENARIO) -> GameDef:
    """The bundled scenario ``name``'s game definition (default: the campaign), loaded once."""
    return load_game_def(scenario_file(name))
