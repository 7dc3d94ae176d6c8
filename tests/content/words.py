"""What a player reads for a content problem: the session writes it (content says it as data, issue 28 item 2)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from pydantic import ValidationError

from malaya.content.errors import ContentError
from malaya.content.said import Said
from malaya.content.scenario_check import Problem
from malaya.content.scenario_loader import rules_said, validation_reason
from malaya.engine import Finding, RulesError
from malaya.session.words.content_words import content_text, problem_text, said_text


def player_text(value: ContentError | Said | Problem | str | None) -> str:
    """The line a player reads for an error, a problem as data, a check-scenario problem ("" for none)."""
    if value is None:
        return ""
    if isinstance(value, ContentError):
        return content_text(value)
    if isinstance(value, Problem):
        return problem_text(value)
    return said_text(value)


@contextmanager
def raises_saying(kind: type[ContentError], pattern: str) -> Iterator[pytest.ExceptionInfo[ContentError]]:
    """Like ``pytest.raises(kind, match=pattern)``, matched against the words a player reads."""
    with pytest.raises(kind) as info:
        yield info
    assert re.search(pattern, player_text(info.value)), player_text(info.value)


def rules_text(value: Finding | ValueError) -> str:
    """The line a modder reads for a mistake the rules found (``field.path: …``): a finding, the error raising it,
    or a validation error a validator's raise became."""
    if isinstance(value, ValidationError):
        return said_text(validation_reason(value))
    if isinstance(value, RulesError):
        value = value.found
    assert isinstance(value, Finding), f"not a mistake the rules found: {value!r}"
    return said_text(rules_said(value))


@contextmanager
def raises_rules(pattern: str, kind: type[ValueError] = ValueError) -> Iterator[pytest.ExceptionInfo[ValueError]]:
    """Like ``pytest.raises(kind, match=pattern)`` for a mistake the rules raise, matched against the words a
    modder reads (``scenario_checks.toml``)."""
    with pytest.raises(kind) as info:
        yield info
    assert re.search(pattern, rules_text(info.value)), rules_text(info.value)
