"""The rules reference's pages from its words file (``texts/rules.toml``), with the scenario's numbers filled in.

The file is read and checked once (its shape, every template, every ``by`` answer); a broken file is a
:class:`~malaya.session.words.catalog.WordsError` that names the topic and the section.
"""

from __future__ import annotations

from functools import lru_cache

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from malaya.engine import GameDef
from malaya.session.words.catalog import WordsError, check_template, fill, placeholders, read_words
from malaya.session.words.rules_ref.entries import RULE_NUMBER, RuleEntry, RuleSection, RuleTable
from malaya.session.words.rules_ref.numbers import phrase_writer, rule_values, table_rows

RULES_FILE = "rules.toml"
"""The rules reference's words file, under ``texts/``."""


class _Words(BaseModel):
    """A part of the words file: unknown keys are errors (a misspelt key is never silently ignored)."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class SectionWords(_Words):
    """One paragraph: its rule, heading and text; ``by`` names the value that picks one of several texts."""

    number: str
    heading: str
    text: str | dict[str, str]
    by: str | None = None


class TableWords(_Words):
    """A table: its title, its header and the name of the rows the game fills in."""

    title: str
    header: list[str]
    rows: str


class TopicWords(_Words):
    """One topic of the reference."""

    key: str
    title: str
    covers: list[str] = Field(default_factory=list)
    section: list[SectionWords]
    table: list[TableWords] = Field(default_factory=list)


class RulesWords(_Words):
    """The whole file: the phrases the game's lists are written with, the game's terms and the rule each links
    to, and the topics in reading order."""

    phrase: dict[str, str]
    term: dict[str, str]
    topic: list[TopicWords]

    def templates(self) -> list[tuple[str, str]]:
        """(where, template) of every text of the file, for checks."""
        out = [(f"phrase.{key}", text) for key, text in self.phrase.items()]
        for topic in self.topic:
            for s in topic.section:
                texts = s.text.items() if isinstance(s.text, dict) else [("", s.text)]
                out += [(f"{topic.key} {s.number} {s.heading}{' ' + answer if answer else ''}", text)
                        for answer, text in texts]
            out += [(f"{topic.key} table {t.title}", t.title) for t in topic.table]
        return out

    def placeholders(self) -> set[str]:
        """Every value name the topics' texts use (phrases excepted: the game fills those)."""
        names = {name for where, text in self.templates() if not where.startswith("phrase.")
                 for name, _ in placeholders(text)}
        return names | {s.by for t in self.topic for s in t.section if s.by is not None}


@lru_cache(maxsize=1)
def rules_words() -> RulesWords:
    """The rules reference's words file, read and checked once."""
    try:
        words = RulesWords.model_validate(read_words(RULES_FILE))
    except ValidationError as e:
        raise WordsError(f"{RULES_FILE}: {e}") from e
    for where, text in words.templates():
        check_template(text, f"{RULES_FILE}: {where}")
    for term, number in words.term.items():
        if not RULE_NUMBER.fullmatch(number):
            raise WordsError(f"{RULES_FILE}: term {term!r} links to {number!r}, not a rule number (R12 or R12.8)")
    for topic in words.topic:
        for s in topic.section:
            if isinstance(s.text, dict) != (s.by is not None):
                raise WordsError(f"{RULES_FILE}: {topic.key} {s.number} {s.heading}: several texts need `by`, "
                                 "and `by` needs several texts")
    return words


def _section(topic: TopicWords, s: SectionWords, values: dict[str, object]) -> RuleSection:
    """One section with its text chosen (``by``) and filled in."""
    where = f"{RULES_FILE}: {topic.key} {s.number} {s.heading}"
    text = s.text
    if isinstance(text, dict):
        answer = str(values.get(s.by or ""))
        if answer not in text:
            raise WordsError(f"{where}: no text for {s.by} = {answer!r} (has {', '.join(text)})")
        text = text[answer]
    return RuleSection(s.number, s.heading, fill(text, values, where))


def topics(gd: GameDef) -> tuple[RuleEntry, ...]:
    """Every topic in reading order, with this scenario's numbers."""
    words = rules_words()
    phrase = phrase_writer(words.phrase)
    values = rule_values(gd, phrase)
    rows = table_rows(gd, phrase)
    entries = []
    for topic in words.topic:
        sections = tuple(_section(topic, s, values) for s in topic.section)
        tables = []
        for t in topic.table:
            if t.rows not in rows:
                raise WordsError(f"{RULES_FILE}: {topic.key} table {t.title}: no rows named {t.rows!r}")
            tail, body = rows[t.rows]
            if body:
                tables.append(RuleTable(t.title, ((*t.header, *tail), *body)))
        entries.append(RuleEntry(topic.key, topic.title, sections, tuple(tables), tuple(topic.covers)))
    return tuple(entries)
