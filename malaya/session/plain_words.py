"""The gate's reasons in plain words: no rule numbers, no coordinates after a place name, no "ZOC" (issue 13 §2)."""

from __future__ import annotations

import re

_RULE_GROUP = re.compile(r"\s*\((?:R\d+(?:\.\d+)?(?:\s*[-–,;/]\s*R?\d+(?:\.\d+)?)*)\)")
"""A parenthesised group of rule numbers: ``(R7.7)``, ``(R12.2, R9.6)``, ``(R5-R7)``."""
_RULE_TAIL = re.compile(r"\s*[;,]\s*R\d+(?:\.\d+)?(?:\s*[-–,]\s*R?\d+(?:\.\d+)?)*(?=\))")
"""Rule numbers closing a parenthesis of words: ``(terrain or MP, R5-R7)`` → ``(terrain or MP)``."""
_NAMED_COORDS = re.compile(r"(?<=[^\s(])\s\(-?\d+,\s?-?\d+\)")
"""Coordinates after a place name: ``Jitra (10,7)`` → ``Jitra``."""
_BARE_HEX = re.compile(r"\b([Hh])ex \((-?\d+),\s?(-?\d+)\)")
"""A hex with no name: ``hex (3,4)`` → ``the hex at column 3, row 4``."""


def plain_reason(text: str) -> str:
    """A gate's reason as a player reads it: no rule numbers, no coordinates after names, no "ZOC"; a capital first."""
    text = _RULE_GROUP.sub("", text)
    text = _RULE_TAIL.sub("", text)
    text = _BARE_HEX.sub(lambda m: f"{'The' if m[1] == 'H' else 'the'} hex at column {m[2]}, row {m[3]}", text)
    text = _NAMED_COORDS.sub("", text)
    text = re.sub(r"\benemy ZOC\b", "enemy zone of control", text)
    text = re.sub(r"\s+([.,;:])", r"\1", text).strip()
    return text[:1].upper() + text[1:]
