"""The engine's public surface (issue 28): one door other layers import, and a numeric return per side."""

from __future__ import annotations

import ast
import pathlib
from dataclasses import replace

import pytest

import malaya.engine as engine
from malaya.engine import Side
from tests.builder import GameBuilder

MALAYA = pathlib.Path(engine.__file__).parent.parent


def _engine_imports_outside() -> set[str]:
    """Every ``malaya.engine…`` module named by an import in a file outside the engine."""
    named: set[str] = set()
    for path in MALAYA.rglob("*.py"):
        if path.parent.name == "engine" or "engine" in path.relative_to(MALAYA).parts[:1]:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("malaya.engine"):
                named.add(node.module)
            elif isinstance(node, ast.Import):
                named.update(a.name for a in node.names if a.name.startswith("malaya.engine"))
    return named


@pytest.mark.slow
def test_every_layer_above_imports_the_engine_only_through_its_public_surface() -> None:
    # given every module outside the engine; when their imports are read; then none names an engine module
    assert _engine_imports_outside() <= {"malaya.engine"}


def test_every_name_of_the_surface_is_defined() -> None:
    # given the surface's list of names; then each one resolves to something (no stale export)
    assert all(hasattr(engine, name) for name in engine.__all__)
    assert len(engine.__all__) == len(set(engine.__all__))


LEVELS = [
    {"name": "Japanese win", "side": "JP", "min": 3},
    {"name": "Draw", "min": -2},
    {"name": "Commonwealth win", "side": "CW"},
]


def _game_with_an_objective(vp: int) -> GameBuilder:
    return (GameBuilder().objective((2, 2), vp).unit("jp_a", "JP", at=(0, 0)).unit("cw_a", "CW", at=(5, 5))
            .victory_terms(levels=LEVELS, cw_singapore_held_vp=0))


def test_returns_are_zero_while_the_game_goes_on() -> None:
    # given a game still in play (R15.1 has not ended it); then neither side has a return yet
    game = _game_with_an_objective(20).build()
    assert not engine.is_terminal(game.state)
    assert engine.returns(game.gd, game.state, Side.JP) == 0 == engine.returns(game.gd, game.state, Side.CW)


def test_a_finished_game_returns_one_to_the_side_its_result_level_favours() -> None:
    # given a finished game where the Japanese hold a 20 VP objective (R15.2, R15.5)
    game = _game_with_an_objective(20).build()
    finished = replace(game.state, finished=True, jp_control=game.state.jp_control | {game.hex(2, 2)})
    # then the Japanese get 1 and the Commonwealth -1
    assert (engine.returns(game.gd, finished, Side.JP), engine.returns(game.gd, finished, Side.CW)) == (1, -1)


def test_a_finished_game_at_a_draw_level_returns_nothing_to_either_side() -> None:
    # given a finished game with no VP on either side: the margin 0 is the draw level (R15.5)
    game = _game_with_an_objective(20).build()
    finished = replace(game.state, finished=True, jp_control=game.state.jp_control - {game.hex(2, 2)})
    assert engine.returns(game.gd, finished, Side.JP) == 0 == engine.returns(game.gd, finished, Side.CW)
