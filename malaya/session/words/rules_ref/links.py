"""Where a text mentions a rule: rule numbers (``R12.10``) and the game's terms (zone of control, cut off…).

One helper for every text that links to the rules page: the message log, the Combat Panel and the rules
page itself ask :func:`find_links` for the spans to draw as links and to hit-test.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from malaya.session.words.rules_ref.entries import RULE_NUMBER

TERMS: dict[str, str] = {
    "zone of control": "R6", "zones of control": "R6", "stacking": "R4", "overstacked": "R4",
    "unsupplied": "R10", "cut off": "R10", "supply": "R10", "rail": "R8", "by sea": "R9", "landing": "R9.6",
    "landed": "R9.6", "Force Z": "R9.7", "air points": "R11", "air point": "R11", "odds": "R12.4",
    "retreated": "R12.8", "retreat": "R12.8", "advanced": "R12.9", "advance": "R12.9",
    "lost a step": "R12.7", "eliminated": "R2.3", "exchange": "R12.6", "bridge": "R7.7", "causeway": "R7.7",
    "reinforcement": "R14", "reinforcements": "R14", "victory points": "R15", "VP": "R15",
    "optional unit": "R16", "hex control": "R13", "owner": "R13", "terrain": "R5", "supply source": "R10.3",
}
"""Words the game uses for a rule, and the rule that explains them."""

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
