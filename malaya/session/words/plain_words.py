"""The gate's reasons in plain words: no rule numbers, no coordinates after a place name, no "ZOC" (issue 13 §2).

The engine gives a refusal as a code and its facts (:class:`~malaya.engine.Rejection`); :func:`refusal_text` writes
it from its template in ``texts/refusals.toml`` (rule numbers kept, for the log's rule links and the files a rules
referee reads), and :func:`plain_refusal` is what a player reads: every refusal shown goes through one of them.
"""

from __future__ import annotations

import re

from malaya.engine import GameDef, Rejection, from_offset
from malaya.session.words.catalog import say
from malaya.session.words.event_words import capital

_RULE_GROUP = re.compile(r"\s*\((?:R\d+(?:\.\d+)?(?:\s*[-–,;/]\s*R?\d+(?:\.\d+)?)*)\)")
"""A parenthesised group of rule numbers: ``(R7.7)``, ``(R12.2, R9.6)``, ``(R5-R7)``."""
_RULE_TAIL = re.compile(r"\s*[;,]\s*R\d+(?:\.\d+)?(?:\s*[-–,]\s*R?\d+(?:\.\d+)?)*(?=\))")
"""Rule numbers closing a parenthesis of words: ``(terrain or MP, R5-R7)`` → ``(terrain or MP)``."""
_NAMED_COORDS = re.compile(r"(?<=[^\s(])\s\(-?\d+,\s?-?\d+\)")
"""Coordinates after a place name: ``Jitra (10,7)`` → ``Jitra``."""
_RULE = re.compile(r"\bR(\d+(?:\.\d+)?)\b")
"""One rule number: ``R12.10``."""
_SPELLED_OUT = ((re.compile(r"\bwould overstack\b"), "plain.would_overstack"),
                (re.compile(r"\bZOCs\b"), "plain.zocs"), (re.compile(r"\bZOC\b"), "plain.zoc"),
                (re.compile(r"\bCW\b"), "plain.cw"), (re.compile(r"\bJP\b"), "plain.jp"))
"""The gate's short words and the words a player reads instead."""
_BARE_HEX = re.compile(r"\b([Hh])ex \((-?\d+),\s?(-?\d+)\)")
"""A hex with no name: ``hex (3,4)`` → ``the hex at column 3, row 4``."""


def _bare_hex(m: re.Match[str], gd: GameDef | None) -> str:
    """A hex with no name of its own: ``the hex near Kampar`` (with the map), else by column and row."""
    if gd is None:
        text = say("plain.hex_at", column=m[2], row=m[3])
    else:
        h = from_offset(int(m[2]), int(m[3]), gd.board.stagger)
        if not gd.board.on_map(h):
            text = say("plain.hex_off_map")
        else:
            name = gd.place_name(h)
            text = say("plain.hex_near" if name.startswith("near ") else "plain.hex_of", place=name)
    return capital(text) if m[1] == "H" else text


def rule_refs(text: str) -> tuple[str, ...]:
    """The rule numbers a gate's reason cites, in order, once each (``("R7.7", "R12.2")``): kept beside the words
    (a log line's ``rules``), never inside them, so the rules page can link them."""
    return tuple(dict.fromkeys(f"R{m[1]}" for m in _RULE.finditer(text)))


def refusal_text(rejection: Rejection) -> str:
    """The gate's reason as its words file writes it, rule numbers kept: the template of its code, filled in."""
    return say(f"refusals.{rejection.code.value}", **rejection.values)


def plain_refusal(rejection: Rejection, gd: GameDef | None = None) -> str:
    """The gate's reason as a player reads it (:func:`refusal_text` in :func:`plain_reason`'s plain words)."""
    return plain_reason(refusal_text(rejection), gd)


def plain_reason(text: str, gd: GameDef | None = None) -> str:
    """A gate's reason as a player reads it: no rule numbers, no coordinates, no "ZOC"; a capital first.

    With the game's map ``gd``, a hex without a name is told by the nearest place ("the hex near Kampar").
    """
    text = _RULE_GROUP.sub("", text)
    text = _RULE_TAIL.sub("", text)
    text = _BARE_HEX.sub(lambda m: _bare_hex(m, gd), text)
    text = _NAMED_COORDS.sub("", text)
    for short, key in _SPELLED_OUT:
        text = short.sub(say(key), text)
    text = re.sub(r"\s+([.,;:])", r"\1", text).strip()
    return text[:1].upper() + text[1:]
