"""The generated map in memory: cells, terrain, country, connections, hexsides, places."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from malaya.engine.board import Connection, Country, Hexside, Terrain
from malaya.engine.hexgrid import Edge, Hex, from_offset

from .geo import Projection


@dataclass
class PlaceOut:
    """A named place as written to the `places` object layer."""

    name: str
    hex: Hex
    props: dict[str, Any]


@dataclass
class MapData:
    """Everything the generator decides, keyed by axial hex."""

    spec: dict[str, Any]
    proj: Projection
    cols: int
    rows: int
    landmass: dict[Hex, str] = field(default_factory=dict)
    terrain: dict[Hex, Terrain] = field(default_factory=dict)
    country: dict[Hex, Country] = field(default_factory=dict)
    connections: dict[Connection, set[Edge]] = field(default_factory=dict)
    hexsides: dict[Edge, Hexside] = field(default_factory=dict)
    places: list[PlaceOut] = field(default_factory=list)
    anchors: dict[str, Hex] = field(default_factory=dict)  # places and waypoints
    line_paths: dict[str, list[list[Hex]]] = field(default_factory=dict)
    causeway: Edge | None = None

    def cells(self) -> list[Hex]:
        """Every hex of the map in row-major Tiled order."""
        return [from_offset(c, r) for r in range(self.rows) for c in range(self.cols)]

    def on_map(self, h: Hex) -> bool:
        """True if ``h`` is one of the map's cells."""
        return h in self.terrain

    def is_land(self, h: Hex) -> bool:
        """True for a land hex."""
        return h in self.landmass

    def place_hex(self, name: str) -> Hex:
        """Hex of a place or waypoint."""
        return self.anchors[name]


def new_map(spec: dict[str, Any]) -> MapData:
    """An empty map sized from the spec's extent."""
    m = spec["map"]
    proj = Projection(m["north"], m["south"], m["west"], m["east"], m["standard_parallel"])
    cols, rows = proj.size()
    data = MapData(spec=spec, proj=proj, cols=cols, rows=rows)
    for h in data.cells():
        data.terrain[h] = Terrain.SEA
    return data
