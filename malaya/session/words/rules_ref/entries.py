"""The in-game rules reference as data: topics keyed by rule number, each a list of sections and tables.

The words are ours (a paraphrase of the rules, never the rulebook's text) and live in ``texts/rules.toml``;
every number in them is read from the scenario (:mod:`.numbers` fills the placeholders, :mod:`.pages` builds
the topics), so what the page says is what the engine does.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

RULE_NUMBER = re.compile(r"\bR(\d{1,2})(?:\.(\d{1,2}))?\b")
"""A rule number as the UI writes it: ``R12`` or ``R12.10``."""


@dataclass(frozen=True)
class RuleSection:
    """One paragraph of a topic, about one rule (``R12.8``) or the whole chapter (``R12``)."""

    number: str
    heading: str
    text: str


@dataclass(frozen=True)
class RuleTable:
    """A table shown under a topic's sections: a header row, then the rows."""

    title: str
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class RuleEntry:
    """One topic of the reference: its key (``R12``), title, sections, tables and the rule numbers it covers."""

    key: str
    title: str
    sections: tuple[RuleSection, ...]
    tables: tuple[RuleTable, ...] = ()
    covers: tuple[str, ...] = ()
    """Sub-rules explained here although their chapter has its own topic (``R7.7`` under Bridges)."""

    def section_index(self, number: str) -> int:
        """The first section about ``number`` (or about its chapter); 0 when none names it."""
        chapter = chapter_of(number)
        exact = next((i for i, s in enumerate(self.sections) if s.number == number), None)
        if exact is not None:
            return exact
        return next((i for i, s in enumerate(self.sections) if chapter_of(s.number) == chapter), 0)


def chapter_of(number: str) -> str:
    """``R12`` for ``R12.10`` (and for ``R12``)."""
    return number.split(".", 1)[0]


@dataclass(frozen=True)
class Reference:
    """Every topic in reading order, and where a rule number is explained."""

    entries: tuple[RuleEntry, ...]
    glossary: dict[str, str] = field(default_factory=dict)
    """Short codes the tables use (``DR``) and what they mean, for a hover."""

    def locate(self, number: str) -> tuple[int, int] | None:
        """(topic index, section index) explaining ``number``: a topic covering it exactly, else its chapter's."""
        for i, entry in enumerate(self.entries):
            if number in entry.covers:
                return i, entry.section_index(number)
        chapter = chapter_of(number)
        for i, entry in enumerate(self.entries):
            if entry.key == chapter:
                return i, entry.section_index(number)
        return None

    def entry(self, number: str) -> RuleEntry | None:
        """The topic explaining ``number``, if any."""
        found = self.locate(number)
        return None if found is None else self.entries[found[0]]

    def summary(self, number: str) -> str | None:
        """What a link to ``number`` says on hover: its topic, the section's heading and first sentence."""
        found = self.locate(number)
        if found is None:
            return None
        entry = self.entries[found[0]]
        if not entry.sections:
            return f"{entry.title}. More: {number}, click."
        section = entry.sections[found[1]]
        first = section.text.split(". ", 1)[0].rstrip(".")
        return f"{entry.title} — {section.heading}: {first}. More: {number}, click."

    def knows(self, number: str) -> bool:
        """True when some topic explains ``number``."""
        return self.locate(number) is not None
