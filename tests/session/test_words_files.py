"""The words files are safe to edit: every placeholder is known, every page renders, a broken file is a clear error."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

import malaya
from malaya.ai.told import Topic
from malaya.content.campaign import load_game_def
from malaya.content.said import Flaw
from malaya.engine import GameDef, Mistake, Refusal
from malaya.resources import scenarios_dir
from malaya.session.words import catalog
from malaya.session.words.catalog import WordsError, check_template, fill, say, sentences
from malaya.session.words.rules_ref import pages, reference
from malaya.session.words.rules_ref.numbers import phrase_writer, rule_values

BUNDLED = sorted(d.name for d in scenarios_dir().iterdir() if (d / "scenario.toml").is_file())


@cache
def _scenario(name: str) -> GameDef:
    return load_game_def(scenarios_dir() / name / "scenario.toml")


def test_there_are_bundled_scenarios_to_render() -> None:
    assert "malaya1941" in BUNDLED and len(BUNDLED) >= 2


@pytest.mark.parametrize("name", BUNDLED)
def test_every_placeholder_of_the_rules_file_is_a_value_the_scenario_gives(name: str) -> None:
    words = pages.rules_words()
    values = rule_values(_scenario(name), phrase_writer(words.phrase))
    assert words.placeholders() - values.keys() == set()


@pytest.mark.parametrize("name", BUNDLED)
def test_every_rules_page_renders_for_every_bundled_scenario_with_every_placeholder_filled(name: str) -> None:
    ref = reference(_scenario(name))
    texts = [e.title for e in ref.entries] + [s.text for e in ref.entries for s in e.sections]
    texts += [cell for e in ref.entries for t in e.tables for row in t.rows for cell in row]
    assert len(ref.entries) == len(pages.rules_words().topic)
    assert all(text for text in texts)
    assert [t for t in texts if re.search(r"[{}]", t)] == []


def test_every_phrase_of_the_rules_file_is_written_by_the_game() -> None:
    source = Path(malaya.__file__).parent / "session" / "words" / "rules_ref" / "numbers.py"
    used = set(re.findall(r'phrase\("(\w+)"', source.read_text()))
    assert set(pages.rules_words().phrase) == used


def test_a_misspelt_placeholder_is_an_error_naming_the_topic_and_the_placeholder(
        monkeypatch: pytest.MonkeyPatch) -> None:
    words = pages.rules_words()
    topic = words.topic[0].model_copy(update={"section": [
        words.topic[0].section[0].model_copy(update={"text": "A game-turn is {days_per_turm} days."})]})
    broken = words.model_copy(update={"topic": [topic]})
    monkeypatch.setattr(pages, "rules_words", lambda: broken)
    with pytest.raises(WordsError, match=r"R1 R1\.1 Two sides: no value for the placeholder \{days_per_turm\}"):
        reference(_scenario("malaya1941"))


def test_a_rules_file_with_an_unknown_key_or_a_bad_template_is_refused_when_read(
        monkeypatch: pytest.MonkeyPatch) -> None:
    good = catalog.read_words(pages.RULES_FILE)
    unknown = {**good, "topic": [{**good["topic"][0], "titel": "Typo"}]}
    monkeypatch.setattr(pages, "read_words", lambda name: unknown)
    pages.rules_words.cache_clear()
    try:
        with pytest.raises(WordsError, match="titel"):
            pages.rules_words()
        section = {**good["topic"][0]["section"][0], "text": "An open {brace"}
        unbalanced = {**good, "topic": [{**good["topic"][0], "section": [section]}]}
        monkeypatch.setattr(pages, "read_words", lambda name: unbalanced)
        with pytest.raises(WordsError, match=r"R1 R1\.1 Two sides: the template does not parse"):
            pages.rules_words()
    finally:
        pages.rules_words.cache_clear()


def test_an_unknown_format_is_refused_and_the_known_formats_write_plain_numbers() -> None:
    with pytest.raises(WordsError, match="unknown format"):
        check_template("{n:.2f} steps", "here")
    text = fill("{n:step}, {h:hex|hexes}, {u} {u:~unit}, {x:times}, {m:signed}, {f}",
                {"n": 1, "h": 3, "u": 2, "x": catalog.Fraction(3, 2), "m": -1, "f": catalog.Fraction(27, 2)}, "here")
    assert text == "1 step, 3 hexes, 2 units, ×1½, −1, 13½"


def test_every_sentence_template_parses_and_a_missing_value_or_key_is_a_clear_error() -> None:
    assert sentences()
    with pytest.raises(WordsError, match=r"refusal.cannot_go_there: no value for the placeholder \{phase\}"):
        say("refusal.cannot_go_there", unit="5th Division")
    with pytest.raises(WordsError, match="has no sentence 'nowhere.nothing'"):
        say("nowhere.nothing")


def _code_strings() -> tuple[set[str], set[str]]:
    """(the keys passed to ``say`` as a literal, every string constant) of the game's code."""
    said: set[str] = set()
    constants: set[str] = set()
    for path in Path(malaya.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                constants.add(node.value)
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "say" and node.args \
                    and isinstance(node.args[0], ast.Constant):
                said.add(node.args[0].value)
    return said, constants


@pytest.mark.slow
def test_every_sentence_the_code_says_is_in_the_file_and_every_sentence_of_the_file_is_named_in_the_code() -> None:
    """The gate's refusals, content's problems, the rules' checks of a scenario and the AI's notes are named by their
    codes (``refusals.<code>``, ``content.<code>``, ``scenario_checks.<code>``, ``ai.<code>``:
    tests/session/test_refusal_words.py, test_content_words.py, test_scenario_check_words.py, test_ai_words.py)."""
    said, constants = _code_strings()
    assert said - sentences().keys() == set()
    by_code = ({f"refusals.{code.value}" for code in Refusal} | {f"content.{code.value}" for code in Flaw}
               | {f"scenario_checks.{code.value}" for code in Mistake} | {f"ai.{code.value}" for code in Topic})
    assert sentences().keys() - constants - by_code == set()


def test_a_term_that_links_to_no_rule_number_is_refused_when_read(monkeypatch: pytest.MonkeyPatch) -> None:
    good = catalog.read_words(pages.RULES_FILE)
    monkeypatch.setattr(pages, "read_words", lambda name: {**good, "term": {"zone of control": "six"}})
    pages.rules_words.cache_clear()
    try:
        with pytest.raises(WordsError, match="term 'zone of control' links to 'six', not a rule number"):
            pages.rules_words()
    finally:
        pages.rules_words.cache_clear()


def test_every_term_links_to_a_rule_the_reference_explains() -> None:
    ref = reference(_scenario("malaya1941"))
    assert [t for t, number in pages.rules_words().term.items() if not ref.knows(number)] == []
