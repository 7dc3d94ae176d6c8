"""What a player reads for a content problem: the session writes it (content says it as data, issue 28 item 2)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from malaya.content.errors import ContentError
from malaya.content.said import Said
from malaya.content.scenario_check import Problem
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
