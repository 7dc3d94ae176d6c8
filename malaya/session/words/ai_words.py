"""The computer player's explanation (the ``W`` panel) in words: the one door for everything the AI tells a player.

The AI keeps its plan as data (issue 28 item 2): its notes and reasons are :class:`~malaya.ai.told.Told` records
(a code and its facts), its attacks, pull-backs and the alternatives it weighed are records with fields.
:func:`told_text` writes a note from its template in ``texts/ai.toml``; :func:`intent_sentences`,
:func:`alternative_line` and :func:`explanation_text` write the rest, laid out as the panel shows it.
"""

from __future__ import annotations

from malaya.ai.explain import AIExplanation, Alternative, TurnLog
from malaya.ai.intent import Intent, LeftEmpty, PlannedAttack, PullBack
from malaya.ai.told import NEAR, Param, Told, Topic, told
from malaya.engine import Side
from malaya.session.words.catalog import say
from malaya.session.words.event_words import SIDE_ADJECTIVES

OPEN_COUNTRY = "open country"
"""How the rules name a hex on a map without places (``GameDef.place_name``)."""
_AN = ("8", "11%", "18%")
"""Percentages read with "an" before them ("an 83%", "an 11%")."""
_ALTERNATIVE = {(True, False): "ai_explain.alternative", (True, True): "ai_explain.alternative_air",
                (False, False): "ai_explain.alternative_weak", (False, True): "ai_explain.alternative_weak_air"}
"""A weighed combat's line by (has odds, has air points)."""
_ATTACK = {(False, False): "ai_explain.attack", (False, True): "ai_explain.attack_air",
           (True, False): "ai_explain.attack_an", (True, True): "ai_explain.attack_an_air"}
"""A declared attack's sentence by (its chance reads with "an", has air points)."""


def _value(value: Param) -> object:
    """One fact as its template takes it: a phrase written, a list joined by commas."""
    if isinstance(value, Told):
        return told_text(value)
    if isinstance(value, tuple):
        return ", ".join(str(_value(item)) for item in value)
    return value


def told_text(told: Told) -> str:
    """What the AI tells, as words: the template of its code with its facts filled in."""
    return say(f"ai.{told.code.value}", **{name: _value(value) for name, value in told.params})


def _at(where: str) -> str:
    """A hex as the rules name it (``GameDef.place_name``) as the end of a phrase: ``at Kampar``, ``near Kampar``,
    ``in open country``."""
    if where == OPEN_COUNTRY:
        return told_text(told(Topic.IN_OPEN_COUNTRY))
    if where.startswith(NEAR):
        return told_text(told(Topic.NEAR_PLACE, place=where.removeprefix(NEAR)))
    return told_text(told(Topic.AT_PLACE, place=where))


def _listed(names: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return names[0] if len(names) == 1 else say("ai_explain.and_list", items=", ".join(names[:-1]), last=names[-1])


def alternative_line(alt: Alternative) -> str:
    """One combat weighed, in one line: where, with what, the odds and the chances, its rating."""
    facts = {"place": alt.where or alt.target, "units": len(alt.attackers), "hurt": f"{alt.p_defender_hurt:.0%}",
             "loss": f"{alt.p_attacker_loss:.0%}", "rated": f"{alt.score:+.1f}"}
    return say(_ALTERNATIVE[bool(alt.column), alt.air_points > 0], column=alt.column, air=alt.air_points, **facts)


def attack_sentence(attack: PlannedAttack) -> str:
    """A combat the AI declared and why, in one sentence."""
    hurt = f"{attack.p_hurt:.0%}"
    odds = told_text(told(Topic.ODDS_AT, column=attack.column)) if attack.column else say("ai_explain.long_odds")
    facts = {"where": _at(attack.where), "units": attack.units, "odds": odds, "hurt": hurt,
             "loss": f"{attack.p_loss:.0%}"}
    return say(_ATTACK[hurt.startswith(_AN), attack.air_points > 0], air=attack.air_points, **facts)


def pull_back_sentence(back: PullBack) -> str:
    """A unit moved away from the enemy, in one sentence."""
    return say("ai_explain.pull_back", unit=back.unit, start=back.start, end=back.end)


def left_empty_sentence(left: LeftEmpty) -> str:
    """A victory hex left empty and why, in one sentence."""
    return say("ai_explain.leave_empty", where=left.where, reason=told_text(left.reason))


def intent_sentences(intent: Intent) -> list[str]:
    """The plan in plain sentences: the line, the pull-backs, the victory hexes left empty, then the attacks."""
    out: list[str] = []
    if intent.line:
        out.append(say("ai_explain.front_line", places=_listed(intent.line)))
    out += [pull_back_sentence(p) for p in intent.pull_backs]
    out += [left_empty_sentence(e) for e in intent.left_empty]
    out += [attack_sentence(a) for a in intent.attacks]
    if not intent.attacks:
        out.append(say("ai_explain.no_attack"))
    return out


def turn_text(log: TurnLog) -> str:
    """One player-turn's explanation: the plan in plain words, the notes, each attack with the others weighed."""
    lines = [say("ai_explain.turn", turn=log.turn, side=SIDE_ADJECTIVES[Side(log.side)]),
             f"  {say('ai_explain.the_plan')}"]
    lines += [f"    {s}" for s in intent_sentences(log.intent)]
    lines += [f"  {told_text(n)}" for n in log.notes]
    for i, c in enumerate(log.combats, 1):
        lines.append(f"  {say('ai_explain.attack_number', number=i, line=alternative_line(c.chosen))}")
        others = [alt for alt in c.alternatives if alt is not c.chosen]
        higher = any(a.score > c.chosen.score for a in others)
        if others:
            lines.append(f"      {say('ai_explain.also_weighed_higher' if higher else 'ai_explain.also_weighed')}")
        lines += [f"        {alternative_line(alt)}" for alt in others]
    return "\n".join(lines)


def explanation_text(explanations: AIExplanation, last_only: bool = True) -> str:
    """The last player-turn's explanation (or all of them), as the ``W`` panel shows it."""
    logs = explanations.turns[-1:] if last_only else explanations.turns
    return "\n".join(turn_text(t) for t in logs) if logs else say("ai_explain.not_played_yet")
