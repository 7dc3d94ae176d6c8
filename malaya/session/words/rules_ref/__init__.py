"""The in-game rules reference: topics keyed by rule number, their words from ``texts/rules.toml`` with the
scenario's numbers filled in, and the links to them."""

from __future__ import annotations

from functools import lru_cache

from malaya.engine import GameDef
from malaya.session.words.combat_text import spell_result
from malaya.session.words.rules_ref.entries import Reference, RuleEntry, RuleSection, RuleTable
from malaya.session.words.rules_ref.pages import topics

__all__ = ["Reference", "RuleEntry", "RuleSection", "RuleTable", "cached_reference", "reference"]


@lru_cache(maxsize=4)
def cached_reference(gd: GameDef) -> Reference:
    """The reference of ``gd``, built once (hover words are looked up in it every frame)."""
    return reference(gd)


def reference(gd: GameDef) -> Reference:
    """Every topic, in reading order, with this scenario's numbers."""
    results = gd.scenario.ruleset.combat.crt.results
    glossary = {code: spell_result(code, result) + "." for code, result in results.items()}
    return Reference(topics(gd), glossary)
