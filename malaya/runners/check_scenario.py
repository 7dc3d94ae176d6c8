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
from malaya.session.words.catalog import say
from malaya.session.words.content_words import problem_text
from malaya.session.words.plain_words import refusal_text

GAME_SEED = 1
LEVEL = "ai:easy"


def play_to_the_end(gd: GameDef, seed: int = GAME_SEED) -> Problem | str:
    """Play the scenario AI against AI to its result; the problem that stopped it, or the result in words."""
    match = Match.new(gd, seed=seed)
    players = {side: controllers.make_controller(LEVEL, side, seed * 2 + i) for i, side in enumerate(Side)}
    limit = max_actions(gd.scenario.calendar.turns)
    where = say("check_scenario.a_computer_game_of_it")
    for _ in range(limit):
        if engine.is_terminal(match.state):
            result = engine.result(gd, match.state)
            return "" if result is None else say("check_scenario.japan_vp_commonwealth_vp", level=result.level,
                                                 jp_vp=result.jp_vp, cw_vp=result.cw_vp)
        state = match.state
        try:
            action = players[state.side](gd, state)
            rejection = match.submit(action)
        except Exception as err:  # any failure of the engine or AI on this scenario is the scenario's finding
            return Problem(where,
                           say("check_scenario.stopped_on_turn", turn=state.turn, side=state.side.value,
                               phase=state.phase.value, kind=type(err).__name__, error=err))
        if rejection is not None:
            return Problem(where,
                           say("check_scenario.on_turn_the_computer_s", turn=state.turn, side=state.side.value,
                               type=action.type, message=refusal_text(rejection)))
    return Problem(where, say("check_scenario.did_not_end_within_actions", limit=limit))


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
        print(say("check_scenario.no_such_folder_or_file", path=path))
        return 1
    problems, result = checked_and_played(path, play)
    for problem in problems:
        print(problem_text(problem))
    seconds = format(time.perf_counter() - started, ".1f")
    if play and not problems:
        print(say("check_scenario.summary_played", path=path, problems=len(problems), result=result, seconds=seconds))
    else:
        print(say("check_scenario.summary", path=path, problems=len(problems), seconds=seconds))
    return 1 if problems else 0
