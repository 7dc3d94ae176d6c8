"""Position strings of scenario data, and checking a scenario against a map (pure).

A position is a place name optionally followed by direction steps, each
``+N``, ``+NE``, ``+SE``, ``+S``, ``+SW`` or ``+NW`` (``hexgrid.DIRECTION_NAMES``):
``"Jitra"``, ``"Singora+S"``, ``"Patani+SW+S"``. ``"jp_box"`` is the JP
off-map box (Indochina), which has no hex.
"""

from __future__ import annotations

import difflib
from collections import defaultdict
from typing import TYPE_CHECKING

from malaya.engine.board import Board, Terrain
from malaya.engine.hexgrid import DIRECTION_NAMES, Hex
from malaya.engine.ruleset import stacking_limit

if TYPE_CHECKING:
    from malaya.engine.scenario import Scenario

JP_BOX = "jp_box"


def parse_at(at: str) -> tuple[str, tuple[int, ...]]:
    """Split ``"Patani+SW+S"`` into the place name and direction indices (ValueError if bad)."""
    name, *steps = (part.strip() for part in at.split("+"))
    if not name:
        raise ValueError(f"position {at!r} has no place name")
    dirs = []
    for step in steps:
        if step.upper() not in DIRECTION_NAMES:
            raise ValueError(
                f"position {at!r}: {step!r} is not a direction ({', '.join(DIRECTION_NAMES)})"
            )
        dirs.append(DIRECTION_NAMES.index(step.upper()))
    if name == JP_BOX and dirs:
        raise ValueError(f"position {at!r}: the JP box takes no direction steps")
    return name, tuple(dirs)


def resolve_at(board: Board, at: str) -> Hex | None:
    """The hex named by a position string; None for the JP off-map box (ValueError if unknown)."""
    name, dirs = parse_at(at)
    if name == JP_BOX:
        return None
    try:
        h = board.place(name).hex
    except KeyError:
        close = difflib.get_close_matches(name, [p.name for p in board.places], n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise ValueError(f"position {at!r}: unknown place {name!r}{hint}") from None
    for d in dirs:
        h = h.neighbor(d)
        if not board.on_map(h):
            raise ValueError(f"position {at!r} leads off the map")
    return h


def setup_problems(scenario: Scenario, board: Board) -> list[str]:
    """Problems of a scenario on a map: unknown places, sea hexes, overstacked set-up (R4.1)."""
    problems: list[str] = []
    stacks: dict[Hex, int] = defaultdict(int)
    for i, p in enumerate(scenario.setup):
        try:
            h = resolve_at(board, p.at)
        except ValueError as err:
            problems.append(f"setup[{i}].at: {err}")
            continue
        if h is None:
            continue
        if board.terrain_at(h) is Terrain.SEA:
            problems.append(f"setup[{i}].at: {p.at!r} is a sea hex")
        stacks[h] += scenario.unit(p.unit).stacking
    for h, points in sorted(stacks.items()):
        limit = stacking_limit(scenario.ruleset.stacking, board.terrain_at(h))
        if points > limit:
            problems.append(f"setup: {points} stacking points at {h} (limit {limit})")
    named = [(f"victory.objectives.{n}", n) for n in scenario.victory.objectives]
    naval = scenario.ruleset.naval
    named += [
        ("ruleset.naval.penang", naval.penang),
        ("ruleset.naval.cw_destination", naval.cw_destination),
    ]
    for o in scenario.options:
        named += [(f"options.{o.id}.effects.fortress_hexes", at) for at in o.effects.fortress_hexes]
    for where, at in named:
        try:
            resolve_at(board, at)
        except ValueError as err:
            problems.append(f"{where}: {err}")
    problems += _first_landing_problems(scenario, board)
    return problems


def _first_landing_problems(scenario: Scenario, board: Board) -> list[str]:
    """A fixed first landing (R17) must name a place on the map, and a port, or the unit could never sail."""
    ports = {p.hex for p in board.places if p.port}
    out = []
    for i, p in enumerate(scenario.setup):
        if not p.first_landing:
            continue
        try:
            h = resolve_at(board, p.first_landing)
        except ValueError as err:
            out.append(f"setup[{i}].first_landing: {err}")
            continue
        if h is not None and h not in ports:
            out.append(f"setup[{i}].first_landing: {p.first_landing!r} is not a port")
    return out
