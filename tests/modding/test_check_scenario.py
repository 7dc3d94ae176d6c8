"""``malaya check-scenario``: every bundled scenario has no problem; every kind of mistake in a copy is reported in
one line naming its file, with no traceback (issue 27 §2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from malaya.cli import main
from malaya.content.scenario_check import check_scenario_folder
from malaya.resources import scenarios_dir
from tests.content.words import player_text
from tests.modding.mutants import MUTANTS, Mutant, broken_copy

BUNDLED = ["malaya1941", "jitra", "kampar", "muar", "singapore"]


def test_the_corpus_holds_at_least_thirty_kinds_of_mistake() -> None:
    """Given the corpus, then it has at least 30 mutants of distinct names."""
    assert len({m.name for m in MUTANTS}) == len(MUTANTS) >= 30


@pytest.mark.parametrize("scenario", BUNDLED)
def test_every_bundled_scenario_has_no_problem(scenario: str) -> None:
    """Given a bundled scenario, when its files are checked, then no problem is found and it loads whole."""
    checked = check_scenario_folder(scenarios_dir() / scenario)
    assert [player_text(p) for p in checked.problems] == [] and checked.game is not None


@pytest.mark.parametrize("mutant", MUTANTS, ids=lambda m: m.name)
@pytest.mark.slow
def test_each_mistake_is_reported_in_one_line(tmp_path: Path, mutant: Mutant) -> None:
    """Given a copy of Kampar with one mistake, when checked, then a one-line problem says what it is."""
    problems = [player_text(p) for p in check_scenario_folder(broken_copy(tmp_path, mutant)).problems]
    assert any(mutant.expect in p for p in problems), problems
    assert all("\n" not in p and "Traceback" not in p for p in problems)


def test_several_mistakes_are_all_listed_with_their_lines(tmp_path: Path) -> None:
    """Given three mistakes at once, when checked, then each is listed with the line it is on."""
    folder = broken_copy(tmp_path, MUTANTS[12])  # the place Tapahh in the set-up
    text = (folder / "scenario.toml").read_text(encoding="utf-8")
    text = text.replace('"Kuantan" = 2', '"Kuantann" = 2').replace("turn = 9, unit", "turn = 19, unit")
    (folder / "scenario.toml").write_text(text, encoding="utf-8")
    problems = check_scenario_folder(folder).problems
    lines = text.splitlines()
    assert len(problems) == 3, [player_text(p) for p in problems]
    for problem, words in zip(sorted(problems, key=lambda p: p.line or 0), ("Tapahh", "turn = 19", "Kuantann"),
                              strict=True):
        assert problem.line is not None and words in lines[problem.line - 1]


@pytest.mark.slow
def test_the_command_plays_the_scenario_and_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    """Given Jitra, when malaya check-scenario runs, then it plays a computer game to the end and exits 0."""
    assert main(["check-scenario", str(scenarios_dir() / "jitra")]) == 0
    assert "jitra: 0 problems; played to its end by the computer, easy against easy: " in capsys.readouterr().out


def test_the_command_exits_1_with_one_line_per_problem(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Given a broken copy, when malaya check-scenario runs, then each problem is one line and the status is 1."""
    folder = broken_copy(tmp_path, MUTANTS[12])
    assert main(["check-scenario", str(folder)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("scenario.toml line ") and "did you mean 'Tapah'?" in out[0]
    assert out[-1].startswith(f"{folder}: 1 problem; ")
