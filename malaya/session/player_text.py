"""Text shown to players: rule numbers left out (only the Help screen numbers the rules)."""

from __future__ import annotations

import re

_RULE_REF = re.compile(r"\s*\((?:see )?R\d+(?:\.\d+)*(?:[–-]R?\d+(?:\.\d+)*)?(?:,? (?:step|R)\s*\d+(?:\.\d+)*)*\)")
"""A rule reference in brackets: ``(R12.10)``, ``(R12.10 step 3)``, ``(R9.3, R16.2)``, ``(R12.4-R12.6)``."""


def without_rule_refs(text: str) -> str:
    """Player text with rule references left out (the Help screen is where rules are numbered)."""
    return _RULE_REF.sub("", text)
