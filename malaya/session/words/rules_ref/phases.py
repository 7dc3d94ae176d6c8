"""What the top bar's phase name and VP box explain on hover, and the rule each one opens (issue 14 §3)."""

from __future__ import annotations

from malaya.engine import Phase, Side, count_text
from malaya.session.words.rules_ref.explain import Explained

SEQUENCE_RULE = "R3.1"
"""The sequence of play: where a click on the phase name opens the rules page."""
VICTORY_RULE = "R15.5"
"""How the VP margin gives the result: where a click on the VP box opens the rules page."""

_PURPOSE: dict[Phase, tuple[str, str | None]] = {
    Phase.SUPPLY: ("the game checks which units can trace supply; cut-off units move and fight weaker.", "R10"),
    Phase.REINFORCEMENT: ("place the units arriving this turn and take or turn down optional units.", "R14"),
    Phase.AIR: ("split this turn's air points between attack and defense.", "R11.2"),
    Phase.NAVAL: ("move units by sea between ports and land them; Japan may send air points against Force Z.",
                  "R9"),
    Phase.MOVEMENT: ("each unit may move up to its movement points; an enemy zone of control stops it. The "
                     "Commonwealth may demolish bridges.", "R7"),
    Phase.RAIL: ("units that have not moved may travel along your own railway.", "R8"),
    Phase.COMBAT: ("attack enemy stacks next to your units, one combat at a time.", "R12"),
    Phase.END: ("the game closes the player-turn.", None),
    Phase.OPTIONS: ("before the first turn each side may buy options, paying their VP.", "R16.1"),
}
"""What each phase is for, and the rule with its details."""


def explain_phase(phase: Phase) -> Explained:
    """What ``phase`` is for, in a sentence, and the sequence-of-play rule a click opens."""
    purpose, details = _PURPOSE[phase]
    more = f"; the details are in {details}" if details else ""
    return Explained(SEQUENCE_RULE, f"{phase.value.capitalize()} phase: {purpose} "
                                    f"More: {SEQUENCE_RULE}, click the phase name{more}.")


def explain_vp(breakdown: str) -> Explained:
    """The VP breakdown, and the victory rule a click opens."""
    return Explained(VICTORY_RULE, f"{breakdown}\nHow the margin gives the result: {VICTORY_RULE}, click the box.")


TURN_RULE = "R1.3"
"""Game-turns and player-turns: where a click on the turn, the date or the side chip opens the rules page."""
_SIDE_NAMES = {Side.JP: "Japan", Side.CW: "the Commonwealth"}


def explain_turn(turn: int, turns_left: int | None, side: Side) -> Explained:
    """Whose player-turn of which game-turn it is, how many game-turns are left, and the rule a click opens."""
    left = "" if turns_left is None else " This is the last game-turn." if turns_left == 0 else \
        f" {count_text(turns_left, 'game-turn')} more after this one."
    return Explained(TURN_RULE, f"Game-turn {turn}, {_SIDE_NAMES[side]} playing: each game-turn Japan plays a "
                                f"whole player-turn, then the Commonwealth.{left} More: {TURN_RULE}, click.")
