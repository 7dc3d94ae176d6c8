"""A pytest plugin recording every refusal the tests meet and the sentence a player would read for it.

Used to show that moving the gate's sentences out of the engine (issue 28 item 2) changed no word a player reads:
run the same tests on the commit before and on this branch, then compare with ``compare.py``::

    REFUSALS_MODE=message REFUSALS_OUT=/tmp/before.jsonl PYTHONPATH=tools/refusal_texts:$PWD \
        python -m pytest -n 0 -p refusal_capture -m "not slow" tests/engine tests/rules tests/session ...
    REFUSALS_MODE=words REFUSALS_OUT=/tmp/after.jsonl ... (the same, on this branch)
    python tools/refusal_texts/compare.py /tmp/before.jsonl /tmp/after.jsonl

``message`` reads the old ``Rejection.message``; ``words`` writes the refusal through
``malaya.session.words.plain_words.refusal_text``. One JSON line per refusal: test id, its n-th refusal, code, text.
Refusals made inside the combat preview are left out (its reason was a plain string before, not a Rejection).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from malaya.engine import actions

RECORDS: list[tuple[str, int, Any]] = []
CURRENT: list[Any] = [None, 0]
_ORIGINAL_INIT = actions.Rejection.__init__


def _in_preview() -> bool:
    """True when the combat preview is building this refusal."""
    frame = sys._getframe(2)
    while frame is not None:
        if frame.f_code.co_name == "preview_for" and frame.f_code.co_filename.endswith("combat/preview.py"):
            return True
        frame = frame.f_back  # type: ignore[assignment]
    return False


def _recording_init(self: Any, *args: Any, **kwargs: Any) -> None:
    """Build the refusal, then note it against the test running now."""
    _ORIGINAL_INIT(self, *args, **kwargs)
    if CURRENT[0] is not None and not _in_preview():
        CURRENT[1] += 1
        RECORDS.append((CURRENT[0], CURRENT[1], self))


actions.Rejection.__init__ = _recording_init  # type: ignore[method-assign]


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """Count the refusals of one test (set-up, call and tear-down)."""
    CURRENT[:] = [item.nodeid, 0]
    yield
    CURRENT[0] = None


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Write every refusal met, with its text, to ``$REFUSALS_OUT``."""
    words = os.environ["REFUSALS_MODE"] == "words"
    if words:
        from malaya.session.words.plain_words import refusal_text
    with open(os.environ["REFUSALS_OUT"], "w", encoding="utf-8") as out:
        for nodeid, n, rejection in RECORDS:
            text = refusal_text(rejection) if words else rejection.message
            out.write(json.dumps([nodeid, n, str(rejection.code), text]) + "\n")
