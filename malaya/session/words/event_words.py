"""The words every event sentence shares: the sides, unit names, places and result levels (issue 13 §3).

``SIDE_NAMES`` and ``SIDE_ADJECTIVES`` are the one place a side is written out for a player
("the Commonwealth", "Japanese"): the log, the ledger, the top bar and the report all use them.
"""

from __future__ import annotations

import math

from malaya.engine import GameDef, Hex, Side, join_words

SIDE_NAMES = {Side.JP: "the Japanese", Side.CW: "the Commonwealth"}
"""Each side as the subject of a sentence."""

SIDE_ADJECTIVES = {Side.JP: "Japanese", Side.CW: "Commonwealth"}
"""Each side before a noun."""


def unit_name(gd: GameDef, unit_id: str) -> str:
    """A unit's printed name (``a unit`` for an id the scenario does not know)."""
    index = gd.unit_index.get(unit_id)
    return "a unit" if index is None else gd.unit_defs[index].name


def units_text(gd: GameDef, unit_ids: tuple[str, ...]) -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    return join_words([unit_name(gd, u) for u in unit_ids])


def place(gd: GameDef, h: Hex | None, prep: str = "at") -> str:
    """``at Kampar`` on a named hex, ``near Kampar`` elsewhere, ``at the north edge (road)``, ``off the map``."""
    if h is None or not gd.board.on_map(h):
        return "off the map"
    name = gd.place_name(h)
    if any(p.entry for p in gd.board.places_at(h)):  # "North edge (road)" → "at the north edge (road)"
        return f"{prep} the {name[:1].lower()}{name[1:]}"
    return name if name.startswith("near ") else f"{prep} {name}"


COMPASS = ("east", "north-east", "north", "north-west", "west", "south-west", "south", "south-east")
"""The eight directions, counter-clockwise from east (the map's north is up)."""


def direction(a: Hex, b: Hex) -> str:
    """The compass direction from hex ``a`` to hex ``b`` on the flat-top map, as a word (``south-east``)."""
    dx = 1.5 * (b.q - a.q)
    dy = math.sqrt(3) * ((b.r - a.r) + (b.q - a.q) / 2)  # screen y grows southwards
    sector = round(math.degrees(math.atan2(-dy, dx)) / 45) % 8
    return COMPASS[sector]


def hex_name(gd: GameDef, h: Hex) -> str:
    """A hex as a player finds it: ``Jitra`` on a named hex, else by the nearest town: ``the hex just south-east
    of Jitra``, ``the hex 3 hexes north of Kroh`` (never by column and row)."""
    places = gd.board.places_at(h)
    if places:
        return places[0].name
    town = gd.nearest_town(h)
    if town is None:
        return "a hex in open country"
    far = town.hex.distance(h)
    how_far = "just" if far == 1 else f"{far} hexes"
    return f"the hex {how_far} {direction(town.hex, h)} of {town.name}"


def capital(text: str) -> str:
    """The text with a capital first letter."""
    return text[:1].upper() + text[1:]


def bridge_place(gd: GameDef, a: Hex, b: Hex) -> str:
    """Where a bridge is: ``between Seletar and Johore Bahru``, ``at Grik`` (one named end), or ``near Grik``."""
    names = [n for n in (gd.place_name(a), gd.place_name(b)) if not n.startswith("near ")]
    if len(names) == 2:
        return f"between {names[0]} and {names[1]}"
    return f"at {names[0]}" if names else gd.place_name(a)

