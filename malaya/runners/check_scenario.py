"""``malaya check-scenario PATH``: every problem of a scenario folder at once, then a game of it played to its end.

The file checks are ``content/scenario_check.py``; here a scenario that passes them is played by two
computer players (easy, a fixed seed) from its first turn to its result, and any refusal of an action
the computer chose, or an error, or a game that does not end, is one more problem.
"""

from __future__ import annotations

import time
from pathlib import Path

from malaya import engine
from malaya.content.scenario_check import Problem, check_scenario_folder
from malaya.engine import GameDef, Side
from malaya.persistence.format import max_actions
from malaya.session import controllers
from malaya.session.match import Match

GAME_SEED = 1
LEVEL = "ai:easy"


def play_to_the_end(gd: GameDef, seed: int = GAME_SEED) -> Problem | str:
    """Play the scenario AI against AI to its result; the problem that stopped it, or the result in words."""
    match = Match.new(gd, seed=seed)
    players = {side: controllers.make_controller(LEVEL, side, seed * 2 + i) for i, side in enumerate(Side)}
    limit = max_actions(gd.scenario.calendar.turns)
    where = "a computer game of it"
    for _ in range(limit):
        if engine.is_terminal(match.state):
            result = engine.result(gd, match.state)
            return "" if result is None else f"{result.level} (Japan {result.jp_vp} VP, Commonwealth {result.cw_vp} VP)"
        state = match.state
        try:
            action = players[state.side](gd, state)
            rejection = match.submit(action)
        except Exception as err:  # any failure of the engine or AI on this scenario is the scenario's finding
            return Problem(where, f"stopped on turn {state.turn} ({state.side.value}, {state.phase.value}): "
                           f"{type(err).__name__}: {err}")
        if rejection is not None:
            return Problem(where, f"on turn {state.turn} the {state.side.value} computer's {action.type} was "
                           f"refused: {rejection.message}")
    return Problem(where, f"did not end within {limit} actions")


def check(path: Path, play: bool = True) -> list[Problem]:
    """Every problem of the scenario at ``path`` (a folder or its scenario.toml); with ``play``, the game's too."""
    return checked_and_played(path, play)[0]


def checked_and_played(path: Path, play: bool = True) -> tuple[list[Problem], str]:
    """Every problem of the scenario at ``path``, and the result of its game when it was played to the end."""
    checked = check_scenario_folder(path)
    if not play or checked.game is None:
        return checked.problems, ""
    outcome = play_to_the_end(checked.game)
    if isinstance(outcome, Problem):
        return [*checked.problems, outcome], ""
    return checked.problems, outcome


def run(path: Path, play: bool = True) -> int:
    """Print every problem (one line each) or that none was found; 0 when none, else 1."""
    started = time.perf_counter()
    if not path.exists():
        print(f"{path}: no such folder or file")
        return 1
    problems, result = checked_and_played(path, play)
    for problem in problems:
        print(problem)
    played = f"; played to its end by the computer, easy against easy: {result}" if play and not problems else ""
    count = f"{len(problems)} problem{'s' if len(problems) != 1 else ''}"
    print(f"{path}: {count}{played}; {time.perf_counter() - started:.1f} s")
    return 1 if problems else 0
