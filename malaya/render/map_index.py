"""Per-board lookups the renderer needs, computed once: features by hex, coasts, bounds."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from malaya.engine import Board, Connection, Edge, Hex, Hexside, Terrain
from malaya.render.geometry import Rect, hexes_bounds
from malaya.render.rivers import river_widths


@dataclass(frozen=True, slots=True)
class MapIndex:
    """Static, render-oriented view of a Board."""

    board: Board
    bounds: Rect
    connections_at: dict[Hex, tuple[tuple[Connection, Edge], ...]]
    hexsides_at: dict[Hex, tuple[tuple[Hexside, Edge], ...]]
    coasts: dict[Hex, tuple[int, ...]]
    """Land hex → directions whose neighbour is sea or off the map."""
    bridges: frozenset[Edge]
    river_widths: dict[Edge, float]
    """River hexside → width factor, widest at the sea (see :mod:`malaya.render.rivers`)."""

    @classmethod
    def build(cls, board: Board) -> MapIndex:
        """The rendering index of a board: built once, then shared by every map drawing that board (the last few
        boards' indexes are kept)."""
        index = _BUILT.pop(id(board), None) or cls._index(board)
        _BUILT[id(board)] = index
        while len(_BUILT) > KEPT:
            del _BUILT[next(iter(_BUILT))]
        return index

    @classmethod
    def _index(cls, board: Board) -> MapIndex:
        """Index a board for rendering."""
        conns: dict[Hex, list[tuple[Connection, Edge]]] = defaultdict(list)
        for kind, edges in board.connections.items():
            for e in edges:
                conns[e[0]].append((kind, e))
                conns[e[1]].append((kind, e))
        sides: dict[Hex, list[tuple[Hexside, Edge]]] = defaultdict(list)
        for e, hexside in board.hexsides.items():
            sides[e[0]].append((hexside, e))
            sides[e[1]].append((hexside, e))
        return cls(
            board=board,
            bounds=hexes_bounds(board.terrain.keys()),
            connections_at={h: tuple(v) for h, v in conns.items()},
            hexsides_at={h: tuple(v) for h, v in sides.items()},
            coasts=_coasts(board),
            bridges=board.bridges(),
            river_widths=river_widths(board),
        )


KEPT = 4
"""How many boards' indexes are kept (a game draws one board; the tests many)."""
_BUILT: dict[int, MapIndex] = {}
"""The kept indexes by the identity of their board, oldest first. A Board is immutable and its index holds it, so
its id stays its own while kept."""


def _coasts(board: Board) -> dict[Hex, tuple[int, ...]]:
    """Directions of each land hex that face sea or the map edge."""
    out: dict[Hex, tuple[int, ...]] = {}
    for h, t in board.terrain.items():
        if t is Terrain.SEA:
            continue
        dirs = tuple(d for d, n in enumerate(h.neighbors())
                     if board.terrain.get(n, Terrain.SEA) is Terrain.SEA)
        if dirs:
            out[h] = dirs
    return out
