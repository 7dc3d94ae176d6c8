"""Tiled TMX campaign map → engine :class:`Board` (see ``docs/map-format.md``).

Order of checks: file and XML, header (before any layer data is decoded), layer
``<data>`` elements and tileset files, pytmx decoding, flip/rotation flags,
required layers, per-cell tiles, cross-cell rules, places, map properties.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from malaya.content.board_build import (
    Grid,
    check_crossings,
    country_map,
    feature_sides,
    merge_hexsides,
    terrain_map,
)
from malaya.content.errors import MapError
from malaya.content.said import Flaw, Said, said
from malaya.content.tiled_geometry import HexGeometry
from malaya.content.tiled_parse import TiledTileLayer, parse_tiled
from malaya.content.tmx_places import read_places
from malaya.content.tmx_tiles import (
    COUNTRY_LAYER,
    TERRAIN_LAYER,
    check_no_flags,
    feature_parser,
    find_layers,
    parse_country,
    parse_terrain,
    read_grid,
)
from malaya.content.tmx_xml import (
    MapHeader,
    check_layer_elements,
    check_tileset_files,
    read_tmx,
)
from malaya.engine import Board, Connection, Hexside, Stagger, Terrain


@dataclass(frozen=True, slots=True)
class MapInfo:
    """What a map says about itself besides the board: name, size, scale, pixel geometry."""

    name: str
    columns: int
    rows: int
    km_per_hex: int | None
    geometry: HexGeometry

    @property
    def stagger(self) -> Stagger:
        """The map's Tiled stagger variant."""
        return self.geometry.stagger


def load_board(path: str | Path) -> Board:
    """Load and validate a Tiled map; raise MapError (one line) for anything wrong."""
    return load_map(path)[0]


def load_map(path: str | Path) -> tuple[Board, MapInfo]:
    """Load a Tiled map into a Board plus its MapInfo (raises MapError)."""
    path, display = Path(path), str(path)
    root, header = read_tmx(path, display)
    check_layer_elements(root, header, display)
    check_tileset_files(root, path, display)
    tmap = parse_tiled(root, path, display)
    _check_decoded_sizes(tmap, header, display)
    check_no_flags(tmap, display)
    layers = find_layers(tmap, display)
    info = _map_info(tmap.properties, header, path, display)
    return _build_board(tmap, layers, header, info, display), info


def read_map_info(path: str | Path) -> MapInfo:
    """The map's header and properties only (no layers decoded); raises MapError."""
    path, display = Path(path), str(path)
    root, header = read_tmx(path, display)
    props = {p.get("name"): p.get("value", p.text) for p in root.findall("properties/property")}
    return _map_info(props, header, path, display)


def _check_decoded_sizes(tmap: Any, header: MapHeader, display: str) -> None:
    """Every decoded tile layer holds exactly columns × rows cells."""
    for layer in tmap.layers:
        if not isinstance(layer, TiledTileLayer):
            continue
        data = layer.data
        count = sum(len(row) for row in data)
        if count != header.columns * header.rows or any(len(r) != header.columns for r in data):
            reason = said(Flaw.CELL_COUNT, count=count, columns=header.columns, rows=header.rows,
                          cells=header.columns * header.rows)
            raise MapError(display, reason, layer=layer.name)


def _map_info(props: Mapping[str | None, Any], header: MapHeader, path: Path, display: str) -> MapInfo:
    """MapInfo from the map properties ``name`` (default: file stem) and ``km_per_hex``."""
    name = props.get("name")
    if name is not None and not isinstance(name, str):
        raise MapError(display, said(Flaw.NAME_NOT_TEXT, value=repr(name)))
    km = props.get("km_per_hex")
    if km is not None:
        try:
            km = int(km)
        except (TypeError, ValueError):
            raise MapError(display, said(Flaw.KM_NOT_INTEGER, value=repr(km))) from None
        if isinstance(props["km_per_hex"], bool) or km <= 0:
            raise MapError(display, said(Flaw.KM_NOT_POSITIVE, value=repr(km)))
    return MapInfo(
        (name or "").strip() or path.stem, header.columns, header.rows, km, header.geometry
    )


def _build_board(
    tmap: Any, layers: dict[str, Any], header: MapHeader, info: MapInfo, display: str
) -> Board:
    """Read every contract layer and assemble the validated Board."""
    grid = Grid.build(header.columns, header.rows, header.stagger)
    terrain = terrain_map(grid, read_grid(tmap, layers[TERRAIN_LAYER], parse_terrain, display))
    country_cells = read_grid(tmap, layers[COUNTRY_LAYER], parse_country, display)
    country = country_map(grid, terrain, country_cells, display)
    drawn = {}
    for name in (*(c.value for c in Connection), *(h.value for h in Hexside)):
        if name in layers:
            cells = read_grid(tmap, layers[name], feature_parser(name), display)
            drawn[name] = feature_sides(name, grid, cells, terrain, display)
    connections = {c: drawn.get(c.value, {}) for c in Connection}
    by_kind = {h: drawn[h.value] for h in Hexside if h.value in drawn}
    hexsides = merge_hexsides(by_kind, display)
    check_crossings(connections, hexsides, by_kind.get(Hexside.CAUSEWAY, {}), display)
    hex_at = {cell: h for h, cell in grid.cell_of.items()}
    places = read_places(layers["places"], header.geometry, hex_at, terrain, display)
    return Board(
        name=info.name,
        columns=header.columns,
        rows=header.rows,
        stagger=header.stagger,
        terrain=terrain,
        connections={c: frozenset(edges) for c, edges in connections.items()},
        hexsides=hexsides,
        places=places,
        country=country,
    )


def check_map(path: str | Path) -> Said:
    """Validate a map; return its ``OK: ...`` summary (as data) or raise MapError."""
    board = load_board(path)
    land = sum(1 for t in board.terrain.values() if t is not Terrain.SEA)
    road = len(board.connections[Connection.ROAD])
    rail = len(board.connections[Connection.RAIL])
    return said(Flaw.MAP_OK, path=str(path), columns=board.columns, rows=board.rows, land=land, road=road, rail=rail,
                bridges=len(board.bridges()), places=len(board.places))
