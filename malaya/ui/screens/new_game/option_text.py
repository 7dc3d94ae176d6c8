"""One plain sentence per R16 option: what it changes, what it costs, whether the computer buys it."""

from __future__ import annotations

from malaya.ai.options import computer_buys
from malaya.engine import Option
from malaya.session.words.event_words import SIDE_NAMES

LEVELS = ("easy", "normal", "hard")


def computer_choice(option: Option) -> str:
    """Whether the computer takes this option when it plays the option's side, and at which levels."""
    buying = [lv for lv in LEVELS if computer_buys(option, lv)]
    side = SIDE_NAMES[option.side]
    if not buying:
        return f"The computer never buys it when it plays {side}."
    levels = " and ".join(buying) if len(buying) < len(LEVELS) else "every"
    return f"The computer buys it when it plays {side} ({levels} level{'s' if len(buying) > 1 else ''})."


def option_sentence(option: Option) -> str:
    """What the option changes, its VP cost to its buyer (R15.4), and the computer's choice."""
    change = option.description.strip().rstrip(".") or option.name
    return f"{change}. Costs {SIDE_NAMES[option.side]} {option.vp} VP. {computer_choice(option)}"
