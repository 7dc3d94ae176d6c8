"""The side panel's words: unit info (R2.1, R2.4) and hex info (R5, R13), as lines of text."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from malaya.engine import Action, Connection, GameDef, GameState, Hex, Hexside, UnitState
from malaya.session.words.catalog import say
from malaya.session.words.event_words import SIDE_ADJECTIVES

CONNECTION_WORDS = {Connection.ROAD: "info.road", Connection.RAIL: "info.railway"}
"""A road or railway through the hex: its words' key."""
HEXSIDE_WORDS = {Hexside.RIVER_MINOR: "info.minor_river", Hexside.RIVER_MAJOR: "info.major_river",
                 Hexside.STRAIT: "info.strait", Hexside.CAUSEWAY: "info.causeway", Hexside.SEA: "info.coast"}
"""A hexside feature: its words' key (never its data name, ``river_minor``)."""

_ACTION_WORDS = {
    "move_unit": "info.may_move", "rail_move": "info.may_move_by_rail", "naval_move": "info.may_move_by_sea",
    "place_reinforcement": "info.may_be_placed", "undo_move": "info.may_undo_move",
    "undo_placement": "info.may_undo_placement", "add_attacker": "info.may_join_attack",
    "remove_attacker": "info.may_leave_attack", "advance": "info.may_advance",
    "cancel_advance": "info.may_cancel_advance",
}
"""What a unit may still do, by action type: its words' key."""


def _adm(f: Sequence[int]) -> str:
    """``8-6-7``."""
    return "-".join(str(v) for v in f)


def unit_lines(gd: GameDef, state: GameState, unit_id: str, actions: Sequence[Action]) -> list[str]:
    """Name, type, full/reduced factors, steps, supply, state and what it may still do."""
    d = gd.unit_def(unit_id)
    u = state.units[gd.unit_index[unit_id]]
    lines = [d.name, say("info.unit_kind", side=d.side.value, nationality=d.nationality.value, type=d.type.value,
                         size=d.size.value)]
    if d.steps == 2:
        lines.append(say("info.factors_reduced", full=_adm(d.full), reduced=_adm(d.reduced)))
    else:
        lines.append(say("info.factors", full=_adm(d.full)))
    lines.append(say("info.steps", steps=u.steps, most=d.steps, stacking=d.stacking))
    lines.append(say("info.supplied") if u.supplied else say("info.unsupplied", turns=u.unsupplied_turns))
    lines.append(_status(u))
    lines.append(_may(actions))
    return lines


def _status(u: UnitState) -> str:
    """Used / moved / attacked marks of this phase."""
    marks = []
    if u.used:
        marks.append(say("info.used"))
    if u.mp_used:
        marks.append(say("info.mp_spent", mp=Fraction(u.mp_used)))
    if u.attacked:
        marks.append(say("info.attacked"))
    if u.landed:
        marks.append(say("info.landed"))
    return say("info.state", marks=", ".join(marks)) if marks else say("info.state_fresh")


def _may(actions: Sequence[Action]) -> str:
    """What the legal actions of a unit let it still do, in words."""
    counts: dict[str, int] = {}
    for a in actions:
        counts[a.type] = counts.get(a.type, 0) + 1
    words = []
    for kind, n in counts.items():
        key = _ACTION_WORDS.get(kind)
        word = say(key) if key else kind.replace("_", " ")
        words.append(say("info.may_hexes", what=word, hexes=n) if n > 1 else word)
    return say("info.may", what=", ".join(words)) if words else say("info.may_nothing")


def hex_lines(gd: GameDef, state: GameState, h: Hex) -> list[str]:
    """Terrain, owner, places and their roles, roads/rails and hexside features, stacking."""
    board = gd.board
    if not board.on_map(h):
        return [say("info.off_the_map")]
    name = gd.place_name(h)  # a hex is named by a place, its cell only after that: "Near Kampar (12,7)"
    cell = gd.describe_hex(h)[gd.describe_hex(h).index("("):]
    lines = [f"{name[:1].upper()}{name[1:]} {cell}",
             say("info.terrain", terrain=board.terrain_at(h).value, owner=SIDE_ADJECTIVES[state.controller(h)])]
    for place in board.places_at(h):
        roles = [say(key) for key, on in (("info.port", place.port), ("info.airfield", place.airfield),
                                          ("info.supply_source", bool(place.supply_source))) if on]
        vp = gd.objective_vp.get(h)
        if vp:
            roles.append(say("info.objective", vp=vp))
        lines.append(say("info.place", place=place.name, roles=", ".join(roles) or say("info.town")))
    links = [say(CONNECTION_WORDS[kind]) for kind in Connection
             if any(board.has_connection(kind, h, n) for n in h.neighbors())]
    sides = sorted({say(HEXSIDE_WORDS[side]) for n in h.neighbors() if (side := board.hexside(h, n)) is not None})
    if links or sides:
        lines.append(say("info.features", features=", ".join(links + sides)))
    lines.append(say("info.stacking", points=sum(gd.stacking_value(u.id) for u in state.units_at(h)),
                     limit=gd.stacking_limit(h, state)))
    return lines
