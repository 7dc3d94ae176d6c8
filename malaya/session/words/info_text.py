"""The side panel's words: unit info (R2.1, R2.4) and hex info (R5, R13), as lines of text."""

from __future__ import annotations

from collections.abc import Sequence

from malaya.engine import Action, Connection, GameDef, GameState, Hex, Hexside, UnitState, count_text, number_text
from malaya.session.words.event_words import SIDE_ADJECTIVES

CONNECTION_WORDS = {Connection.ROAD: "road", Connection.RAIL: "railway"}
"""A road or railway through the hex, in words."""
HEXSIDE_WORDS = {Hexside.RIVER_MINOR: "minor river", Hexside.RIVER_MAJOR: "major river", Hexside.STRAIT: "strait",
                 Hexside.CAUSEWAY: "causeway", Hexside.SEA: "coast"}
"""A hexside feature in words (never its data name, ``river_minor``)."""

_ACTION_WORDS = {
    "move_unit": "move", "rail_move": "move by rail", "naval_move": "move by sea",
    "place_reinforcement": "be placed", "undo_move": "undo its move", "undo_placement": "undo its placement",
    "add_attacker": "join the attack", "remove_attacker": "leave the attack", "advance": "advance",
    "cancel_advance": "cancel its advance",
}


def _adm(f: Sequence[int]) -> str:
    """``8-6-7``."""
    return "-".join(str(v) for v in f)


def unit_lines(gd: GameDef, state: GameState, unit_id: str, actions: Sequence[Action]) -> list[str]:
    """Name, type, full/reduced factors, steps, supply, state and what it may still do."""
    d = gd.unit_def(unit_id)
    u = state.units[gd.unit_index[unit_id]]
    lines = [d.name, f"{d.side.value} {d.nationality.value} {d.type.value} {d.size.value}"]
    factors = f"Full {_adm(d.full)}"
    if d.steps == 2:
        factors += f"   Reduced {_adm(d.reduced)}"
    lines.append(factors)
    lines.append(f"Steps {u.steps} of {d.steps}   Stacking {d.stacking}")
    supply = "Supplied" if u.supplied else f"UNSUPPLIED ({count_text(u.unsupplied_turns, 'turn')})"
    lines.append(f"Supply: {supply}")
    lines.append(_status(u))
    lines.append(_may(actions))
    return lines


def _status(u: UnitState) -> str:
    """Used / moved / attacked marks of this phase."""
    marks = []
    if u.used:
        marks.append("Used")
    if u.mp_used:
        marks.append(f"{number_text(u.mp_used)} MP spent")
    if u.attacked:
        marks.append("attacked")
    if u.landed:
        marks.append("landed")
    return "State: " + (", ".join(marks) if marks else "fresh")


def _may(actions: Sequence[Action]) -> str:
    """What the legal actions of a unit let it still do, in words."""
    counts: dict[str, int] = {}
    for a in actions:
        counts[a.type] = counts.get(a.type, 0) + 1
    words = []
    for kind, n in counts.items():
        word = _ACTION_WORDS.get(kind, kind.replace("_", " "))
        words.append(f"{word} ({n} hexes)" if n > 1 else word)
    return "May: " + (", ".join(words) if words else "nothing more this phase")


def hex_lines(gd: GameDef, state: GameState, h: Hex) -> list[str]:
    """Terrain, owner, places and their roles, roads/rails and hexside features, stacking."""
    board = gd.board
    if not board.on_map(h):
        return ["Off the map"]
    name = gd.place_name(h)  # a hex is named by a place, its cell only after that: "Near Kampar (12,7)"
    cell = gd.describe_hex(h)[gd.describe_hex(h).index("("):]
    lines = [f"{name[:1].upper()}{name[1:]} {cell}",
             f"Terrain: {board.terrain_at(h).value}   Owner: {SIDE_ADJECTIVES[state.controller(h)]}"]
    for place in board.places_at(h):
        roles = [r for r, on in (("port", place.port), ("airfield", place.airfield),
                                 ("supply source", bool(place.supply_source))) if on]
        vp = gd.objective_vp.get(h)
        if vp:
            roles.append(f"objective {vp} VP")
        lines.append(f"{place.name}: {', '.join(roles) or 'town'}")
    links = [CONNECTION_WORDS[kind] for kind in Connection
             if any(board.has_connection(kind, h, n) for n in h.neighbors())]
    sides = sorted({HEXSIDE_WORDS[side] for n in h.neighbors() if (side := board.hexside(h, n)) is not None})
    if links or sides:
        lines.append("Features: " + ", ".join(links + sides))
    points = sum(gd.stacking_value(u.id) for u in state.units_at(h))
    lines.append(f"Stacking {points} of {gd.stacking_limit(h, state)}")
    return lines
