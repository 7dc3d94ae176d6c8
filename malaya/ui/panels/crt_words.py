"""What a hover over a CRT result code shows: its words (``words.combat_text.spell_result``) and rules."""

from __future__ import annotations

from malaya.engine import ResultDef
from malaya.session.words.combat_text import spell_result


def explain_result(code: str, result: ResultDef) -> str:
    """The spelled-out code and the rules that carry it out (what a hover over the code shows)."""
    notes = [spell_result(code, result) + "."]
    if result.attacker_steps or result.defender_steps:
        notes.append("Losses fall on two-step units first, then at random (R12.7).")
    if result.attacker_retreat or result.defender_retreat:
        notes.append("Retreats go away from the combat towards supply; a unit with no way back loses "
                     "two steps instead (R12.8).")
    if result.defender_retreat or result.defender_eliminated:
        notes.append("The attackers may then advance into the emptied hex (R12.9).")
    return " ".join(notes)
