"""The most recent unfinished game, for the main menu's Continue button (after any quit, clean or not)."""

from __future__ import annotations

import datetime

from malaya.persistence import SlotInfo, list_slots
from malaya.persistence.autosave import autosave_dir
from malaya.session.event_words import SIDE_ADJECTIVES


def saved_at(slot: SlotInfo) -> float:
    """When a slot was saved (POSIX seconds; its file time if the date is unreadable)."""
    try:
        when = datetime.datetime.fromisoformat(slot.date)
    except ValueError:
        return slot.path.stat().st_mtime if slot.path.exists() else 0.0
    if when.tzinfo is None:
        when = when.replace(tzinfo=datetime.UTC)
    return when.timestamp()


def latest_game() -> SlotInfo | None:
    """The newest unfinished game among the saves and the autosaves (the quit autosave included), or None."""
    slots = [s for folder in (None, autosave_dir()) for s in list_slots(folder).slots if not s.finished]
    return max(slots, key=saved_at, default=None)


def continue_label(slot: SlotInfo) -> str:
    """``Continue (turn 4, Commonwealth)``: the game-turn and the side to play."""
    return f"Continue (turn {slot.turn}, {SIDE_ADJECTIVES[slot.side]})"
