"""Where a text mentions a rule: rule numbers (``R12.10``) and the game's terms (zone of control, cut off…).

One helper for every text that links to the rules page: the message log, the Combat Panel and the rules
page itself ask :func:`find_links` for the spans to draw as links and to hit-test.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from malaya.session.words.rules_ref.entries import RULE_NUMBER
from malaya.session.words.rules_ref.pages import rules_words

TERMS: dict[str, str] = rules_words().term
"""Words the game uses for a rule, and the rule that explains them (``[term]`` of ``texts/rules.toml``)."""

_TERM = re.compile(r"\b(" + "|".join(re.escape(t) for t in sorted(TERMS, key=len, reverse=True)) + r")\b",
                   re.IGNORECASE)
_BY_LOWER = {t.lower(): n for t, n in TERMS.items()}


@dataclass(frozen=True)
class Link:
    """Characters ``start:end`` of a text point at the rule ``number``; ``term`` when they are a word, not a number."""

    start: int
    end: int
    number: str
    term: bool = False


def rule_numbers(text: str) -> list[Link]:
    """Every rule number written in ``text`` (``R4``, ``R12.10``), in order."""
    return [Link(m.start(), m.end(), m.group(0)) for m in RULE_NUMBER.finditer(text)]


def find_links(text: str, terms: bool = True) -> list[Link]:
    """Rule numbers and (when ``terms``) the game's terms in ``text``, in order and never overlapping."""
    links = rule_numbers(text)
    if terms:
        taken = [(link.start, link.end) for link in links]
        for m in _TERM.finditer(text):
            if not any(m.start() < end and start < m.end() for start, end in taken):
                links.append(Link(m.start(), m.end(), _BY_LOWER[m.group(0).lower()], term=True))
    return sorted(links, key=lambda link: link.start)
