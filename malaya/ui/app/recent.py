"""The game the player last played, for the main menu's Continue button (after any quit, clean or not)."""

from __future__ import annotations

from malaya.persistence import SlotInfo
from malaya.persistence.last_played import last_played
from malaya.session.words.catalog import say
from malaya.session.words.event_words import SIDE_ADJECTIVES


def latest_game() -> SlotInfo | None:
    """The game last played, if it is not over (tracked as it is written, never guessed from dates)."""
    return last_played()


def continue_label(slot: SlotInfo) -> str:
    """``Continue (turn 4, Commonwealth)``: the game-turn and the side to play."""
    return say("recent.continue_label", turn=slot.turn, side=SIDE_ADJECTIVES[slot.side])
