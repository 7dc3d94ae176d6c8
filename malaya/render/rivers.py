"""River widths that grow toward the sea, from each river hexside's distance to a mouth.

Rivers run along hexsides, so the river network is a graph of hex corners joined by
river hexsides. A *mouth* is a corner that touches sea (a sea hex, the map's edge, or a
sea or strait hexside). A breadth-first search from every mouth along the network gives
each river hexside its distance to the sea in hexsides; :func:`river_widths` turns that
into a width factor, computed once per board (see :class:`~malaya.render.map_index.MapIndex`).
"""

from __future__ import annotations

from collections import defaultdict, deque

from malaya.engine import RIVERS, Board, Edge, Hex, Hexside, Terrain
from malaya.render.geometry import Lattice, corner_lattice, hexside_lattice

MOUTH_FACTOR = 2.4
"""Width of a river at its mouth, as a multiple of its base width."""
SOURCE_FACTOR = 0.7
"""Width far upstream (``WIDENING_SIDES`` or more hexsides from the sea)."""
WIDENING_SIDES = 10
"""Over how many hexsides a river narrows from its mouth to its upper course."""
SEA_SIDES = frozenset({Hexside.SEA, Hexside.STRAIT, Hexside.CAUSEWAY})


def river_widths(board: Board) -> dict[Edge, float]:
    """Width factor of every river hexside: ``MOUTH_FACTOR`` at the sea down to ``SOURCE_FACTOR`` upstream."""
    ends = {e: _ends(e) for e, kind in board.hexsides.items() if kind in RIVERS}
    distance = distance_to_mouth(board, ends)
    return {e: width_factor(distance.get(e)) for e in ends}


def width_factor(sides_from_sea: int | None) -> float:
    """The width factor of a river hexside ``sides_from_sea`` hexsides from a mouth (None: no mouth)."""
    if sides_from_sea is None:
        return SOURCE_FACTOR
    f = max(0.0, 1.0 - sides_from_sea / WIDENING_SIDES)
    return SOURCE_FACTOR + (MOUTH_FACTOR - SOURCE_FACTOR) * f


def distance_to_mouth(board: Board, ends: dict[Edge, tuple[Lattice, Lattice]]) -> dict[Edge, int]:
    """Hexsides from each river hexside to the nearest mouth along the network (0: it touches the sea)."""
    at: dict[Lattice, list[Edge]] = defaultdict(list)
    for e, (a, b) in ends.items():
        at[a].append(e)
        at[b].append(e)
    mouths = _mouths(board, set(at))
    out: dict[Edge, int] = {}
    queue: deque[Edge] = deque()
    for corner in mouths:
        for e in at[corner]:
            if e not in out:
                out[e] = 0
                queue.append(e)
    while queue:
        e = queue.popleft()
        for corner in ends[e]:
            for n in at[corner]:
                if n not in out:
                    out[n] = out[e] + 1
                    queue.append(n)
    return out


def _ends(e: Edge) -> tuple[Lattice, Lattice]:
    """The two corner lattice points of a hexside."""
    a, b = e
    d = a.direction_to(b)
    return hexside_lattice(a, 0 if d is None else d)


def _mouths(board: Board, corners: set[Lattice]) -> set[Lattice]:
    """The river corners that touch sea: a corner of a sea or off-map hex, or an end of a sea hexside."""
    touching: dict[Lattice, set[Hex]] = defaultdict(set)
    for e, kind in board.hexsides.items():
        if kind in RIVERS:
            for h in {e[0], e[1], *e[0].neighbors(), *e[1].neighbors()}:
                for c in corner_lattice(h):
                    touching[c].add(h)
    wet = {c for e, kind in board.hexsides.items() if kind in SEA_SIDES for c in _ends(e)}
    return {c for c in corners
            if c in wet or any(board.terrain.get(h, Terrain.SEA) is Terrain.SEA for h in touching[c])}
