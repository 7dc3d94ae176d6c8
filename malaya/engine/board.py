"""The map as the rules see it: terrain, connections, hexsides and named places.

The board is built once (by ``malaya.content`` from a Tiled map) and never
changes during a game; what changes (control, demolished bridges) lives in the
game state. Everything is keyed by axial :class:`~malaya.engine.hexgrid.Hex`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from malaya.engine.hexgrid import Edge, Hex, Stagger, edge
from malaya.engine.sides import Side


class Terrain(StrEnum):
    """Hex terrain types (RULES R5.1)."""

    CLEAR = "clear"
    PLANTATION = "plantation"
    JUNGLE = "jungle"
    SWAMP = "swamp"
    MOUNTAIN = "mountain"
    TOWN = "town"
    CITY = "city"
    FORTRESS = "fortress"
    SEA = "sea"


class Connection(StrEnum):
    """Hex-to-hex connections that cross a hexside (RULES R5.2)."""

    ROAD = "road"
    RAIL = "rail"


class Hexside(StrEnum):
    """Features lying on a hexside (RULES R5.2)."""

    RIVER_MINOR = "river_minor"
    RIVER_MAJOR = "river_major"
    STRAIT = "strait"
    CAUSEWAY = "causeway"
    SEA = "sea"


RIVERS = frozenset({Hexside.RIVER_MINOR, Hexside.RIVER_MAJOR})
BRIDGEABLE = frozenset({Hexside.RIVER_MINOR, Hexside.RIVER_MAJOR, Hexside.CAUSEWAY})


class SeaArea(StrEnum):
    """The two sea areas of naval movement (RULES R9.2)."""

    WEST = "West"
    EAST = "East"


class Country(StrEnum):
    """Which country a hex lies in; decides initial control (RULES R17)."""

    SIAM = "Siam"
    MALAYA = "Malaya"


@dataclass(frozen=True, slots=True)
class Place:
    """A named location and the roles it plays in the rules."""

    name: str
    hex: Hex
    port: bool = False
    sea_area: SeaArea | None = None  # None for a port in neither area (Singapore, R9.2)
    airfield: bool = False
    objective: bool = False
    supply_source: Side | None = None  # the side this place supplies (R10), if any
    entry: bool = False  # JP north-edge entry hex (R14.2)


@dataclass(frozen=True, slots=True)
class Board:
    """Static map data; see module docstring."""

    name: str
    columns: int
    rows: int
    stagger: Stagger
    terrain: Mapping[Hex, Terrain]
    connections: Mapping[Connection, frozenset[Edge]]
    hexsides: Mapping[Edge, Hexside]
    places: tuple[Place, ...]
    country: Mapping[Hex, Country] = field(default_factory=dict)

    def __hash__(self) -> int:
        return hash((self.name, self.columns, self.rows))

    def hexes(self) -> Iterator[Hex]:
        """Every hex on the map (land and sea), in a deterministic order."""
        return iter(self.terrain)

    def on_map(self, h: Hex) -> bool:
        """True if ``h`` is a hex of this map."""
        return h in self.terrain

    def terrain_at(self, h: Hex) -> Terrain:
        """Terrain of a hex (KeyError if off-map)."""
        return self.terrain[h]

    def has_connection(self, kind: Connection, a: Hex, b: Hex) -> bool:
        """True if a road/rail connection joins adjacent hexes ``a`` and ``b``."""
        return edge(a, b) in self.connections.get(kind, frozenset())

    def connected(self, a: Hex, b: Hex) -> bool:
        """True if any road or rail connection joins ``a`` and ``b``."""
        e = edge(a, b)
        return any(e in edges for edges in self.connections.values())

    def hexside(self, a: Hex, b: Hex) -> Hexside | None:
        """The feature on the hexside between ``a`` and ``b``, if any."""
        return self.hexsides.get(edge(a, b))

    def is_bridge(self, a: Hex, b: Hex) -> bool:
        """True if a road/rail connection crosses a river or causeway hexside (derived)."""
        return self.hexsides.get(edge(a, b)) in BRIDGEABLE and self.connected(a, b)

    def bridges(self) -> frozenset[Edge]:
        """Every bridge hexside on the map (road/rail over river, and the causeway)."""
        return frozenset(e for e, kind in self.hexsides.items() if kind in BRIDGEABLE and self.connected(*e))

    def place(self, name: str) -> Place:
        """The place called ``name`` (KeyError if none)."""
        for p in self.places:
            if p.name == name:
                return p
        raise KeyError(name)

    def places_at(self, h: Hex) -> tuple[Place, ...]:
        """Places located in hex ``h``."""
        return tuple(p for p in self.places if p.hex == h)

