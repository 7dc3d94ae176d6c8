"""Writes small hexagonal Tiled maps (TMX + TSX text) for the content tests.

Every tileset follows docs/map-format.md: tiles carry ``terrain`` / ``country`` /
``feature`` + ``sides`` properties. Cells default to clear Malaya land; tests
change only what they are about.
"""

from __future__ import annotations

import base64
import gzip
import struct
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.sax.saxutils import quoteattr

from malaya.content.tiled_geometry import HexGeometry
from malaya.engine.board import Terrain
from malaya.engine.hexgrid import (
    DIRECTION_NAMES,
    Stagger,
    StaggerAxis,
    StaggerIndex,
    from_offset,
    opposite,
    to_offset,
)

Cell = tuple[int, int]
FEATURES = ("road", "rail", "river_minor", "river_major", "strait", "causeway", "sea")
NO_PROPERTIES = "<no properties>"
FLIP_H, FLIP_V, FLIP_D, ROTATE_120 = 1 << 31, 1 << 30, 1 << 29, 1 << 28


def canonical_sides(directions: set[int]) -> str:
    """``{0, 2}`` → ``"N,SE"`` (direction order)."""
    return ",".join(DIRECTION_NAMES[d] for d in sorted(directions))


@dataclass
class TmxBuilder:
    """A small map described cell by cell; ``write`` turns it into files."""

    columns: int = 5
    rows: int = 5
    stagger: tuple[str, str] = ("x", "odd")
    tile: tuple[int, int, int] = (64, 56, 32)
    encoding: str = "csv"  # csv | base64 | zlib | gzip
    embedded: bool = False  # tilesets inside the TMX instead of external .tsx files
    terrain: dict[Cell, str | None] = field(default_factory=dict)
    country: dict[Cell, str | None] = field(default_factory=dict)
    features: dict[str, dict[Cell, str]] = field(default_factory=dict)
    places: list[tuple[str, Any, Any, dict[str, Any]]] = field(default_factory=list)
    overrides: dict[tuple[str, Cell], tuple[str, int, int]] = field(default_factory=dict)
    header: dict[str, str] = field(default_factory=dict)
    map_properties: dict[str, Any] = field(
        default_factory=lambda: {"name": "Test", "km_per_hex": 10}
    )
    dropped_layers: set[str] = field(default_factory=set)
    empty_layers: set[str] = field(default_factory=set)

    # -- describing the map -------------------------------------------------
    @property
    def hex_stagger(self) -> Stagger:
        """The engine Stagger of this map."""
        return Stagger(StaggerAxis(self.stagger[0]), StaggerIndex(self.stagger[1]))

    @property
    def geometry(self) -> HexGeometry:
        """Tiled pixel geometry of this map."""
        return HexGeometry(*self.tile, self.hex_stagger)

    def neighbour(self, cell: Cell, direction: str) -> Cell:
        """The cell across side ``direction`` of ``cell`` (may be off the map)."""
        h = from_offset(*cell, self.hex_stagger).neighbor(DIRECTION_NAMES.index(direction))
        return to_offset(h, self.hex_stagger)

    def add_side(self, layer: str, cell: Cell, direction: str) -> None:
        """Draw one side of ``cell`` in a feature layer (this hex only)."""
        cells = self.features.setdefault(layer, {})
        current = {DIRECTION_NAMES.index(n) for n in cells.get(cell, "").split(",") if n}
        cells[cell] = canonical_sides(current | {DIRECTION_NAMES.index(direction)})

    def link(self, layer: str, cell: Cell, direction: str) -> Cell:
        """Draw a feature across a hexside on both of its hexes; return the other cell."""
        other = self.neighbour(cell, direction)
        self.add_side(layer, cell, direction)
        self.add_side(layer, other, DIRECTION_NAMES[opposite(DIRECTION_NAMES.index(direction))])
        return other

    def place(self, name: str, cell: Cell, **props: Any) -> None:
        """A point object at the Tiled centre of ``cell``."""
        x, y = self.geometry.cell_center(*cell)
        self.places.append((name, x, y, props))

    # -- writing ---------------------------------------------------------------
    def write(self, directory: Path, filename: str = "map.tmx") -> Path:
        """Write the TMX (and TSX files unless embedded) into ``directory``."""
        directory.mkdir(parents=True, exist_ok=True)
        tilesets = self._tilesets()
        firstgids, gid = {}, 1
        for name, tiles in tilesets.items():
            firstgids[name], gid = gid, gid + len(tiles)
        refs = []
        for name, tiles in tilesets.items():
            body = _tileset_xml(name, tiles, self.tile)
            if self.embedded:
                refs.append(body.replace("<tileset ", f'<tileset firstgid="{firstgids[name]}" ', 1))
            else:
                (directory / "tiles").mkdir(parents=True, exist_ok=True)
                (directory / "tiles" / f"{name}.tsx").write_text(_XML_DECL + body, encoding="utf-8")
                refs.append(f'<tileset firstgid="{firstgids[name]}" source="tiles/{name}.tsx"/>')
        layers = [self._layer_xml(n, tilesets, firstgids) for n in self._tile_layer_names()]
        if "places" not in self.dropped_layers:
            layers.append(self._places_xml())
        path = directory / filename
        path.write_text(
            _XML_DECL
            + self._map_open()
            + _properties_xml(self.map_properties)
            + "\n".join(refs + layers)
            + "\n</map>\n",
            encoding="utf-8",
        )
        return path

    def _map_open(self) -> str:
        """The ``<map ...>`` start tag."""
        attrs = {
            "version": "1.10",
            "tiledversion": "1.10.2",
            "orientation": "hexagonal",
            "renderorder": "right-down",
            "width": str(self.columns),
            "height": str(self.rows),
            "tilewidth": str(self.tile[0]),
            "tileheight": str(self.tile[1]),
            "infinite": "0",
            "hexsidelength": str(self.tile[2]),
            "staggeraxis": self.stagger[0],
            "staggerindex": self.stagger[1],
            "nextlayerid": "20",
            "nextobjectid": "100",
        } | self.header
        return "<map " + " ".join(f"{k}={quoteattr(v)}" for k, v in attrs.items()) + ">\n"

    def _tile_layer_names(self) -> list[str]:
        """Layers to write: terrain, country and every feature layer in use."""
        names = ["terrain", "country"] + [
            f for f in FEATURES if self.features.get(f) or f in self.empty_layers
        ]
        names = [n for n in names if n not in self.dropped_layers]
        return names + sorted({layer for layer, _cell in self.overrides} - set(names))

    def _tilesets(self) -> dict[str, list[dict[str, str] | None]]:
        """Tileset name → tiles' properties (None: a tile with no <tile> element)."""
        terrains = [t.value for t in Terrain] + sorted(
            {t for t in self.terrain.values() if t and t not in Terrain._value2member_map_}
        )
        sets: dict[str, list[dict[str, str] | None]] = {
            "terrain": [None if t == NO_PROPERTIES else {"terrain": t} for t in terrains],
            "country": [{"country": c} for c in ("Siam", "Malaya", "Atlantis")],
        }
        for feature in FEATURES:
            tiles = [
                {
                    "feature": feature,
                    "sides": canonical_sides({d for d in range(6) if mask >> d & 1}),
                }
                for mask in range(1, 64)
            ]
            known = {t["sides"] for t in tiles}
            extra = sorted({s for s in self.features.get(feature, {}).values() if s not in known})
            sets[feature] = tiles + [{"feature": feature, "sides": s} for s in extra]
        return sets

    def _cell_tile(self, layer: str, cell: Cell) -> tuple[str, dict[str, str] | None] | None:
        """(tileset, wanted properties) for one cell, or None for an empty cell."""
        if layer == "terrain":
            terrain = self.terrain.get(cell, "clear")
            if terrain is None:
                return None
            return "terrain", (None if terrain == NO_PROPERTIES else {"terrain": terrain})
        if layer == "country":
            default = None if self.terrain.get(cell, "clear") == "sea" else "Malaya"
            country = self.country.get(cell, default)
            return None if country is None else ("country", {"country": country})
        sides = self.features.get(layer, {}).get(cell)
        return None if not sides else (layer, {"feature": layer, "sides": sides})

    def _gid(self, layer: str, cell: Cell, tilesets: dict, firstgids: dict) -> int:
        """The raw gid written for one cell (overrides first)."""
        if (layer, cell) in self.overrides:
            tileset, index, flags = self.overrides[(layer, cell)]
            return (firstgids[tileset] + index) | flags
        wanted = self._cell_tile(layer, cell)
        if wanted is None:
            return 0
        tileset, props = wanted
        return firstgids[tileset] + tilesets[tileset].index(props)

    def _layer_xml(self, layer: str, tilesets: dict, firstgids: dict) -> str:
        """One ``<layer>`` with its data in the chosen encoding."""
        gids = [
            self._gid(layer, (c, r), tilesets, firstgids)
            for r in range(self.rows)
            for c in range(self.columns)
        ]
        return (
            f'<layer name="{layer}" width="{self.columns}" height="{self.rows}">\n'
            f"{_data_xml(gids, self.columns, self.encoding)}\n</layer>"
        )

    def _places_xml(self) -> str:
        """The ``places`` object group."""
        objects = []
        for i, (name, x, y, props) in enumerate(self.places, start=1):
            name_attr = "" if name is None else f" name={quoteattr(name)}"
            props_xml = _properties_xml(props)
            objects.append(
                f'<object id="{i}"{name_attr} x="{x}" y="{y}">{props_xml}<point/></object>'
            )
        return '<objectgroup name="places">\n' + "\n".join(objects) + "\n</objectgroup>"


_XML_DECL = '<?xml version="1.0" encoding="UTF-8"?>\n'


def _properties_xml(props: dict[str, Any]) -> str:
    """A ``<properties>`` element (bools typed, ints typed, the rest strings)."""
    if not props:
        return ""
    out = []
    for key, value in props.items():
        kind = (
            ' type="bool"'
            if isinstance(value, bool)
            else ' type="int"'
            if isinstance(value, int)
            else ""
        )
        text = str(value).lower() if isinstance(value, bool) else str(value)
        out.append(f'<property name="{key}"{kind} value={quoteattr(text)}/>')
    return "<properties>" + "".join(out) + "</properties>\n"


def _tileset_xml(name: str, tiles: list[dict[str, str] | None], tile: tuple[int, int, int]) -> str:
    """A tileset with an (absent) image and one ``<tile>`` per tile with properties."""
    w, h, _side = tile
    body = [
        f'<tileset version="1.10" name="{name}" tilewidth="{w}" tileheight="{h}" '
        f'tilecount="{len(tiles)}" columns="{len(tiles)}">',
        f'<image source="{name}.png" width="{w * len(tiles)}" height="{h}"/>',
    ]
    for i, props in enumerate(tiles):
        if props is not None:
            body.append(f'<tile id="{i}">{_properties_xml(props)}</tile>')
    return "\n".join(body) + "\n</tileset>"


def _data_xml(gids: list[int], columns: int, encoding: str) -> str:
    """A ``<data>`` element holding ``gids`` as Tiled writes them."""
    if encoding == "csv":
        rows = [",".join(map(str, gids[i : i + columns])) for i in range(0, len(gids), columns)]
        return '<data encoding="csv">\n' + ",\n".join(rows) + "\n</data>"
    raw = struct.pack(f"<{len(gids)}I", *gids)
    compress = {"base64": None, "zlib": zlib.compress, "gzip": gzip.compress}[encoding]
    attr = "" if compress is None else f' compression="{encoding}"'
    text = base64.b64encode(compress(raw) if compress else raw).decode()
    return f'<data encoding="base64"{attr}>\n{text}\n</data>'
