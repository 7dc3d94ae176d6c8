"""Bad scenario/ruleset files give one clear line naming the file and the field path."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from malaya.content.errors import ContentError
from malaya.content.scenario_loader import ScenarioError, load_scenario, scenario_map_path
from tests.content.words import player_text
from tests.scenario.conftest import RULESET_TOML, SCENARIO_TOML

Writer = Callable[..., Path]
TEXT = SCENARIO_TOML.read_text(encoding="utf-8")
RULES = RULESET_TOML.read_text(encoding="utf-8")


def _error(path: Path) -> str:
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    message = player_text(info.value)
    assert "\n" not in message and "Traceback" not in message
    return message


def _sub(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


def test_bundled_scenario_loads_and_names_its_map(scenario_copy: Writer) -> None:
    # given the unmodified files / then they load, and the map path is beside the scenario
    path = scenario_copy()
    sc = load_scenario(path)
    assert scenario_map_path(path, sc) == path.parent / "map.tmx"


def test_wrong_type_names_the_file_and_field(scenario_copy: Writer) -> None:
    # given units[3].attack written as text / then the one line names scenario.toml and the field
    text = _sub(
        TEXT,
        'size = "II", attack = 2, defense = 4, movement = 5',
        'size = "II", attack = "x", defense = 4, movement = 5',
    )
    msg = _error(scenario_copy(text))
    assert msg.startswith("scenario.toml: units[3].attack: Input should be a valid integer")
    assert "cw_krohcol" in msg


def test_scenario_error_is_a_content_error(scenario_copy: Writer) -> None:
    # given any bad file / then the error is a ContentError (one base for all content)
    with pytest.raises(ContentError):
        load_scenario(scenario_copy("id = 3"))


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        (
            '{ unit = "cw_6ind_bde", at = "Jitra" }',
            '{ unit = "cw_99ind_bde", at = "Jitra" }',
            "scenario.toml: setup[0].unit: unknown unit id 'cw_99ind_bde'",
        ),
        (
            '{ id = "cw_15ind_bde"',
            '{ id = "cw_6ind_bde"',
            "scenario.toml: units[1].id: duplicate unit id 'cw_6ind_bde'",
        ),
        (
            'units = ["cw_6ind_bde",',
            'units = ["cw_nobody",',
            "scenario.toml: options[1].effects.setup_across_border.units: unknown unit id 'cw_nobody'",
        ),
        ('units = ["cw_6ind_bde",', 'units = ["jp_11_inf",', "is not a CW unit"),
        (
            '{ turn = 9, unit = "cw_45ind_bde", where = "singapore" }',
            '{ turn = 9, unit = "cw_45ind_bde", where = "north_edge" }',
            "scenario.toml: reinforcements[4].where: north_edge is for JP units; cw_45ind_bde is CW",
        ),
        (
            '{ turn = 9, unit = "cw_45ind_bde"',
            '{ turn = 30, unit = "cw_45ind_bde"',
            "scenario.toml: reinforcements[4].turn: turn 30 is after the last turn (28)",
        ),
        (
            '{ turn = 13, unit = "cw_53brit_bde", where = "singapore" },',
            "",
            "scenario.toml: units: 'cw_53brit_bde' is never set up, scheduled or offered",
        ),
        (
            '{ turn = 13, unit = "cw_53brit_bde"',
            '{ turn = 13, unit = "cw_45ind_bde"',
            "scenario.toml: reinforcements[6].unit: unit 'cw_45ind_bde' already enters the game at "
            "reinforcements[4].unit",
        ),
        (
            'at = "Kroh"',
            'at = "Kroh+W"',
            "scenario.toml: setup[2].at: position 'Kroh+W': 'W' is not a direction",
        ),
        (
            '{ unit = "cw_6ind_bde", at = "Jitra" }',
            '{ unit = "cw_6ind_bde", at = "jp_box" }',
            "scenario.toml: setup[0].at: only JP units may start in the JP box",
        ),
        (
            "{ turns = [2, 5], points = 2 }",
            "{ turns = [1, 5], points = 2 }",
            "scenario.toml: air.CW: turn ranges [1, 1] and [1, 5] overlap",
        ),
        (
            "{ turns = [2, 5], points = 2 }",
            "{ turns = [5, 2], points = 2 }",
            "scenario.toml: air.CW[1]: turns [5, 2] must be",
        ),
        (
            'where = "jp_box" }',
            'where = "indochina" }',
            "scenario.toml: reinforcements[5].where: Input should be",
        ),
        (
            "steps = 2 },",
            "steps = 2, morale = 3 },",
            "scenario.toml: units[0].morale: unknown key (not allowed here) (id 'cw_6ind_bde')",
        ),
        (
            'name = "Draw"\nmin = -2',
            'name = "Draw"\nmin = 5',
            "scenario.toml: victory.levels: 'min' must decrease",
        ),
        (
            "vp = 2\n",
            "vp = -2\n",
            "scenario.toml: options[0].vp: Input should be greater than or equal to 0",
        ),
        (
            'id = "cw_matador"',
            'id = "cw_rail_capacity"',
            "scenario.toml: options[1].id: duplicate option id",
        ),
        (
            "[calendar]",
            "[calender]",
            "scenario.toml: calender: unknown key (not allowed here) (+1 more)",
        ),
        (
            '"Malacca" = 1',
            '"Malacca+X" = 1',
            "scenario.toml: victory.objectives.Malacca+X: invalid key: position 'Malacca+X'",
        ),
        (
            "start = 1941-12-08",
            'start = "8 Dec"',
            "scenario.toml: calendar.start: Input should be a valid date",
        ),
    ],
)
def test_bad_scenario_gives_one_line_naming_the_field(
    scenario_copy: Writer, old: str, new: str, expected: str
) -> None:
    # given one broken thing in the scenario / when loading / then one clear line names it
    assert expected in _error(scenario_copy(_sub(TEXT, old, new)))


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        (
            'defense = "3/2"',
            "defense = 1.5",
            "ruleset.toml: terrain.town.defense: write 1.5 as an exact fraction",
        ),
        ('road_mp = "1/2"', 'road_mp = "half"', "ruleset.toml: movement.road_mp:"),
        (
            '"1" = ["A2", "A1", "A1", "A1", "EX", "DR", "DR", "D1R"]',
            '"1" = ["A2", "A1", "A1", "A1", "EX", "DR", "DR"]',
            "ruleset.toml: combat.crt.ratio.rows.1: has 7 results but there are 8 columns",
        ),
        (
            '"2" = ["A1",',
            '"2" = ["XX",',
            "ruleset.toml: combat.crt.ratio.rows.2: result 'XX' is not defined in results",
        ),
        ('"3" = [', '"9" = [', "ruleset.toml: combat.crt.ratio.rows: die rolls must be contiguous"),
        ('kind = "ratio"', 'kind = "odds"', "ruleset.toml: combat.crt: Input tag 'odds'"),
        (
            'columns = ["1:2", "1:1",',
            'columns = ["1:1", "1:2",',
            "ruleset.toml: combat.crt.ratio.columns: odds must increase",
        ),
        (
            "[terrain.swamp]\ninfantry_mp = 3",
            "[terrain.swamp_x]\ninfantry_mp = 3",
            "ruleset.toml: terrain.swamp_x: invalid key: Input should be",
        ),
        (
            'mid_columns = ["3:2", "2:1"]',
            'mid_columns = ["3:2", "7:1"]',
            "ruleset.toml: air.defense_policy.mid_columns: 7:1 not a CRT column",
        ),
        (
            "capacity = { JP = 1, CW = 1 }",
            "capacity = { JP = 1 }",
            "ruleset.toml: rail.capacity: missing side(s) CW",
        ),
    ],
)
def test_bad_ruleset_names_the_ruleset_file(
    scenario_copy: Writer, old: str, new: str, expected: str
) -> None:
    # given one broken thing in the ruleset / when loading the scenario / then the line names ruleset.toml
    assert expected in _error(scenario_copy(None, _sub(RULES, old, new)))


def test_invalid_toml_is_one_line(scenario_copy: Writer) -> None:
    # given a TOML syntax error / then the line names the file and the TOML problem
    msg = _error(scenario_copy(TEXT + "\nbroken = [\n"))
    assert msg.startswith("scenario.toml: invalid TOML:")


def test_missing_file_is_one_line(tmp_path: Path) -> None:
    # given no file / then the line names it
    msg = _error(tmp_path / "scenario.toml")
    assert msg.startswith("scenario.toml: cannot read the file")


def test_missing_ruleset_file_is_one_line(scenario_copy: Writer) -> None:
    # given a scenario pointing at a missing ruleset / then the line names the ruleset file
    msg = _error(scenario_copy(_sub(TEXT, 'ruleset = "ruleset.toml"', 'ruleset = "nowhere.toml"')))
    assert msg.startswith("nowhere.toml: cannot read the file")


def test_missing_field_is_named(scenario_copy: Writer) -> None:
    # given a scenario without its calendar / then "calendar: Field required"
    start = TEXT.index("[calendar]")
    end = TEXT.index("[air]")
    msg = _error(scenario_copy(TEXT[:start] + TEXT[end:]))
    assert msg.startswith("scenario.toml: calendar: Field required")


def test_several_errors_report_the_first_and_a_count(scenario_copy: Writer) -> None:
    # given two wrong fields / then the first is named and the rest counted
    text = _sub(
        _sub(TEXT, 'id = "malaya1941"', "id = 1"), 'name = "1942: Campaign for Malaya"', "name = 2"
    )
    assert _error(scenario_copy(text)).endswith("(+1 more)")


def test_a_toml_array_nested_50000_deep_is_a_clean_scenario_error(scenario_copy: Writer) -> None:
    """Issue 17: a depth bomb in a scenario file is one line, not a RecursionError and a crash log."""
    # given a scenario file with a 50,000-deep array appended
    text = TEXT + "\nbomb = " + "[" * 50_000 + "]" * 50_000 + "\n"
    # then loading it fails with one line naming the file
    assert _error(scenario_copy(text)) == "scenario.toml: invalid TOML: nested too deeply"


def test_a_calendar_of_a_billion_turns_is_refused(scenario_copy: Writer) -> None:
    """Issue 17: calendar.turns is bounded (a save of the scenario is sized by it)."""
    msg = _error(scenario_copy(_sub(TEXT, "turns = 28", "turns = 1000000000")))
    assert msg.startswith("scenario.toml: calendar.turns: Input should be less than or equal to 200")
