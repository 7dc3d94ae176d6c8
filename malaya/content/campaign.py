"""A playable game definition from a scenario file: scenario + its map + cross-checks."""

from __future__ import annotations

from pathlib import Path

from malaya.content.counter_symbols import load_counter_symbols
from malaya.content.said import Flaw, in_file, said
from malaya.content.scenario_loader import ScenarioError, load_scenario, rules_said, scenario_map_path
from malaya.content.tmx_map import load_board
from malaya.engine import GameDef, setup_problems, start_problems


def load_game_def(scenario_path: str | Path) -> GameDef:
    """Load a scenario and the map it names; ContentError (one line) if either (or its counters file) is bad."""
    path = Path(scenario_path)
    scenario = load_scenario(path)
    load_counter_symbols(path, scenario)  # a bad counters.toml refuses the scenario, though not part of it
    board = load_board(scenario_map_path(path, scenario))
    problems = setup_problems(scenario, board) + start_problems(scenario.start, board)
    if problems:
        said_first = rules_said(problems[0])
        first = said(Flaw.AND_MORE, reason=said_first, more=len(problems) - 1) if len(problems) > 1 else said_first
        raise ScenarioError(in_file(path.name, first))
    return GameDef(board, scenario)
