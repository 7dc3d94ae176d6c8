"""A small synthetic peninsula Board for UI tests and the render benchmark.

It exercises every feature the renderer draws: all terrains, roads, a rail, minor and
major rivers, a strait with a causeway, sea hexsides and places with every role.
"""

from __future__ import annotations

import math

from malaya.engine.board import Board, Connection, Country, Hexside, Place, SeaArea, Terrain
from malaya.engine.hexgrid import ODD_Q, Edge, Hex, edge, from_offset
from malaya.engine.sides import Side
from malaya.session.views import CounterView

COLUMNS = 36
ROWS = 48
CLEAR_HEX = from_offset(14, 20)
"""A clear hex with no connection, hexside feature or place (for colour probes)."""
ROAD_A = from_offset(16, 10)
ROAD_B = from_offset(16, 11)
"""Two hexes joined by a road (and nothing else on their shared hexside)."""
SINGAPORE = from_offset(17, 46)


def _land(col: int, row: int) -> bool:
    """Whether the offset cell is land in the synthetic peninsula."""
    if row >= 45:
        return 12 <= col <= 22 and row != 45  # the island, south of a strait row
    width = 6 + 4 * math.sin(row / 6.0) + (row / 8.0)
    centre = 17 + 3 * math.sin(row / 9.0)
    return abs(col - centre) <= width


def _terrain(col: int, row: int) -> Terrain:
    """Deterministic pseudo-random terrain for a land cell."""
    if not _land(col, row):
        return Terrain.SEA
    if row >= 46:
        return Terrain.FORTRESS if (col + row) % 3 == 0 else Terrain.CLEAR
    v = (col * 7 + row * 13 + (col * row) % 5) % 17
    if v in (0, 1, 2):
        return Terrain.JUNGLE
    if v in (3, 4):
        return Terrain.PLANTATION
    if v == 5:
        return Terrain.SWAMP
    if v in (6, 7) and abs(col - 20) < 3:
        return Terrain.MOUNTAIN
    return Terrain.CLEAR


def _path(cells: list[tuple[int, int]]) -> frozenset[Edge]:
    """Connection edges joining consecutive offset cells."""
    hexes = [from_offset(c, r) for c, r in cells]
    return frozenset(edge(a, b) for a, b in zip(hexes, hexes[1:], strict=False))


def _road_cells() -> list[tuple[int, int]]:
    """A trunk road down the west side of the peninsula to Singapore."""
    return [(16, r) for r in range(2, 44)] + [(17, 43), (17, 44), (17, 45), (17, 46)]


def _rail_cells() -> list[tuple[int, int]]:
    """A railway parallel to the road, one column east."""
    return [(18, r) for r in range(4, 44)] + [(18, 44)]


def _fixups(terrain: dict[Hex, Terrain]) -> None:
    """Force known terrain where tests and features need it."""
    for col, row in _road_cells() + _rail_cells():
        if terrain[from_offset(col, row)] is Terrain.SEA:
            terrain[from_offset(col, row)] = Terrain.CLEAR
    terrain[CLEAR_HEX] = Terrain.CLEAR
    for col in range(12, 23):
        terrain[from_offset(col, 45)] = Terrain.SEA
    terrain[from_offset(17, 45)] = Terrain.SWAMP  # the causeway's landing (strait on both sides)
    terrain[from_offset(16, 8)] = Terrain.TOWN
    terrain[from_offset(10, 12)] = Terrain.TOWN
    terrain[from_offset(12, 18)] = Terrain.CITY
    for h in CLEAR_HEX.neighbors():
        terrain[h] = Terrain.CLEAR
    terrain[from_offset(16, 24)] = Terrain.CITY
    terrain[SINGAPORE] = Terrain.FORTRESS


def _hexsides() -> dict[Edge, Hexside]:
    """Rivers across the peninsula, the strait and a causeway."""
    sides: dict[Edge, Hexside] = {}
    for col in range(10, 24):
        sides[edge(from_offset(col, 14), from_offset(col, 15))] = Hexside.RIVER_MINOR
        sides[edge(from_offset(col, 30), from_offset(col, 31))] = Hexside.RIVER_MAJOR
    sides[edge(from_offset(17, 44), from_offset(17, 45))] = Hexside.STRAIT
    sides[edge(from_offset(17, 45), from_offset(17, 46))] = Hexside.CAUSEWAY
    sides[edge(from_offset(9, 20), from_offset(10, 20))] = Hexside.SEA
    return sides


def _places() -> tuple[Place, ...]:
    """Named places with every role."""
    return (
        Place("Singora", from_offset(16, 2), port=True, sea_area=SeaArea.EAST, airfield=True, entry=True),
        Place("Jitra", from_offset(16, 6)),
        Place("Alor Star", from_offset(16, 8), airfield=True, objective=True),
        Place("Kuala Lumpur", from_offset(16, 24), airfield=True, objective=True),
        Place("Port Swettenham", from_offset(14, 26), port=True, sea_area=SeaArea.WEST),
        Place("Singapore", SINGAPORE, port=True, objective=True, airfield=True, supply_source=Side.CW),
    )


def make_board() -> Board:
    """Build the synthetic peninsula board."""
    terrain = {from_offset(c, r): _terrain(c, r) for c in range(COLUMNS) for r in range(ROWS)}
    _fixups(terrain)
    country = {h: (Country.SIAM if h.r + h.q // 2 < 5 else Country.MALAYA)
               for h, t in terrain.items() if t is not Terrain.SEA}
    connections = {Connection.ROAD: _path(_road_cells()), Connection.RAIL: _path(_rail_cells())}
    return Board(
        name="synthetic", columns=COLUMNS, rows=ROWS, stagger=ODD_Q, terrain=terrain,
        connections=connections, hexsides=_hexsides(), places=_places(), country=country,
    )


def sample_views() -> dict[Hex, list[CounterView]]:
    """A few stacks of every nationality, type, size and step state around the north."""
    def v(nat: str, side: str, kind: str, size: str, adm: tuple[int, int, int], stack: int,
          steps: int, supplied: bool = True, used: bool = False) -> CounterView:
        return CounterView(f"{nat} {size}", side, nat, kind, size, *adm, stacking_value=stack,
                           steps_left=steps, max_steps=2, supplied=supplied, used=used)

    return {
        from_offset(16, 3): [v("Army", "JP", "infantry", "III", (8, 6, 7), 2, 2),
                             v("Army", "JP", "armor", "III", (8, 4, 10), 2, 2)],
        from_offset(17, 4): [v("Guards", "JP", "infantry", "III", (4, 3, 7), 2, 1)],
        from_offset(15, 4): [v("Army", "JP", "armor", "III", (8, 4, 10), 2, 2, used=True)],
        from_offset(16, 6): [v("Indian", "CW", "infantry", "X", (5, 6, 5), 2, 2),
                             v("Indian", "CW", "infantry", "II", (2, 4, 5), 1, 2),
                             v("British", "CW", "infantry", "X", (6, 7, 5), 2, 2)],
        from_offset(18, 7): [v("British", "CW", "armor", "X", (4, 2, 10), 2, 1, supplied=False)],
        from_offset(14, 7): [v("Australian", "CW", "infantry", "X", (7, 7, 6), 2, 2)],
        from_offset(16, 8): [v("Malay", "CW", "infantry", "II", (1, 3, 4), 1, 1)],
    }
