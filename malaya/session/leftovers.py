"""What a player would leave undone by ending the phase now: units that could still move, attacks still possible.

The battle screen asks before End Phase when :func:`left_undone` finds something (issue 13 §1):
ending Movement with units that have not moved yet, or ending Combat — and with it the whole
player-turn — while attacks are still possible. Everything is read from the gate's legal
actions, so what the question names is exactly what the rules still allow.
"""

from __future__ import annotations

from dataclasses import dataclass

from malaya.engine import DeclareCombat, Hex, MoveUnit, Phase
from malaya.session.game_client import GameClient
from malaya.session.words.catalog import say
from malaya.session.words.event_words import SIDE_ADJECTIVES, hex_name

NAMES_SHOWN = 4
"""At most this many names are listed; the rest are counted ("and 3 more")."""


@dataclass(frozen=True, slots=True)
class LeftUndone:
    """The question to ask before ending the phase, and what "Review" should show first."""

    title: str
    summary: str
    units: tuple[str, ...] = ()
    """Units that could still act (Review selects the first)."""
    hexes: tuple[Hex, ...] = ()
    """Enemy hexes that could still be attacked (Review centres the map on the first)."""

    @property
    def first_hex(self) -> Hex | None:
        """The first hex to show on Review, if the question is about hexes."""
        return self.hexes[0] if self.hexes else None


def name_list(names: list[str]) -> str:
    """``a, b, c, d and 3 more`` (at most :data:`NAMES_SHOWN` names)."""
    shown = names[:NAMES_SHOWN]
    rest = len(names) - len(shown)
    text = ", ".join(shown)
    return say("leftover.names_and_more", names=text, rest=rest) if rest else text


def unmoved_units(client: GameClient) -> tuple[str, ...]:
    """Units of the acting side that have not moved this phase but still could (scenario order)."""
    state = client.state
    movable = {a.unit for a in client.legal() if isinstance(a, MoveUnit)}
    return tuple(u.id for u in state.units if u.id in movable and not u.used and u.start_hex is None)


def attackable_hexes(client: GameClient) -> tuple[Hex, ...]:
    """Enemy hexes a combat could still be declared against (the gate's order)."""
    out: list[Hex] = []
    for a in client.legal():
        if isinstance(a, DeclareCombat) and a.defender not in out:
            out.append(a.defender)
    return tuple(out)


def left_undone(client: GameClient) -> LeftUndone | None:
    """What ending the phase now would give up, or None when nothing is left (or it is not a human's turn)."""
    if not client.is_human_turn() or client.state.pending is not None:
        return None
    gd, state = client.gd, client.state
    side = SIDE_ADJECTIVES[state.side]
    if state.phase is Phase.MOVEMENT:
        units = unmoved_units(client)
        if not units:
            return None
        names = name_list([gd.unit_def(u).name for u in units])
        summary = say("leftover.not_moved", count=len(units), names=names)
        return LeftUndone(say("leftover.end_movement"), summary, units=units)
    if state.phase is Phase.COMBAT and state.combat is None:
        hexes = attackable_hexes(client)
        if not hexes:
            return None
        names = name_list([hex_name(gd, h) for h in hexes])
        summary = say("leftover.attacks_possible", count=len(hexes), names=names)
        return LeftUndone(say("leftover.end_combat", side=side), summary, hexes=hexes)
    return None
