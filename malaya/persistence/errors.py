"""Save errors: every problem with a save file is one readable line naming the file."""

from __future__ import annotations

from malaya.content.errors import ContentError


class SaveError(ContentError):
    """A save or replay file cannot be read, is not a malaya save, or does not replay; one line."""


def clip(text: object, limit: int = 200) -> str:
    """Shorten ``text`` to ``limit`` characters (untrusted input must not flood a message)."""
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
