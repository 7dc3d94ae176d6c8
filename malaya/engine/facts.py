"""A code and the named facts its sentence needs: how every layer below the session says something, as data.

The engine's refusals and scenario mistakes, content's problems and the AI's plan are each a record of this shape
(issue 28 item 2): the session's words files hold one template per code and write the sentence; ``str()`` is for
developers (an exception's message, a log).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Generic, TypeVar

P = TypeVar("P")


def facts_text(code: StrEnum, params: tuple[tuple[str, object], ...]) -> str:
    """A code and its facts as a developer reads them: ``not_your_unit(unit='Tank', side='JP')``."""
    facts = ", ".join(f"{name}={value if isinstance(value, Facts) else repr(value)}" for name, value in params)
    return f"{code.value}({facts})"


class Facts(Generic[P]):
    """What a record with a ``code`` and named ``params`` shares: its facts as a mapping, and its developer's text."""

    __slots__ = ()
    code: StrEnum
    params: tuple[tuple[str, P], ...]

    @property
    def values(self) -> dict[str, P]:
        """The named facts as a mapping."""
        return dict(self.params)

    def __str__(self) -> str:
        return facts_text(self.code, self.params)
