"""The combat breakdown's lines in words: the engine gives each line as a reason and its facts, ``breakdown.toml``
writes it (issue 28 item 2).

:func:`breakdown_text` is the one door for a breakdown line shown to a player (the Combat Panel, its hover tips):
the template of the line's reason, its terrain and hexside codes in the words file's words.
Nothing here runs while the AI weighs a combat: the engine keeps the lines as data and they are written when shown.
"""

from __future__ import annotations

from malaya.engine import Line, Modifier, Reason
from malaya.session.words.catalog import say, template

_KEYS: dict[Reason, str] = {
    Reason.ATTACKS_WITH: "breakdown.attacks_with",
    Reason.DEFENDS_WITH: "breakdown.defends_with",
    Reason.UNSUPPLIED: "breakdown.unsupplied",
    Reason.ATTACKS_ACROSS: "breakdown.attacks_across",
    Reason.TERRAIN: "breakdown.terrain",
    Reason.SHIFT_LEFT: "breakdown.shift_left",
    Reason.SHIFT_RIGHT: "breakdown.shift_right",
    Reason.SHIFT_ACROSS_LEFT: "breakdown.shift_across_left",
    Reason.SHIFT_ACROSS_RIGHT: "breakdown.shift_across_right",
    Reason.ATTACK_AIR: "breakdown.attack_air",
    Reason.DEFENSE_AIR: "breakdown.defense_air",
    Reason.ARMOR: "breakdown.armor",
    Reason.AMPHIBIOUS: "breakdown.amphibious",
    Reason.CAP: "breakdown.cap",
}
"""The sentence of each reason."""
WORDS: dict[str, str] = {
    "river_minor": "breakdown_words.river_minor", "river_major": "breakdown_words.river_major",
    "strait": "breakdown_words.strait", "causeway": "breakdown_words.causeway", "sea": "breakdown_words.sea",
    "river": "breakdown_words.river", "hexside": "breakdown_words.hexside",
    "clear": "breakdown_words.clear", "plantation": "breakdown_words.plantation", "jungle": "breakdown_words.jungle",
    "swamp": "breakdown_words.swamp", "mountain": "breakdown_words.mountain", "town": "breakdown_words.town",
    "city": "breakdown_words.city", "fortress": "breakdown_words.fortress",
}
"""The words of a hexside's or a terrain's code (the hexsides of ``Hexside`` and ``river``, the ``Terrain``s)."""
_CODED = ("hexside", "terrain", "feature")
"""The facts given as a code, written with :data:`WORDS`."""


def _word(code: object, first: bool) -> str:
    """A hexside's or terrain's code in words; a ruleset's own column-shift key with spaces for underscores.

    A word that opens its line (``first``) is given a capital: ``Town: defenders ×1½``.
    """
    key = WORDS.get(str(code))
    word = say(key) if key is not None else str(code).replace("_", " ")
    return word[:1].upper() + word[1:] if first else word


def breakdown_text(item: Line | Modifier) -> str:
    """One breakdown line as its words file writes it (``Town: defenders ×1½``)."""
    key = _KEYS[item.code]
    opening = template(key)
    facts = {name: _word(value, opening.startswith(f"{{{name}")) if name in _CODED else value
             for name, value in item.params}
    return say(key, **facts)
