"""One plain sentence per R16 option: what it changes, what it costs, whether the computer buys it."""

from __future__ import annotations

from malaya.ai.options import computer_buys
from malaya.engine import Option
from malaya.session.words.catalog import say
from malaya.session.words.event_words import SIDE_NAMES

LEVELS = ("easy", "normal", "hard")


def computer_choice(option: Option) -> str:
    """Whether the computer takes this option when it plays the option's side, and at which levels."""
    buying = [lv for lv in LEVELS if computer_buys(option, lv)]
    side = SIDE_NAMES[option.side]
    if not buying:
        return say("option_text.never_buys", side=side)
    levels = say("option_text.and_between").join(buying) if len(buying) < len(LEVELS) else say("option_text.every")
    return say("option_text.buys_at", side=side, levels=levels, count=len(buying))


def option_sentence(option: Option) -> str:
    """What the option changes, its VP cost to its buyer (R15.4), and the computer's choice."""
    change = option.description.strip().rstrip(".") or option.name
    return say("option_text.sentence", change=change, side=SIDE_NAMES[option.side], vp=option.vp,
               computer=computer_choice(option))
