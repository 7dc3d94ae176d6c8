"""Hex control at the start of a game: Siam for the campaign (R17), the front line for a short scenario."""

from __future__ import annotations

from malaya.engine.board import Board, Country, Hexside, Terrain
from malaya.engine.hexgrid import Edge, Hex, edge, to_offset
from malaya.engine.mistakes import Finding, Mistake, RulesError, finding, found_at, mistake
from malaya.engine.placement import resolve_at
from malaya.engine.scenario import StartPosition
from malaya.engine.sides import Side

WATER = frozenset({Hexside.STRAIT, Hexside.CAUSEWAY, Hexside.SEA})


def island_of(board: Board, start: Hex) -> frozenset[Hex]:
    """The land hexes joined to ``start`` without crossing a strait, causeway or sea hexside."""
    seen = {start}
    frontier = [start]
    while frontier:
        h = frontier.pop()
        for n in h.neighbors():
            if n in seen or not board.on_map(n) or board.terrain_at(n) is Terrain.SEA:
                continue
            if board.hexside(h, n) in WATER:
                continue
            seen.add(n)
            frontier.append(n)
    return frozenset(seen)


def _north_of(board: Board, at: str) -> frozenset[Hex]:
    """Land hexes on a map row above that of the place ``at``."""
    anchor = resolve_at(board, at)
    if anchor is None:
        raise mistake(Mistake.NOT_A_MAP_HEX, at=repr(at))
    row = to_offset(anchor, board.stagger)[1]
    return frozenset(
        h for h, t in board.terrain.items() if t is not Terrain.SEA and to_offset(h, board.stagger)[1] < row
    )


def start_control(board: Board, start: StartPosition) -> frozenset[Hex]:
    """Hexes JP controls at the start: Siam (R17), and for a short scenario its side of the front line."""
    jp = {h for h, c in board.country.items() if c is Country.SIAM}
    if start.jp_control_north_of is not None:
        jp |= _north_of(board, start.jp_control_north_of)
    jp |= {h for h in (resolve_at(board, at) for at in start.jp_control_places) if h is not None}
    for at in start.cw_control_islands:
        anchor = resolve_at(board, at)
        if anchor is not None:
            jp -= island_of(board, anchor)
    return frozenset(jp)


def with_units_holding(control: frozenset[Hex], held: dict[Hex, Side]) -> frozenset[Hex]:
    """Control after each occupied hex goes to the side of the units standing in it (R13)."""
    jp = set(control)
    for h, side in held.items():
        if side is Side.JP:
            jp.add(h)
        else:
            jp.discard(h)
    return frozenset(jp)


def start_demolished(board: Board, start: StartPosition) -> frozenset[Edge]:
    """The bridges a short scenario starts with blown (R7.7); ``start_problems`` has checked them."""
    out = set()
    for a, b in start.demolished_bridges:
        ha, hb = resolve_at(board, a), resolve_at(board, b)
        if ha is not None and hb is not None:
            out.add(edge(ha, hb))
    return frozenset(out)


def start_problems(start: StartPosition, board: Board) -> list[Finding]:
    """Problems of a ``[start]`` table on a map: unknown places, and blown bridges that are no bridges."""
    problems = []
    named = [("jp_control_north_of", start.jp_control_north_of)] if start.jp_control_north_of else []
    named += [("jp_control_places", at) for at in start.jp_control_places]
    named += [("cw_control_islands", at) for at in start.cw_control_islands]
    for field, at in named:
        try:
            resolve_at(board, at)
        except RulesError as err:
            problems.append(found_at(err.found, f"start.{field}"))
    for i, (a, b) in enumerate(start.demolished_bridges):
        try:
            ha, hb = resolve_at(board, a), resolve_at(board, b)
        except RulesError as err:
            problems.append(found_at(err.found, f"start.demolished_bridges[{i}]"))
            continue
        if ha is None or hb is None or not board.is_bridge(ha, hb):
            problems.append(finding(Mistake.NO_BRIDGE, f"start.demolished_bridges[{i}]", first=repr(a), second=repr(b)))
    return problems
