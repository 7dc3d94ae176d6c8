"""The message log respects limited intelligence (R2.5): a side reads only of enemy units it may see.

:func:`seen_events` keeps, of a run of events, what the viewing side may know once they happened:
an event naming an enemy unit the side cannot see (a move out of sight, a hidden unit running out
of supply, reinforcements arriving off the map) is left out, and a list of units keeps only the
ones it may see. Units revealed by a combat (``state.revealed``) are seen, so fights, retreats and
losses are told in full; the line of what a fight revealed names only the viewer's enemies, and
the enemy's air points are not told (the defending ones show in the fight, R12.11).
"""

from __future__ import annotations

from collections.abc import Iterable

from malaya import engine
from malaya.engine import AirAllocated, AirPointsReceived, Event, GameDef, GameState, Side, UnitsRevealed


def hidden_enemies(gd: GameDef, state: GameState, viewer: Side, among: Iterable[str] | None = None) -> frozenset[str]:
    """The enemy units ``viewer`` may not see in ``state`` (R2.5), of ``among`` (default: every unit); none when
    limited intelligence is off."""
    units = (u.id for u in state.units) if among is None else among
    return engine.hidden_enemy_units(gd, state, viewer, units)


def _unit_ids(gd: GameDef, value: object) -> tuple[str, ...] | None:
    """The unit ids a field holds (one id or a tuple of them), or None if it names no unit."""
    if isinstance(value, str) and value in gd.unit_index:
        return (value,)
    if isinstance(value, tuple) and value and all(isinstance(v, str) and v in gd.unit_index for v in value):
        return value
    return None


def named_units(gd: GameDef, events: Iterable[Event]) -> set[str]:
    """Every unit id the events' fields name."""
    named: set[str] = set()
    for event in events:
        for key in type(event).model_fields:
            named.update(_unit_ids(gd, getattr(event, key)) or ())
    return named


def seen_event(gd: GameDef, event: Event, hidden: frozenset[str]) -> Event | None:
    """``event`` as the viewer may read it: None if it is about hidden units only; hidden units dropped from lists."""
    update: dict[str, tuple[str, ...]] = {}
    named = kept = 0
    for key in type(event).model_fields:
        value = getattr(event, key)
        ids = _unit_ids(gd, value)
        if ids is None:
            continue
        seen = tuple(u for u in ids if u not in hidden)
        named, kept = named + 1, kept + bool(seen)
        if isinstance(value, str):
            if not seen:
                return None
        elif len(seen) != len(ids):
            update[key] = seen
    if named and not kept:
        return None
    return event.model_copy(update=update) if update else event


def news_to(gd: GameDef, event: Event, viewer: Side) -> Event | None:
    """``event`` less what ``viewer`` knew already or may not know: a fight reveals the enemy's units, not the
    viewer's own; the enemy's air points are its own business (R2.5: a side sees only its own air pools)."""
    if isinstance(event, AirPointsReceived | AirAllocated) and event.side is viewer.enemy and engine.limited(gd):
        return None
    if isinstance(event, UnitsRevealed):
        enemy = tuple(u for u in event.units if gd.side_of(u) is viewer.enemy)
        return event.model_copy(update={"units": enemy}) if enemy else None
    return event


def seen_events(gd: GameDef, state: GameState, viewer: Side, events: Iterable[Event]) -> list[Event]:
    """The events ``viewer`` may read of a run that led to ``state`` (R2.5), less what it knew already."""
    return told_events(gd, viewer, hidden_enemies(gd, state, viewer), events)


def told_events(gd: GameDef, viewer: Side, hidden: frozenset[str], events: Iterable[Event]) -> list[Event]:
    """The events ``viewer`` may read when ``hidden`` are the enemy units it may not see (R2.5)."""
    news = [told for event in events if (told := news_to(gd, event, viewer)) is not None]
    return [seen for event in news if (seen := seen_event(gd, event, hidden)) is not None]


def seen_lines(gd: GameDef, state: GameState, viewer: Side, lines: Iterable[str]) -> list[str]:
    """Of text lines written with full knowledge (the computer's explanation), those naming no unit ``viewer``
    may not see now (R2.5)."""
    names = [gd.unit_def(u).name for u in hidden_enemies(gd, state, viewer)]
    return [line for line in lines if not any(name in line for name in names)]
