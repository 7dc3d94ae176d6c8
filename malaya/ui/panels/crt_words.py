"""What a hover over a CRT result code shows: its words (``words.combat_text.spell_result``) and rules."""

from __future__ import annotations

from malaya.engine import ResultDef
from malaya.session.words.catalog import say
from malaya.session.words.combat_text import spell_result


def explain_result(code: str, result: ResultDef) -> str:
    """The spelled-out code and the rules that carry it out (what a hover over the code shows)."""
    notes = [spell_result(code, result) + "."]
    if result.attacker_steps or result.defender_steps:
        notes.append(say("crt_words.losses_fall_on_two_step"))
    if result.attacker_retreat or result.defender_retreat:
        notes.append(say("crt_words.retreats_go_away_from_the"))
    if result.defender_retreat or result.defender_eliminated:
        notes.append(say("crt_words.the_attackers_may_then_advance"))
    return " ".join(notes)
