"""The AI plays the same game on any machine: its effort is counted work, never seconds (issue 12)."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from functools import lru_cache

import pytest

from malaya.ai import make_ai
from malaya.ai.controller import AIController
from malaya.engine import rules
from malaya.engine.actions import Action, EndPhase, MoveUnit
from malaya.engine.gamedef import GameDef
from malaya.engine.sides import Side
from malaya.engine.state import Phase
from malaya.session.match import Match
from tests.bundled import bundled_game

CLOCKS = ("perf_counter", "monotonic", "time", "perf_counter_ns", "monotonic_ns", "time_ns")
SPEED = 20


@lru_cache(maxsize=1)
def campaign() -> GameDef:
    return bundled_game()


def full_game(seed: int, jp: str, cw: str) -> tuple[list[Action], str]:
    """The action log and final state digest of a whole AI-vs-AI campaign (seeds as ``malaya simulate``)."""
    gd = campaign()
    match = Match.new(gd, seed=seed)
    ais = {Side.JP: make_ai(jp, Side.JP, seed * 2 + 1), Side.CW: make_ai(cw, Side.CW, seed * 2 + 2)}
    match.play(ais)
    assert rules.is_terminal(match.state)
    return match.log, match.state.digest()


def fast(real: Callable[[], float], speed: int) -> Callable[[], float]:
    """A clock that runs ``speed`` times as fast as ``real`` from now on."""
    start = real()

    def clock() -> float:
        return start + (real() - start) * speed
    return clock


def run_the_clock_fast(monkeypatch: pytest.MonkeyPatch, speed: int) -> None:
    """Every clock of ``time``, as seen by any module (``time.x`` or ``from time import x``), runs fast."""
    for name in CLOCKS:
        real = getattr(time, name)
        faster = fast(real, speed)
        monkeypatch.setattr(time, name, faster)
        for module_name, module in list(sys.modules.items()):
            if module_name.startswith("malaya") and getattr(module, name, None) is real:
                monkeypatch.setattr(module, name, faster)


@pytest.mark.slow  # whole AI games
def test_given_a_clock_twenty_times_faster_when_the_ai_plays_a_campaign_then_the_game_is_the_same(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The issue's seed 3 (normal vs normal): a whole campaign, action for action, and the final state."""
    # given the game played with the real clock
    log, digest = full_game(3, "normal", "normal")
    # when the same seed is played with every clock running 20x faster
    run_the_clock_fast(monkeypatch, SPEED)
    started = time.perf_counter()
    fast_log, fast_digest = full_game(3, "normal", "normal")
    assert time.perf_counter() - started > 0  # the patched clock is the one that ran
    # then every action and the final state are identical
    assert len(fast_log) == len(log) > 200
    assert fast_log == log
    assert fast_digest == digest


def test_given_no_work_left_in_the_budget_when_the_jp_moves_then_it_ends_movement_after_one_unit() -> None:
    """The budget is counted in candidates scored: one unit's candidates exhaust a budget of 0."""
    gd = campaign()
    match = Match.new(gd, seed=1)
    ais = {side: make_ai("normal", side, 1) for side in Side}
    while match.state.phase is not Phase.MOVEMENT or match.state.side is not Side.JP:
        assert match.submit(ais[match.state.side](gd, match.state)) is None
    # given a JP AI that may score no candidates at all
    thrifty = AIController("normal", Side.JP, seed=1, budget=0)
    # when it plays its movement phase
    actions = []
    while match.state.phase is Phase.MOVEMENT:
        action = thrifty(gd, match.state)
        actions.append(action)
        assert match.submit(action) is None
    # then it weighed the first unit with routes only, moved at most that unit, and ended the phase
    assert thrifty.effort.exhausted
    assert sum(isinstance(a, MoveUnit) for a in actions) <= 1
    assert isinstance(actions[-1], EndPhase)


def test_given_a_generous_budget_when_the_jp_moves_then_it_moves_several_units() -> None:
    """Today's campaign never comes near the budget: the opening JP movement moves several units."""
    gd = campaign()
    match = Match.new(gd, seed=1)
    ais = {side: make_ai("normal", side, 1) for side in Side}
    moves = 0
    while not (match.state.phase is Phase.RAIL and match.state.side is Side.JP):
        state = match.state
        action = ais[state.side](gd, state)
        moves += state.phase is Phase.MOVEMENT and isinstance(action, MoveUnit)
        assert match.submit(action) is None
    assert moves > 1
    assert not ais[Side.JP].effort.exhausted


@pytest.mark.slow  # whole AI games
def test_given_the_same_seed_when_the_candidate_level_plays_jitra_twice_then_the_game_is_the_same() -> None:
    """The hard level's candidates, sampled worlds included, draw only from seeded generators (issue 25)."""
    gd = bundled_game("jitra")

    def play() -> tuple[list[Action], str]:
        match = Match.new(gd, seed=7)
        match.play({Side.JP: make_ai("hard", Side.JP, 15), Side.CW: make_ai("hard", Side.CW, 16)})
        return match.log, match.state.digest()

    # given one game, when the same seed is played again, then every action and the final state are identical
    first, again = play(), play()
    assert len(first[0]) > 50 and first == again
