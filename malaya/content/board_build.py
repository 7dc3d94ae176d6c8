"""Cell grids (already read from the tile layers) → terrain, country, connections, hexsides.

All cross-cell rules of the map format are checked here: features set on both
hexes of a hexside, nothing pointing off the map, no road/rail touching the sea
or crossing a strait/sea hexside, a causeway always carrying a road or rail, one
feature per hexside, a country on every land hex and none on the sea.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from malaya.content.errors import MapError
from malaya.content.said import Flaw, said
from malaya.engine import (
    DIRECTION_NAMES,
    Connection,
    Country,
    Edge,
    Hex,
    Hexside,
    Stagger,
    Terrain,
    edge,
    from_offset,
    opposite,
)

Cell = tuple[int, int]
SideGrid = Sequence[Sequence[frozenset[int]]]
_WATER = frozenset({Hexside.STRAIT, Hexside.SEA})


@dataclass(frozen=True, slots=True)
class Grid:
    """The map's cells as axial hexes, with lookups both ways."""

    hexes: tuple[tuple[Hex, ...], ...]  # [row][col]
    cell_of: Mapping[Hex, Cell]

    @classmethod
    def build(cls, columns: int, rows: int, stagger: Stagger) -> Grid:
        """Every cell of a ``columns`` × ``rows`` map converted to axial."""
        hexes = tuple(
            tuple(from_offset(c, r, stagger) for c in range(columns)) for r in range(rows)
        )
        cell_of = {h: (c, r) for r, line in enumerate(hexes) for c, h in enumerate(line)}
        return cls(hexes, cell_of)


@dataclass(frozen=True, slots=True)
class DrawnSide:
    """Where a feature's hexside was first drawn: the cell and the direction from it."""

    cell: Cell
    direction: int

    @property
    def towards(self) -> str:
        """The direction's name (``S``), for a sentence such as ``road connection to the S leads into the sea``."""
        return DIRECTION_NAMES[self.direction]


def terrain_map(grid: Grid, cells: Sequence[Sequence[Terrain]]) -> dict[Hex, Terrain]:
    """Hex → terrain, in Tiled's row-major cell order."""
    return {h: cells[r][c] for r, line in enumerate(grid.hexes) for c, h in enumerate(line)}


def country_map(
    grid: Grid,
    terrain: Mapping[Hex, Terrain],
    cells: Sequence[Sequence[Country | None]],
    display: str,
) -> dict[Hex, Country]:
    """Hex → country for every land hex; a land hex without one, or sea with one, is an error."""
    out: dict[Hex, Country] = {}
    for r, line in enumerate(grid.hexes):
        for c, h in enumerate(line):
            country, sea = cells[r][c], terrain[h] is Terrain.SEA
            if country is None and not sea:
                reason = said(Flaw.LAND_WITHOUT_COUNTRY, terrain=terrain[h].value)
                raise MapError(display, reason, layer="country", cell=(c, r))
            if country is not None and sea:
                raise MapError(
                    display, said(Flaw.SEA_WITH_COUNTRY), layer="country", cell=(c, r)
                )
            if country is not None:
                out[h] = country
    return out


def feature_sides(
    layer: str, grid: Grid, sides: SideGrid, terrain: Mapping[Hex, Terrain], display: str
) -> dict[Edge, DrawnSide]:
    """Edges drawn in one feature layer, each required on both of its hexes."""
    connection = layer in {c.value for c in Connection}
    out: dict[Edge, DrawnSide] = {}
    for r, line in enumerate(grid.hexes):
        for c, h in enumerate(line):
            if not sides[r][c]:
                continue
            if connection and terrain[h] is Terrain.SEA:
                raise MapError(display, said(Flaw.CONNECTION_ON_SEA, layer=layer), layer=layer, cell=(c, r))
            for d in sorted(sides[r][c]):
                side = DrawnSide((c, r), d)
                other = _neighbour_on_map(h, side, layer, grid, display)
                if connection and terrain[other] is Terrain.SEA:
                    reason = said(Flaw.CONNECTION_INTO_SEA, layer=layer, direction=side.towards)
                    raise MapError(display, reason, layer=layer, cell=(c, r))
                _check_both_ends(other, side, layer, grid, sides, display)
                out.setdefault(edge(h, other), side)
    return out


def _neighbour_on_map(h: Hex, side: DrawnSide, layer: str, grid: Grid, display: str) -> Hex:
    """The hex across ``side``, which must be on the map."""
    other = h.neighbor(side.direction)
    if other not in grid.cell_of:
        reason = said(Flaw.SIDE_OFF_MAP, layer=layer, direction=side.towards)
        raise MapError(display, reason, layer=layer, cell=side.cell)
    return other


def _check_both_ends(
    other: Hex, side: DrawnSide, layer: str, grid: Grid, sides: SideGrid, display: str
) -> None:
    """The hex across ``side`` must draw the same hexside from its end."""
    col, row = grid.cell_of[other]
    back = opposite(side.direction)
    if back not in sides[row][col]:
        reason = said(Flaw.SIDE_ONE_ENDED, layer=layer, direction=side.towards, col=col, row=row,
                      back=DIRECTION_NAMES[back])
        raise MapError(display, reason, layer=layer, cell=side.cell)


def merge_hexsides(
    drawn: Mapping[Hexside, Mapping[Edge, DrawnSide]], display: str
) -> dict[Edge, Hexside]:
    """One feature per hexside across the hexside layers (in contract order)."""
    out: dict[Edge, Hexside] = {}
    for kind, edges in drawn.items():
        for e, side in edges.items():
            if e in out:
                taken = out[e].value
                reason = said(Flaw.HEXSIDE_TAKEN, direction=side.towards, taken=taken)
                raise MapError(display, reason, layer=kind.value, cell=side.cell)
            out[e] = kind
    return out


def check_crossings(
    connections: Mapping[Connection, Mapping[Edge, DrawnSide]],
    hexsides: Mapping[Edge, Hexside],
    causeways: Mapping[Edge, DrawnSide],
    display: str,
) -> None:
    """No road/rail over a strait or sea hexside; every causeway carries a road or rail."""
    for kind, edges in connections.items():
        for e, side in edges.items():
            water = hexsides.get(e)
            if water in _WATER:
                reason = said(Flaw.CONNECTION_OVER_WATER, layer=kind.value, direction=side.towards, water=water.value)
                raise MapError(display, reason, layer=kind.value, cell=side.cell)
    for e, side in causeways.items():
        if not any(e in edges for edges in connections.values()):
            reason = said(Flaw.CAUSEWAY_UNUSED, direction=side.towards)
            raise MapError(display, reason, layer=Hexside.CAUSEWAY.value, cell=side.cell)
