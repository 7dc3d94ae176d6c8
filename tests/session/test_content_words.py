"""Content says what is wrong with a file as data; the session's words file writes the sentence (issue 28 item 2).

Every problem code has a template in ``texts/content.toml`` and every template a code; every place content names a
problem gives exactly the facts its template asks for; a player reads the sentence, a developer the code.
"""

from __future__ import annotations

import ast
import pickle
from fractions import Fraction
from pathlib import Path

import pytest

import malaya
from malaya.content import MapError, load_board
from malaya.content.errors import ContentError
from malaya.content.said import Flaw, in_file, said
from malaya.content.scenario_check import Problem
from malaya.session.words.catalog import placeholders, read_words
from malaya.session.words.content_words import content_text, problem_text, said_text

CONTENT = Path(malaya.__file__).parent / "content"
TEMPLATES: dict[str, str] = read_words("content.toml")["content"]


def _said_calls() -> list[tuple[str, ast.Call]]:
    """Every ``said(...)`` call of the content modules, with the module it is in."""
    return [(path.name, node) for path in sorted(CONTENT.rglob("*.py"))
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "said"]


def test_every_problem_code_has_a_template_and_every_template_a_code() -> None:
    assert sorted(code.value for code in Flaw) == sorted(TEMPLATES)


def test_every_problem_content_names_gives_the_facts_its_template_asks_for() -> None:
    # given every said(Flaw.X, fact=...) of content
    calls = _said_calls()
    assert len(calls) > 100
    wrong = []
    for module, call in calls:
        code = call.args[0]
        given = {k.arg for k in call.keywords}
        if isinstance(code, ast.Attribute):  # Flaw.X: the facts are exactly the template's placeholders
            asked = {name for name, _ in placeholders(TEMPLATES[Flaw[code.attr].value])}
            if given != asked:
                wrong.append(f"{module}:{call.lineno}: {code.attr} gives {sorted(given)}, asks {sorted(asked)}")
        elif given:  # a code chosen at run time gives no facts: its templates must ask for none
            wrong.append(f"{module}:{call.lineno}: a code chosen at run time with facts {sorted(given)}")
    # then each gives what its sentence needs
    assert wrong == []


def test_every_problem_code_is_said_somewhere_in_content() -> None:
    source = "".join(path.read_text(encoding="utf-8") for path in CONTENT.rglob("*.py"))
    assert [code.name for code in Flaw if f"Flaw.{code.name}" not in source] == []


def test_a_reason_in_a_frame_and_a_list_are_written_as_one_sentence() -> None:
    # given a problem in a layer and cell, with a list among its facts
    problem = in_file("map.tmx", said(Flaw.IN_LAYER_AT_CELL, layer="terrain", col=3, row=4,
                                      reason=said(Flaw.UNKNOWN_VALUE, what="terrain", value="'desert'",
                                                  allowed=("clear", "jungle"))))
    # then the player reads one sentence with the list joined
    assert said_text(problem) == ("map.tmx: layer 'terrain' cell (3,4): unknown terrain 'desert' "
                                  "(expected one of: clear, jungle)")


def test_a_fraction_among_the_facts_is_written_as_players_write_it() -> None:
    assert said_text(said(Flaw.TOO_LARGE, mb=Fraction(3, 2))) == "larger than 1½ MB, too large to be read"


def test_a_player_reads_the_sentence_and_a_developer_the_code(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # given a map file that is not there
    monkeypatch.chdir(tmp_path)
    with pytest.raises(MapError) as info:
        load_board(Path("nowhere.tmx"))
    # then str() names the code and its facts, the player's line is the sentence
    assert str(info.value) == "in_file(file='nowhere.tmx', reason=not_found())"
    assert content_text(info.value) == "nowhere.tmx: file not found"


def test_a_sentence_written_above_the_words_passes_as_it_is() -> None:
    # given an error a save's reader wrote in words already (persistence is above the session's words)
    err = ContentError("save.json: not a malaya save")
    # then it is shown as it is
    assert content_text(err) == "save.json: not a malaya save"


def test_a_problem_of_check_scenario_names_its_file_and_line() -> None:
    assert problem_text(Problem("scenario.toml", said(Flaw.UNKNOWN_KEY), 12)) == \
        "scenario.toml line 12: unknown key (not allowed here)"
    assert problem_text(Problem("counters.toml", said(Flaw.SYMBOLS_ONLY))) == \
        "counters.toml: expected only a [symbols] table (or a single same_as line)"


def test_a_content_error_from_the_save_readers_process_keeps_what_it_says() -> None:
    # given a map error pickled (as it crosses from the save reader's process)
    err = MapError("map.tmx", said(Flaw.NO_DATA), layer="road", cell=(2, 3))
    # when unpickled
    back = pickle.loads(pickle.dumps(err))
    # then it is the same error: its kind, its place, its sentence
    assert (type(back), back.layer, back.cell) == (MapError, "road", (2, 3))
    assert content_text(back) == "map.tmx: layer 'road' cell (2,3): tile layer has no <data> element"
