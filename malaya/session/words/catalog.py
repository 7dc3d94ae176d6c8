"""The one door for player-facing sentences: templates in the ``texts/`` data files, filled in by name.

A template is a whole sentence with named placeholders (``{unit} can sail only to the ports marked on
the map.``), so a writer or a translator changes the words, and their order, without reading code.
A placeholder may carry a format after a colon:

- ``{n:step}``, ``{n:hex|hexes}``: the number and its noun (``1 step``, ``3 hexes``);
- ``{n:~unit}``: the noun alone, singular or plural by the number (``units``);
- ``{x:times}``: a multiplier (``×1½``); ``{x:signed}``: with its sign (``+1``, ``−1``);
- ``{d:date}``: a calendar date (``8 December 1941``).

Without a format a fraction is written as players write it (``13½``) and anything else as it is.
A broken file is a :class:`WordsError` naming the file and the key, raised when the file is first read
(the tests read every file).
"""

from __future__ import annotations

import re
import string
import tomllib
from collections.abc import Iterator, Mapping
from datetime import date
from fractions import Fraction
from functools import lru_cache
from importlib import resources
from typing import Any

from malaya.engine import number_text

TEXTS = "texts"
"""The folder of words files inside this package (shipped as package data)."""
SENTENCES = "sentences.toml"
"""The file of the sentences :func:`say` writes: one table per subject, one template per key."""
REFUSALS = "refusals.toml"
"""The file of the gate's reasons: one table, ``refusals``, one template per refusal code of the engine."""
BREAKDOWN = "breakdown.toml"
"""The file of the combat breakdown's lines: one template per reason of the engine, and the words of its terrains."""
CONTENT = "content.toml"
"""The file of what is wrong with a content file: one table, ``content``, a template per code of ``content.said``."""
SCENARIO_CHECKS = "scenario_checks.toml"
"""The file of the mistakes the rules find in a scenario: ``scenario_checks``, a template per code of
``engine.mistakes``."""
AI = "ai.toml"
"""The file of the computer player's explanation: ``ai`` (a template per code of ``ai.told``) and ``ai_explain``."""
SCREEN_FOLDERS = ("ui", "report", "cli", "saves")
"""The folders of ``texts/`` whose files hold one table each: a screen's, a report section's, a command's words, or
those of a module reading and writing saves and turn files (``saves/``: its refusals of a bad file, its names)."""

_NOUN = re.compile(r"~?[A-Za-z][A-Za-z' -]*(\|[A-Za-z][A-Za-z' -]*)?")
"""A counted noun as a format: ``step``, ``hex|hexes``, ``~unit`` (the noun alone)."""
FORMATS = ("times", "signed", "date")
"""The formats that are not a counted noun."""


class WordsError(ValueError):
    """A words file that cannot be used: unreadable, a template that does not parse, a key or value missing."""


class _Formatter(string.Formatter):
    """``str.format`` with the words files' formats (counted nouns, multipliers, signs, dates)."""

    def format_field(self, value: Any, format_spec: str) -> str:
        """One placeholder's value in the format its template asks for."""
        if not format_spec:
            return number_text(value) if isinstance(value, Fraction) else str(value)
        if format_spec == "times":
            return f"×{number_text(value)}"
        if format_spec == "signed":
            return f"{value:+d}".replace("-", "−")
        if format_spec == "date":
            return f"{value:%-d %B %Y}" if isinstance(value, date) else str(value)
        noun, _, plural = format_spec.lstrip("~").partition("|")
        word = noun if value == 1 else plural or noun + "s"
        return word if format_spec.startswith("~") else f"{self.format_field(value, '')} {word}"


FORMATTER = _Formatter()


def placeholders(template: str) -> Iterator[tuple[str, str]]:
    """(name, format) of every placeholder in ``template``, in order (``ValueError`` if it does not parse)."""
    for _, name, spec, _ in FORMATTER.parse(template):
        if name is not None:
            yield name, spec or ""


def check_template(template: str, where: str) -> None:
    """Raise :class:`WordsError` unless ``template`` parses and every format in it is known."""
    try:
        found = list(placeholders(template))
    except ValueError as e:
        raise WordsError(f"{where}: the template does not parse ({e}): {template!r}") from e
    for name, spec in found:
        if not name.isidentifier():
            raise WordsError(f"{where}: a placeholder needs a plain name, not {{{name}}}")
        if spec and spec not in FORMATS and not _NOUN.fullmatch(spec):
            raise WordsError(f"{where}: unknown format {spec!r} in {{{name}:{spec}}}")


def fill(template: str, values: Mapping[str, object], where: str) -> str:
    """``template`` with its placeholders filled from ``values`` (a missing one is a :class:`WordsError`)."""
    try:
        return FORMATTER.vformat(template, (), values)
    except KeyError as e:
        raise WordsError(f"{where}: no value for the placeholder {{{e.args[0]}}}") from e


def read_words(name: str) -> dict[str, Any]:
    """The parsed words file ``texts/<name>`` of this package (a :class:`WordsError` if it cannot be read)."""
    path = resources.files("malaya.session.words").joinpath(TEXTS, name)
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise WordsError(f"words file {name}: {e}") from e


def words_files() -> list[str]:
    """The sentence files, ``texts/``-relative: :data:`SENTENCES`, :data:`REFUSALS`, :data:`BREAKDOWN`,
    :data:`CONTENT`, :data:`SCENARIO_CHECKS`, :data:`AI`, then every screen's file by folder and name."""
    root = resources.files("malaya.session.words").joinpath(TEXTS)
    screens = sorted(f"{folder}/{entry.name}" for folder in SCREEN_FOLDERS if root.joinpath(folder).is_dir()
                     for entry in root.joinpath(folder).iterdir() if entry.name.endswith(".toml"))
    return [SENTENCES, REFUSALS, BREAKDOWN, CONTENT, SCENARIO_CHECKS, AI, *screens]


@lru_cache(maxsize=1)
def sentences() -> dict[str, str]:
    """Every sentence template by its key (``refusal.sail_only_ports``), checked; no table is in two files."""
    catalog: dict[str, str] = {}
    owner: dict[str, str] = {}
    for name in words_files():
        for group, table in read_words(name).items():
            if not isinstance(table, dict):
                raise WordsError(f"{name}: [{group}] must be a table of templates")
            if group in owner:
                raise WordsError(f"{name}: [{group}] is already the table of {owner[group]}")
            owner[group] = name
            for key, template in table.items():
                where = f"{name}: {group}.{key}"
                if not isinstance(template, str):
                    raise WordsError(f"{where}: a template must be text")
                check_template(template, where)
                catalog[f"{group}.{key}"] = template
    return catalog


def template(key: str) -> str:
    """The template of ``key`` (a :class:`WordsError` for a key no words file has)."""
    found = sentences().get(key)
    if found is None:
        raise WordsError(f"{SENTENCES} has no sentence {key!r}")  # nor has any screen's file
    return found


def say(key: str, /, **values: object) -> str:
    """The sentence ``key`` with ``values`` filled in: every player-facing sentence is written through here."""
    return fill(template(key), values, f"{SENTENCES}: {key}")
