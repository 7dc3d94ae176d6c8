"""Loading valid Tiled maps into a Board: terrain, country, connections, hexsides, places."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from malaya.content import check_map, load_board, load_map, read_map_info
from malaya.content.tiled_geometry import HexGeometry
from malaya.engine.board import Board, Connection, Country, Hexside, Place, SeaArea, Terrain
from malaya.engine.hexgrid import Stagger, StaggerAxis, StaggerIndex, edge, from_offset
from malaya.engine.sides import Side
from tests.content.tmx_builder import TmxBuilder
from tests.content.words import player_text

Load = Callable[..., Board]
VARIANTS = [(a, i) for a in "xy" for i in ("odd", "even")]


def hx(builder: TmxBuilder, col: int, row: int):  # noqa: ANN201 - test helper
    """The axial hex of a builder cell."""
    return from_offset(col, row, builder.hex_stagger)


def test_plain_map_loads_with_its_name_size_terrain_and_country(
    tmx: TmxBuilder, load: Load
) -> None:
    # given a 5×5 map with a jungle hex, a Siamese hex and a sea hex
    tmx.terrain[(1, 2)] = "jungle"
    tmx.country[(0, 0)] = "Siam"
    tmx.terrain[(4, 4)] = "sea"
    # when
    board = load(tmx)
    # then
    assert (board.name, board.columns, board.rows) == ("Test", 5, 5)
    assert board.stagger == Stagger(StaggerAxis.X, StaggerIndex.ODD)
    assert len(board.terrain) == 25
    assert board.terrain_at(hx(tmx, 1, 2)) is Terrain.JUNGLE
    assert board.terrain_at(hx(tmx, 4, 4)) is Terrain.SEA
    assert board.country[hx(tmx, 0, 0)] is Country.SIAM
    assert board.country[hx(tmx, 1, 1)] is Country.MALAYA
    assert hx(tmx, 4, 4) not in board.country


def test_every_terrain_type_loads(tmx: TmxBuilder, load: Load) -> None:
    # given one cell per terrain type
    for i, terrain in enumerate(Terrain):
        tmx.terrain[(i % 5, i // 5)] = terrain.value
    # when
    board = load(tmx)
    # then
    assert {board.terrain_at(hx(tmx, i % 5, i // 5)) for i in range(len(Terrain))} == set(Terrain)


def test_roads_and_rails_become_connections_between_hexes(tmx: TmxBuilder, load: Load) -> None:
    # given a road running S then SE, and a rail NE, all drawn on both hexes
    a = (1, 1)
    b = tmx.link("road", a, "S")
    c = tmx.link("road", b, "SE")
    d = tmx.link("rail", a, "NE")
    # when
    board = load(tmx)
    # then
    assert board.connections[Connection.ROAD] == {
        edge(hx(tmx, *a), hx(tmx, *b)),
        edge(hx(tmx, *b), hx(tmx, *c)),
    }
    assert board.has_connection(Connection.RAIL, hx(tmx, *a), hx(tmx, *d))
    assert not board.has_connection(Connection.RAIL, hx(tmx, *a), hx(tmx, *b))


def test_hexside_features_load_on_the_shared_hexside(tmx: TmxBuilder, load: Load) -> None:
    # given a minor river, a major river and a strait on three hexsides
    minor = tmx.link("river_minor", (2, 2), "N")
    major = tmx.link("river_major", (2, 2), "SW")
    strait = tmx.link("strait", (3, 3), "S")
    # when
    board = load(tmx)
    # then
    assert board.hexside(hx(tmx, 2, 2), hx(tmx, *minor)) is Hexside.RIVER_MINOR
    assert board.hexside(hx(tmx, *major), hx(tmx, 2, 2)) is Hexside.RIVER_MAJOR
    assert board.hexside(hx(tmx, 3, 3), hx(tmx, *strait)) is Hexside.STRAIT
    assert len(board.hexsides) == 3


def test_a_road_crossing_a_river_hexside_is_a_bridge(tmx: TmxBuilder, load: Load) -> None:
    # given a road over a major river, a rail over a minor river, and a river with no road
    road_end = tmx.link("road", (1, 1), "SE")
    tmx.link("river_major", (1, 1), "SE")
    rail_end = tmx.link("rail", (3, 1), "S")
    tmx.link("river_minor", (3, 1), "S")
    dry_end = tmx.link("river_minor", (0, 3), "N")
    # when
    board = load(tmx)
    # then
    assert board.is_bridge(hx(tmx, 1, 1), hx(tmx, *road_end))
    assert board.is_bridge(hx(tmx, 3, 1), hx(tmx, *rail_end))
    assert not board.is_bridge(hx(tmx, 0, 3), hx(tmx, *dry_end))
    assert len(board.bridges()) == 2


def test_a_causeway_carrying_a_road_over_a_strait_loads_as_a_bridge(
    tmx: TmxBuilder, load: Load
) -> None:
    # given Johor (land) and Singapore (land) joined by a causeway with road and rail
    other = tmx.link("causeway", (2, 2), "S")
    tmx.link("road", (2, 2), "S")
    tmx.link("rail", (2, 2), "S")
    tmx.link("strait", (2, 2), "SE")
    # when
    board = load(tmx)
    # then
    assert board.hexside(hx(tmx, 2, 2), hx(tmx, *other)) is Hexside.CAUSEWAY
    assert board.bridges() == {edge(hx(tmx, 2, 2), hx(tmx, *other))}


def test_places_load_with_their_properties_on_the_nearest_hex(tmx: TmxBuilder, load: Load) -> None:
    # given a port, a supply source entry hex, and a place nudged off its cell centre
    tmx.place("Penang", (1, 1), port=True, sea_area="West", airfield=True, objective=True)
    tmx.place("Singora", (3, 0), supply_source="JP", entry=True, sea_area="")
    x, y = tmx.geometry.cell_center(2, 3)
    tmx.places.append(("Ipoh", x + 10, y - 12.5, {"port": False}))
    # when
    board = load(tmx)
    # then
    assert board.places == (
        Place(
            "Penang", hx(tmx, 1, 1), port=True, sea_area=SeaArea.WEST, airfield=True, objective=True
        ),
        Place("Singora", hx(tmx, 3, 0), supply_source=Side.JP, entry=True),
        Place("Ipoh", hx(tmx, 2, 3)),
    )


def test_singapore_port_may_belong_to_no_sea_area(tmx: TmxBuilder, load: Load) -> None:
    # given a port with no sea_area property
    tmx.place("Singapore", (2, 4), port=True, supply_source="CW", objective=True)
    # when
    place = load(tmx).place("Singapore")
    # then
    assert place.port and place.sea_area is None and place.supply_source is Side.CW


@pytest.mark.parametrize("encoding", ["csv", "base64", "zlib", "gzip"])
def test_every_layer_encoding_tiled_writes_loads_the_same_board(
    tmx: TmxBuilder, tmp_path: Path, encoding: str
) -> None:
    # given the same map saved in each encoding
    tmx.terrain[(0, 1)] = "swamp"
    tmx.link("road", (1, 1), "NE")
    tmx.place("Kuantan", (3, 3), port=True, sea_area="East")
    reference = load_board(tmx.write(tmp_path / "csv"))
    tmx.encoding = encoding
    # when
    board = load_board(tmx.write(tmp_path / encoding))
    # then
    assert board == reference


def test_embedded_tilesets_load_like_external_ones(tmx: TmxBuilder, tmp_path: Path) -> None:
    # given the same map with external .tsx tilesets and with tilesets inside the TMX
    tmx.link("rail", (2, 2), "NW")
    external = load_board(tmx.write(tmp_path / "ext"))
    tmx.embedded = True
    # when
    board = load_board(tmx.write(tmp_path / "emb"))
    # then
    assert board == external
    assert not (tmp_path / "emb" / "tiles").exists()


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: "-".join(v))
def test_all_four_stagger_variants_load_the_same_hex_adjacency(
    variant: tuple[str, str], tmp_path: Path
) -> None:
    # given a map in this variant with a road from the middle cell in all six directions
    builder = TmxBuilder(columns=7, rows=7, stagger=variant)
    if variant[0] == "y":
        builder.tile = (56, 64, 32)
    for direction in ("N", "NE", "SE", "S", "SW", "NW"):
        builder.link("road", (3, 3), direction)
    # when
    board = load_board(builder.write(tmp_path))
    # then the road reaches exactly the six cells whose Tiled centres are nearest the middle
    middle = hx(builder, 3, 3)
    reached = {b if a == middle else a for a, b in board.connections[Connection.ROAD]}
    assert {_cell_of(builder, h) for h in reached} == _six_nearest_cells(builder.geometry, 3, 3)


def test_the_map_name_defaults_to_the_file_name(tmx: TmxBuilder, tmp_path: Path) -> None:
    # given a map without map properties
    tmx.map_properties = {}
    # when
    board = load_board(tmx.write(tmp_path, "kedah.tmx"))
    # then
    assert board.name == "kedah"


def test_map_info_reports_scale_and_geometry_without_loading_layers(
    tmx: TmxBuilder, tmp_path: Path
) -> None:
    # given a map whose layers are broken but whose header is fine
    path = tmx.write(tmp_path)
    path.write_text(path.read_text().replace('<data encoding="csv">', '<data encoding="csv">x,', 1))
    # when
    info = read_map_info(path)
    # then
    assert (info.name, info.columns, info.rows, info.km_per_hex) == ("Test", 5, 5, 10)
    assert info.geometry == HexGeometry(64, 56, 32, info.stagger)


def test_load_map_returns_the_board_and_its_info(tmx: TmxBuilder, tmp_path: Path) -> None:
    # when
    board, info = load_map(tmx.write(tmp_path))
    # then
    assert (board.name, board.columns, board.rows, board.stagger) == (info.name, 5, 5, info.stagger)


def test_check_map_summarises_a_good_map_on_one_line(tmx: TmxBuilder, tmp_path: Path) -> None:
    # given a map with a bridge and a place
    tmx.terrain[(4, 4)] = "sea"
    tmx.link("road", (1, 1), "S")
    tmx.link("river_minor", (1, 1), "S")
    tmx.link("rail", (2, 2), "S")
    tmx.place("Alor Star", (1, 1))
    path = tmx.write(tmp_path)
    # when
    line = player_text(check_map(path))
    # then
    assert line == (
        f"OK: {path} — 5×5 hexes, 24 land, 1 road, 1 rail connections, 1 bridges, 1 places"
    )


@pytest.mark.slow
def test_importing_the_content_package_does_not_import_pygame() -> None:
    # when a fresh interpreter imports malaya.content and loads pytmx through it
    code = "import sys, malaya.content; print('pygame' in sys.modules, 'pytmx' in sys.modules)"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    # then pytmx is there, pygame is not, and nothing was printed to stderr
    assert result.stdout.split() == ["False", "True"]
    assert result.stderr == ""


@pytest.mark.slow
def test_pygame_can_still_be_imported_after_the_content_package() -> None:
    # when a fresh interpreter imports malaya.content and then pygame
    code = "import malaya.content, pygame, pytmx; print(pygame.__name__)"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    # then pygame imports normally
    assert result.stdout.strip().endswith("pygame")


def _cell_of(builder: TmxBuilder, h) -> tuple[int, int]:  # noqa: ANN001
    """A hex back to its Tiled cell."""
    from malaya.engine.hexgrid import to_offset

    return to_offset(h, builder.hex_stagger)


def _six_nearest_cells(g: HexGeometry, col: int, row: int) -> set[tuple[int, int]]:
    """The six cells whose Tiled centres are nearest cell (col, row)'s."""
    cx, cy = g.cell_center(col, row)
    cells = [(c, r) for c in range(7) for r in range(7) if (c, r) != (col, row)]
    cells.sort(
        key=lambda cell: (g.cell_center(*cell)[0] - cx) ** 2 + (g.cell_center(*cell)[1] - cy) ** 2
    )
    return set(cells[:6])
