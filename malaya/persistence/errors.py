"""Save errors: every problem with a save file is one readable line naming the file."""

from __future__ import annotations

import re

from malaya.content.errors import ContentError

_UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]")
"""Control characters (C0, DEL, C1) and invisible direction marks: a file must not drive the terminal."""


_SURROGATE = re.compile("[\ud800-\udfff]")
"""A lone surrogate: what a file name's bytes that are not UTF-8 become in Python (``surrogateescape``)."""


def printable(text: object) -> str:
    """``text`` with every control or direction character replaced by a space and every byte that was not
    UTF-8 (a lone surrogate) by ``�``: safe to print on any terminal or to draw."""
    return _SURROGATE.sub("\ufffd", _UNPRINTABLE.sub(" ", str(text)))


class SaveError(ContentError):
    """A save or replay file cannot be read, is not a malaya save, or does not replay; one printable line."""

    def __init__(self, message: str) -> None:
        super().__init__(printable(message))


def clip(text: object, limit: int = 200) -> str:
    """Shorten ``text`` to ``limit`` printable characters (untrusted input must not flood a message)."""
    text = " ".join(printable(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
