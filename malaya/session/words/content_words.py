"""What is wrong with a content file, in words: the one door for every content problem a player or a modder reads.

Content says what is wrong as data (:class:`~malaya.content.said.Said`: a code and its named facts, issue 28
item 2); :func:`said_text` writes it from its template in ``texts/content.toml``, a reason inside a frame
written first, and a mistake the rules found inside one (the engine's ``Finding``) from ``scenario_checks.toml``
(:func:`finding_text`). :func:`content_text` is an error's line, :func:`problem_text` a line of ``check-scenario``.
"""

from __future__ import annotations

from malaya.content.errors import ContentError
from malaya.content.said import Param, Said
from malaya.content.scenario_check import Problem
from malaya.engine import Finding
from malaya.session.words.catalog import say


def _value(value: Param) -> object:
    """One fact as its template takes it: a nested reason written, a list joined by commas."""
    if isinstance(value, Said):
        return said_text(value)
    if isinstance(value, Finding):
        return finding_text(value)
    if isinstance(value, tuple):
        return ", ".join(str(_value(item)) for item in value)
    return value


def said_text(problem: Said | str) -> str:
    """The problem as one line of words (a sentence already written, from a layer above the words, as it is)."""
    if isinstance(problem, str):
        return " ".join(problem.split())
    text = say(f"content.{problem.code.value}", **{name: _value(value) for name, value in problem.params})
    return " ".join(text.split())


def finding_text(found: Finding) -> str:
    """A mistake the rules found in a scenario or a ruleset, from ``scenario_checks.toml`` (its field path left out)."""
    facts = {name: ", ".join(str(v) for v in value) if isinstance(value, tuple) else value
             for name, value in found.params}
    return " ".join(say(f"scenario_checks.{found.code.value}", **facts).split())


def content_text(err: ContentError) -> str:
    """What is wrong with the file of a content error, as the one line a player reads."""
    return said_text(err.said)


def problem_text(problem: Problem) -> str:
    """One problem ``check-scenario`` found: its file (and line), then what is wrong."""
    if problem.line:
        return say("content.at_line", file=problem.file, line=problem.line, reason=said_text(problem.text))
    return say("content.in_file", file=problem.file, reason=said_text(problem.text))
