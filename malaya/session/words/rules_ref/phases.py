"""What the top bar's phase name and VP box explain on hover, and the rule each one opens (issue 14 §3)."""

from __future__ import annotations

from malaya.engine import Phase, Side
from malaya.session.words.catalog import say
from malaya.session.words.rules_ref.explain import Explained

SEQUENCE_RULE = "R3.1"
"""The sequence of play: where a click on the phase name opens the rules page."""
VICTORY_RULE = "R15.5"
"""How the VP margin gives the result: where a click on the VP box opens the rules page."""

_PHASE_KEYS: dict[Phase, str] = {
    Phase.SUPPLY: "top_bar.supply", Phase.REINFORCEMENT: "top_bar.reinforcement", Phase.AIR: "top_bar.air",
    Phase.NAVAL: "top_bar.naval", Phase.MOVEMENT: "top_bar.movement", Phase.RAIL: "top_bar.rail",
    Phase.COMBAT: "top_bar.combat", Phase.END: "top_bar.end", Phase.OPTIONS: "top_bar.options",
}
"""The words file's sentence of each phase: what it is for, and the rule with its details."""


def explain_phase(phase: Phase) -> Explained:
    """What ``phase`` is for, in a sentence, and the sequence-of-play rule a click opens."""
    return Explained(SEQUENCE_RULE, say(_PHASE_KEYS[phase], rule=SEQUENCE_RULE))


def explain_vp(breakdown: str) -> Explained:
    """The VP breakdown, and the victory rule a click opens."""
    return Explained(VICTORY_RULE, say("top_bar.vp", breakdown=breakdown, rule=VICTORY_RULE))


TURN_RULE = "R1.3"
"""Game-turns and player-turns: where a click on the turn, the date or the side chip opens the rules page."""
_SIDE_NAMES = {Side.JP: "top_bar.side_japan", Side.CW: "top_bar.side_commonwealth"}


def explain_turn(turn: int, turns_left: int | None, side: Side) -> Explained:
    """Whose player-turn of which game-turn it is, how many game-turns are left, and the rule a click opens."""
    key = "top_bar.turn" if turns_left is None else "top_bar.turn_last" if turns_left == 0 else "top_bar.turn_more"
    return Explained(TURN_RULE, say(key, turn=turn, side=say(_SIDE_NAMES[side]), left=turns_left, rule=TURN_RULE))
