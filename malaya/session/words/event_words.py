"""The words every event sentence shares: the sides, unit names, places and result levels (issue 13 §3).

``SIDE_NAMES`` and ``SIDE_ADJECTIVES`` are the one place a side is written out for a player
("the Commonwealth", "Japanese"): the log, the ledger, the top bar and the report all use them.
"""

from __future__ import annotations

import math
from typing import Literal

from malaya.engine import GameDef, Hex, Phase, Side, join_words
from malaya.session.words.catalog import say

SIDE_NAMES = {Side.JP: say("side.jp_subject"), Side.CW: say("side.cw_subject")}
"""Each side as the subject of a sentence."""

SIDE_ADJECTIVES = {Side.JP: say("side.jp_adjective"), Side.CW: say("side.cw_adjective")}
"""Each side before a noun."""

PHASE_NAMES = {Phase.SUPPLY: say("phase_name.supply"), Phase.REINFORCEMENT: say("phase_name.reinforcement"),
               Phase.AIR: say("phase_name.air"), Phase.NAVAL: say("phase_name.naval"),
               Phase.MOVEMENT: say("phase_name.movement"), Phase.RAIL: say("phase_name.rail"),
               Phase.COMBAT: say("phase_name.combat"), Phase.END: say("phase_name.end"),
               Phase.OPTIONS: say("phase_name.options")}
"""Each phase inside a sentence ("the Japanese movement phase")."""

PHASE_TITLES = {Phase.SUPPLY: say("phase_title.supply"), Phase.REINFORCEMENT: say("phase_title.reinforcement"),
                Phase.AIR: say("phase_title.air"), Phase.NAVAL: say("phase_title.naval"),
                Phase.MOVEMENT: say("phase_title.movement"), Phase.RAIL: say("phase_title.rail"),
                Phase.COMBAT: say("phase_title.combat"), Phase.END: say("phase_title.end"),
                Phase.OPTIONS: say("phase_title.options")}
"""Each phase as a title (a panel's heading, the replay's bar)."""

Preposition = Literal["at", "to", "on", "into", "from"]
"""How a sentence reaches a place: ``at Kampar``, ``to Kampar``."""
_PREPOSITIONS: dict[str, tuple[str, str]] = {
    "at": ("place.at", "place.at_entry"), "to": ("place.to", "place.to_entry"), "on": ("place.on", "place.on_entry"),
    "into": ("place.into", "place.into_entry"), "from": ("place.from", "place.from_entry"),
}
"""Each preposition's sentences: before a place's name, and before a map edge's (``at the north edge (road)``)."""


def unit_name(gd: GameDef, unit_id: str) -> str:
    """A unit's printed name (``a unit`` for an id the scenario does not know)."""
    index = gd.unit_index.get(unit_id)
    return say("place.a_unit") if index is None else gd.unit_defs[index].name


def units_text(gd: GameDef, unit_ids: tuple[str, ...]) -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    return join_words([unit_name(gd, u) for u in unit_ids])


def place(gd: GameDef, h: Hex | None, prep: Preposition = "at") -> str:
    """``at Kampar`` on a named hex, ``near Kampar`` elsewhere, ``at the north edge (road)``, ``off the map``."""
    if h is None or not gd.board.on_map(h):
        return say("place.off_the_map")
    name = gd.place_name(h)
    named, entry = _PREPOSITIONS[prep]
    if any(p.entry for p in gd.board.places_at(h)):  # "North edge (road)" → "at the north edge (road)"
        return say(entry, edge=f"{name[:1].lower()}{name[1:]}")
    return name if name.startswith("near ") else say(named, place=name)


COMPASS = ("place.east", "place.north_east", "place.north", "place.north_west", "place.west", "place.south_west",
           "place.south", "place.south_east")
"""The eight directions' words, counter-clockwise from east (the map's north is up)."""


def direction(a: Hex, b: Hex) -> str:
    """The compass direction from hex ``a`` to hex ``b`` on the flat-top map, as a word (``south-east``)."""
    dx = 1.5 * (b.q - a.q)
    dy = math.sqrt(3) * ((b.r - a.r) + (b.q - a.q) / 2)  # screen y grows southwards
    sector = round(math.degrees(math.atan2(-dy, dx)) / 45) % 8
    return say(COMPASS[sector])


def hex_name(gd: GameDef, h: Hex) -> str:
    """A hex as a player finds it: ``Jitra`` on a named hex, else by the nearest town: ``the hex just south-east
    of Jitra``, ``the hex 3 hexes north of Kroh`` (never by column and row)."""
    places = gd.board.places_at(h)
    if places:
        return places[0].name
    town = gd.nearest_town(h)
    if town is None:
        return say("place.open_country")
    far = town.hex.distance(h)
    key = "place.hex_next_to_town" if far == 1 else "place.hex_from_town"
    return say(key, hexes=far, direction=direction(town.hex, h), town=town.name)


def capital(text: str) -> str:
    """The text with a capital first letter."""
    return text[:1].upper() + text[1:]


def bridge_place(gd: GameDef, a: Hex, b: Hex) -> str:
    """Where a bridge is: ``between Seletar and Johore Bahru``, ``at Grik`` (one named end), or ``near Grik``."""
    names = [n for n in (gd.place_name(a), gd.place_name(b)) if not n.startswith("near ")]
    if len(names) == 2:
        return say("place.bridge_between", a=names[0], b=names[1])
    return say("place.at", place=names[0]) if names else gd.place_name(a)

