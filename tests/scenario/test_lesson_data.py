"""The lessons' data (issue 14 §1): every step's target exists on the map, in the order of battle or in the UI."""

from __future__ import annotations

import typing
from functools import cache
from pathlib import Path

import pytest

from malaya.engine.actions import Action
from malaya.engine.gamedef import GameDef
from malaya.session.lessons import Done, Lesson, Mark, all_lessons
from malaya.session.match import Match
from tests.bundled import bundled_game

UI = Path(__file__).resolve().parents[2] / "malaya" / "ui"
UI_WORDS = Path(__file__).resolve().parents[2] / "malaya" / "session" / "words" / "texts" / "ui"
LESSONS = all_lessons()
ACTION_TYPES = {typing.get_args(model.model_fields["type"].annotation)[0]
                for model in typing.get_args(typing.get_args(Action)[0])}


@cache
def _game(scenario: str) -> GameDef:
    """The lesson's scenario, loaded once."""
    return bundled_game(scenario)


@cache
def _ui_source() -> str:
    """All the UI's source text and its words files (button labels are written in the words files, issue 28)."""
    files = [*UI.rglob("*.py"), *UI_WORDS.rglob("*.toml")]
    return "\n".join(p.read_text(encoding="utf-8") for p in files)


def test_there_are_two_lessons_japan_first_then_the_commonwealth() -> None:
    assert [lesson.side.value for lesson in LESSONS] == ["JP", "CW"]
    assert all(lesson.steps and lesson.title and lesson.summary and lesson.finish for lesson in LESSONS)


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_every_highlight_names_a_place_hex_unit_or_button_that_exists(lesson: Lesson) -> None:
    gd = _game(lesson.scenario)
    for step in lesson.steps:
        target, mark = step.highlight.target, step.highlight.mark
        if mark is Mark.PLACE:
            assert gd.board.place(target).hex is not None, step.title
        elif mark is Mark.HEX:
            assert step.highlight.hex is not None and gd.board.on_map(step.highlight.hex), step.title
        elif mark is Mark.UNIT:
            assert target in gd.unit_index, step.title
        elif mark is Mark.BUTTON:
            assert f'"{target}' in _ui_source() or f"'{target}" in _ui_source(), f"{step.title}: no button {target}"


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_every_condition_names_things_that_exist(lesson: Lesson) -> None:
    gd = _game(lesson.scenario)
    for step in lesson.steps:
        c = step.condition
        for place in (c.place, c.next_to):
            if place:
                gd.board.place(place)  # KeyError if the map has no such place
        assert not c.unit or c.unit in gd.unit_index, step.title
        assert c.done is not Done.ACTION or c.action in ACTION_TYPES, step.title
        assert set(step.allow) <= ACTION_TYPES | {"chance"}, step.title
        assert step.hint and step.text and "R1" not in step.hint  # a friendly hint, not a rule number


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_the_prelude_is_legal_and_hands_the_turn_to_the_learner(lesson: Lesson) -> None:
    # given a new game of the lesson's scenario and seed
    match = Match.new(_game(lesson.scenario), lesson.seed)
    # when the prelude is submitted through the gate, then every action is accepted
    for action in lesson.prelude:
        assert match.submit(action) is None, action
    # and the learner's side is to play
    assert match.state.side is lesson.side and match.state.turn == 1
