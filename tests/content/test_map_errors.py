"""Every bad map is refused with one line naming the file, the layer and the cell."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from malaya.content import ContentError, MapError, load_board
from malaya.content.said import Flaw, said
from tests.content.tmx_builder import FLIP_D, FLIP_H, FLIP_V, NO_PROPERTIES, ROTATE_120, TmxBuilder
from tests.content.words import player_text, raises_saying


def error_of(builder: TmxBuilder, tmp_path: Path) -> MapError:
    """Write and load a map that must fail; return the MapError (checked to be one line)."""
    path = builder.write(tmp_path)
    with pytest.raises(MapError) as info:
        load_board(path)
    message = player_text(info.value)
    assert "\n" not in message and message.startswith(str(path))
    return info.value


def located(err: MapError, layer: str | None, cell: tuple[int, int] | None) -> bool:
    """True if the error names this layer and cell (in fields and in its text)."""
    text = player_text(err)
    in_text = (layer is None or f"layer '{layer}'" in text) and (
        cell is None or f"cell ({cell[0]},{cell[1]})" in text
    )
    return (err.layer, err.cell) == (layer, cell) and in_text


# -- the file itself ------------------------------------------------------------------


def test_map_error_is_a_content_error_with_a_one_line_message() -> None:
    # when (a fact given with a line break in it)
    err = MapError(
        "map.tmx", said(Flaw.CONNECTION_INTO_SEA, layer="road", direction="S\n"), layer="road", cell=(12, 40)
    )
    # then
    assert isinstance(err, ContentError)
    assert (
        player_text(err)
        == "map.tmx: layer 'road' cell (12,40): road connection to the S leads into the sea"
    )


def test_a_missing_map_file_is_reported(tmp_path: Path) -> None:
    # when / then
    with raises_saying(MapError, r"nowhere\.tmx: file not found$"):
        load_board(tmp_path / "nowhere.tmx")


def test_malformed_xml_is_reported_with_line_and_column(tmx: TmxBuilder, tmp_path: Path) -> None:
    # given a map whose third line has a broken tag
    path = tmx.write(tmp_path)
    lines = path.read_text().splitlines()
    lines[2] = "<properties><oops</properties>"
    path.write_text("\n".join(lines))
    # when
    with pytest.raises(MapError) as info:
        load_board(path)
    # then
    assert info.value.line == 3
    assert re.fullmatch(
        rf"{re.escape(str(path))} line 3, column \d+: malformed XML \(.+\)", player_text(info.value)
    )


def test_a_file_that_is_not_a_tiled_map_is_rejected(tmp_path: Path) -> None:
    # given an XML file with another root element
    path = tmp_path / "notes.tmx"
    path.write_text("<notes/>")
    # when / then
    with raises_saying(MapError, r"not a Tiled map \(root element is <notes>"):
        load_board(path)


def test_a_non_hexagonal_map_is_rejected(tmx: TmxBuilder, tmp_path: Path) -> None:
    # given an orthogonal map
    tmx.header["orientation"] = "orthogonal"
    # then
    assert player_text(error_of(tmx, tmp_path)).endswith("map is not hexagonal (orientation 'orthogonal')")


def test_an_infinite_map_is_rejected(tmx: TmxBuilder, tmp_path: Path) -> None:
    # given a map flagged infinite
    tmx.header["infinite"] = "1"
    # then
    assert "map is infinite" in player_text(error_of(tmx, tmp_path))


def test_a_map_larger_than_200_cells_a_side_is_rejected_before_its_layers_are_read(
    tmx: TmxBuilder, tmp_path: Path
) -> None:
    """Issue 17: the cap is what a campaign needs (62 × 69), so the largest allowed map checks fast."""
    # given a header claiming 201×20 cells (the layers do not even match)
    tmx.header["width"] = "201"
    tmx.header["height"] = "20"
    # then the header is what is reported
    assert player_text(error_of(tmx, tmp_path)).endswith(
        "map is 201×20 cells; at most 200×200 is allowed"
    )


@pytest.mark.parametrize(
    ("attr", "value", "expected"),
    [
        ("staggeraxis", "z", "staggeraxis must be 'x' or 'y'"),
        ("staggerindex", "both", "staggerindex must be 'odd' or 'even'"),
        ("tilewidth", "wide", "tilewidth='wide' must be an integer"),
        ("hexsidelength", "200", "hexsidelength 200 is longer than the tile"),
        ("height", "0", "height='0' must be an integer >= 1"),
    ],
)
def test_bad_map_header_values_are_rejected(
    tmx: TmxBuilder, tmp_path: Path, attr: str, value: str, expected: str
) -> None:
    # given a header with one bad attribute
    tmx.header[attr] = value
    # then
    assert expected in player_text(error_of(tmx, tmp_path))


def test_a_missing_external_tileset_is_reported(tmx: TmxBuilder, tmp_path: Path) -> None:
    # given the road tileset file deleted
    path = tmx.write(tmp_path)
    (tmp_path / "tiles" / "road.tsx").unlink()
    # when
    with pytest.raises(MapError) as info:
        load_board(path)
    # then
    assert "tileset file 'tiles/road.tsx' not found" in player_text(info.value)


def test_a_malformed_external_tileset_is_reported_with_its_own_line(
    tmx: TmxBuilder, tmp_path: Path
) -> None:
    # given a broken country.tsx
    path = tmx.write(tmp_path)
    (tmp_path / "tiles" / "country.tsx").write_text(
        '<?xml version="1.0"?>\n<tileset name="country">\n<tile'
    )
    # when
    with pytest.raises(MapError) as info:
        load_board(path)
    # then the tileset, not the map, is named
    assert player_text(info.value).startswith(str(tmp_path / "tiles" / "country.tsx") + " line 3")


# -- layers -----------------------------------------------------------------------------


@pytest.mark.parametrize("layer", ["terrain", "country", "places"])
def test_a_missing_required_layer_is_reported(tmx: TmxBuilder, tmp_path: Path, layer: str) -> None:
    # given a map without this layer
    tmx.dropped_layers.add(layer)
    # then
    assert f"required layer '{layer}' is missing" in player_text(error_of(tmx, tmp_path))


def test_a_places_layer_that_is_a_tile_layer_is_rejected(tmx: TmxBuilder, tmp_path: Path) -> None:
    # given 'places' written as a tile layer
    tmx.dropped_layers.add("places")
    tmx.overrides[("places", (0, 0))] = ("terrain", 0, 0)
    # then
    assert located(err := error_of(tmx, tmp_path), "places", None)
    assert player_text(err).endswith("must be an object layer")


def test_two_layers_with_the_same_contract_name_are_rejected(
    tmx: TmxBuilder, tmp_path: Path
) -> None:
    # given a second 'country' layer
    path = tmx.write(tmp_path)
    text = path.read_text()
    start = text.index('<layer name="country"')
    block = text[start : text.index("</layer>", start) + len("</layer>")]
    path.write_text(text.replace(block, block + "\n" + block))
    # when / then
    with raises_saying(MapError, "layer 'country': two layers have this name"):
        load_board(path)


def test_layer_data_that_cannot_be_decoded_names_the_layer(tmx: TmxBuilder, tmp_path: Path) -> None:
    # given a zlib map whose country layer holds garbage
    tmx.encoding = "zlib"
    path = tmx.write(tmp_path)
    text = path.read_text()
    start = text.index('<layer name="country"')
    data_at = text.index("\n", text.index("<data", start)) + 1
    path.write_text(text[:data_at] + "AAAAnotzlib" + text[text.index("\n", data_at) :])
    # when / then
    with raises_saying(MapError, r"layer 'country': layer data cannot be decoded \(base64\+zlib\)"
    ):
        load_board(path)


def test_layer_data_with_the_wrong_number_of_cells_is_rejected(
    tmx: TmxBuilder, tmp_path: Path
) -> None:
    # given a terrain layer missing its last cell
    path = tmx.write(tmp_path)
    text = path.read_text()
    path.write_text(text.replace("1,1,1,1,1\n</data>", "1,1,1,1\n</data>", 1))
    # when / then
    with raises_saying(MapError, r"layer 'terrain': layer data holds 24 cells, expected 5×5 = 25"
    ):
        load_board(path)


def test_a_layer_saved_in_an_unsupported_compression_is_rejected(
    tmx: TmxBuilder, tmp_path: Path
) -> None:
    # given a layer claiming zstd compression
    tmx.encoding = "zlib"
    path = tmx.write(tmp_path)
    path.write_text(path.read_text().replace('compression="zlib"', 'compression="zstd"', 1))
    # when / then
    with raises_saying(MapError, r"layer 'terrain': layer data compression 'zstd' is not supported"
    ):
        load_board(path)


# -- tiles ------------------------------------------------------------------------------


@pytest.mark.parametrize("encoding", ["csv", "base64", "zlib", "gzip"])
@pytest.mark.parametrize(
    ("flags", "named"),
    [
        (FLIP_H, "horizontal flip"),
        (FLIP_V, "vertical flip"),
        (FLIP_D, "diagonal flip / 60° rotation"),
        (ROTATE_120, "120° rotation"),
        (FLIP_H | ROTATE_120, "horizontal flip, 120° rotation"),
    ],
)
def test_a_flipped_or_rotated_tile_is_rejected(
    tmx: TmxBuilder, tmp_path: Path, encoding: str, flags: int, named: str
) -> None:
    # given a river tile placed with Tiled's flip/rotation flags (bits 31..28)
    tmx.encoding = encoding
    tmx.link("river_minor", (1, 1), "N")
    tmx.overrides[("river_minor", (1, 1))] = ("river_minor", 3, flags)
    # when
    err = error_of(tmx, tmp_path)
    # then
    assert located(err, "river_minor", (1, 1))
    assert f"flip/rotation flags ({named})" in player_text(err)


def test_an_empty_terrain_cell_is_rejected(tmx: TmxBuilder, tmp_path: Path) -> None:
    # given a hole in the terrain layer
    tmx.terrain[(3, 2)] = None
    # then
    assert located(err := error_of(tmx, tmp_path), "terrain", (3, 2))
    assert "empty cell" in player_text(err)


def test_an_unknown_terrain_is_rejected(tmx: TmxBuilder, tmp_path: Path) -> None:
    # given a terrain tile whose property says 'desert'
    tmx.terrain[(2, 4)] = "desert"
    # then
    assert located(err := error_of(tmx, tmp_path), "terrain", (2, 4))
    assert "unknown terrain 'desert' (expected one of: clear, plantation" in player_text(err)


def test_a_terrain_tile_without_a_terrain_property_is_rejected(
    tmx: TmxBuilder, tmp_path: Path
) -> None:
    # given a tile with no properties at all in the terrain layer
    tmx.terrain[(0, 3)] = NO_PROPERTIES
    # then
    assert located(err := error_of(tmx, tmp_path), "terrain", (0, 3))
    assert "tile has no 'terrain' property (tile 9 of tileset 'terrain')" in player_text(err)


def test_a_feature_tile_in_the_terrain_layer_is_rejected(tmx: TmxBuilder, tmp_path: Path) -> None:
    # given a road tile painted into the terrain layer
    tmx.overrides[("terrain", (4, 0))] = ("road", 8, 0)
    # then
    assert located(err := error_of(tmx, tmp_path), "terrain", (4, 0))
    assert "a 'road' tile does not belong in this layer (tile 8 of tileset 'road')" in player_text(err)


def test_a_feature_tile_in_another_feature_layer_is_rejected(
    tmx: TmxBuilder, tmp_path: Path
) -> None:
    # given a rail tile in the road layer
    tmx.link("road", (1, 1), "S")
    tmx.overrides[("road", (1, 1))] = ("rail", 7, 0)
    # then
    assert located(err := error_of(tmx, tmp_path), "road", (1, 1))
    assert "a 'rail' tile does not belong in this layer" in player_text(err)


def test_a_terrain_tile_in_a_feature_layer_is_rejected(tmx: TmxBuilder, tmp_path: Path) -> None:
    # given a jungle tile in the river_major layer
    tmx.overrides[("river_major", (2, 2))] = ("terrain", 2, 0)
    # then
    assert located(err := error_of(tmx, tmp_path), "river_major", (2, 2))
    assert "a terrain tile does not belong in this layer" in player_text(err)


@pytest.mark.parametrize(
    ("sides", "expected"),
    [
        ("N,UP", "unknown sides 'N,UP': 'UP' is not one of N,NE,SE,S,SW,NW"),
        ("E", "unknown sides 'E'"),
        ("N,N", "sides 'N,N' names a side twice"),
    ],
)
def test_a_feature_tile_with_unknown_sides_is_rejected(
    tmx: TmxBuilder, tmp_path: Path, sides: str, expected: str
) -> None:
    # given a road tile whose sides property is wrong
    tmx.features["road"] = {(2, 2): sides}
    # then
    assert located(err := error_of(tmx, tmp_path), "road", (2, 2))
    assert expected in player_text(err)


def test_an_unknown_country_is_rejected(tmx: TmxBuilder, tmp_path: Path) -> None:
    # given a country tile saying 'Atlantis'
    tmx.country[(1, 4)] = "Atlantis"
    # then
    assert located(err := error_of(tmx, tmp_path), "country", (1, 4))
    assert "unknown country 'Atlantis' (expected one of: Siam, Malaya)" in player_text(err)


# -- cross-cell rules -------------------------------------------------------------------


def test_a_feature_pointing_off_the_map_is_rejected(tmx: TmxBuilder, tmp_path: Path) -> None:
    # given a road leaving the top edge
    tmx.add_side("road", (2, 0), "N")
    # then
    assert located(err := error_of(tmx, tmp_path), "road", (2, 0))
    assert player_text(err).endswith("road side to the N leads off the map")


@pytest.mark.parametrize(
    "layer", ["road", "rail", "river_minor", "river_major", "strait", "causeway", "sea"]
)
def test_a_feature_set_on_only_one_of_its_hexes_is_rejected(
    tmx: TmxBuilder, tmp_path: Path, layer: str
) -> None:
    # given the hexside (1,1)-S drawn only from the north hex
    tmx.add_side(layer, (1, 1), "S")
    if layer == "causeway":
        tmx.link("road", (1, 1), "S")
    # then the missing end is named
    assert located(err := error_of(tmx, tmp_path), layer, (1, 1))
    assert (
        f"{layer} side to the S is set on only one of its hexes; cell (1,2) needs its N side too"
        in player_text(err)
    )


@pytest.mark.parametrize("layer", ["road", "rail"])
def test_a_connection_into_a_sea_hex_is_rejected(
    tmx: TmxBuilder, tmp_path: Path, layer: str
) -> None:
    # given a road/rail drawn (on both hexes) from land into the sea
    tmx.terrain[(1, 2)] = "sea"
    tmx.link(layer, (1, 1), "S")
    # then
    err = error_of(tmx, tmp_path)
    where = f"{tmp_path / 'map.tmx'}: layer '{layer}' cell (1,1)"
    assert player_text(err) == f"{where}: {layer} connection to the S leads into the sea"


def test_a_connection_tile_on_a_sea_hex_is_rejected(tmx: TmxBuilder, tmp_path: Path) -> None:
    # given a road tile painted on a sea hex at the top of the map
    tmx.terrain[(3, 0)] = "sea"
    tmx.link("road", (3, 0), "S")
    # then
    assert located(err := error_of(tmx, tmp_path), "road", (3, 0))
    assert player_text(err).endswith("road on a sea hex")


@pytest.mark.parametrize("water", ["strait", "sea"])
@pytest.mark.parametrize("layer", ["road", "rail"])
def test_a_connection_across_a_strait_or_sea_hexside_is_rejected(
    tmx: TmxBuilder, tmp_path: Path, layer: str, water: str
) -> None:
    # given a road/rail crossing a strait (or sea) hexside with no causeway
    tmx.link(layer, (2, 1), "SE")
    tmx.link(water, (2, 1), "SE")
    # then
    assert located(err := error_of(tmx, tmp_path), layer, (2, 1))
    assert f"{layer} connection to the SE crosses a {water} hexside" in player_text(err)


def test_a_causeway_without_a_connection_is_rejected(tmx: TmxBuilder, tmp_path: Path) -> None:
    # given a causeway hexside with no road or rail across it
    tmx.link("causeway", (2, 3), "S")
    # then
    assert located(err := error_of(tmx, tmp_path), "causeway", (2, 3))
    assert player_text(err).endswith("causeway hexside to the S carries no road or rail connection")


def test_two_features_on_one_hexside_are_rejected(tmx: TmxBuilder, tmp_path: Path) -> None:
    # given a minor and a major river on the same hexside
    tmx.link("river_minor", (0, 0), "SE")
    tmx.link("river_major", (0, 0), "SE")
    # then the later layer is blamed
    assert located(err := error_of(tmx, tmp_path), "river_major", (0, 0))
    assert "hexside to the SE already carries river_minor" in player_text(err)


def test_a_land_cell_without_country_is_rejected(tmx: TmxBuilder, tmp_path: Path) -> None:
    # given a jungle hex with no country tile
    tmx.terrain[(4, 1)] = "jungle"
    tmx.country[(4, 1)] = None
    # then
    assert located(err := error_of(tmx, tmp_path), "country", (4, 1))
    assert "land hex (jungle) has no country" in player_text(err)


def test_a_sea_cell_with_a_country_is_rejected(tmx: TmxBuilder, tmp_path: Path) -> None:
    # given a sea hex painted Siam
    tmx.terrain[(0, 4)] = "sea"
    tmx.country[(0, 4)] = "Siam"
    # then
    assert located(error_of(tmx, tmp_path), "country", (0, 4))


# -- places -----------------------------------------------------------------------------


def test_duplicate_place_names_are_rejected(tmx: TmxBuilder, tmp_path: Path) -> None:
    # given two objects named Ipoh
    tmx.place("Ipoh", (1, 1))
    tmx.place("Ipoh", (3, 3))
    # then the second one is named
    assert located(err := error_of(tmx, tmp_path), "places", (3, 3))
    assert "duplicate place name 'Ipoh'" in player_text(err)


def test_a_place_without_a_name_is_rejected(tmx: TmxBuilder, tmp_path: Path) -> None:
    # given an unnamed point object
    tmx.places.append((None, 100, 100, {}))
    # then
    assert "place object (id 1) has no name" in player_text(error_of(tmx, tmp_path))


def test_a_place_outside_the_map_is_rejected(tmx: TmxBuilder, tmp_path: Path) -> None:
    # given a place dragged to the left of the map
    tmx.places.append(("Nowhere", -200, 60, {}))
    # then the (off-map) nearest cell is named
    err = error_of(tmx, tmp_path)
    assert err.layer == "places" and err.cell is not None and err.cell[0] < 0
    assert "place 'Nowhere' at (-200,60) px is outside the map" in player_text(err)


def test_a_place_in_the_sea_is_rejected(tmx: TmxBuilder, tmp_path: Path) -> None:
    # given a place on a sea hex
    tmx.terrain[(4, 2)] = "sea"
    tmx.place("Atlantis", (4, 2))
    # then
    assert located(err := error_of(tmx, tmp_path), "places", (4, 2))
    assert "place 'Atlantis' is in the sea" in player_text(err)


@pytest.mark.parametrize(
    ("props", "expected"),
    [
        ({"port": "yes"}, "port='yes' must be true or false"),
        ({"sea_area": "North"}, "sea_area='North' must be West, East or empty"),
        ({"supply_source": "US"}, "supply_source='US' must be JP, CW or empty"),
        ({"airfeild": True}, "unknown property 'airfeild'"),
        ({"sea_area": 3}, "sea_area=3 must be a string"),
    ],
)
def test_bad_place_property_values_are_rejected(
    tmx: TmxBuilder, tmp_path: Path, props: dict, expected: str
) -> None:
    # given a place with one bad property
    tmx.place("Kota Bharu", (2, 1), **props)
    # then
    assert located(err := error_of(tmx, tmp_path), "places", (2, 1))
    assert f"place 'Kota Bharu': {expected}" in player_text(err)


@pytest.mark.parametrize("value", ["ten", 0, True])
def test_a_bad_km_per_hex_map_property_is_rejected(
    tmx: TmxBuilder, tmp_path: Path, value: object
) -> None:
    # given km_per_hex that is not a positive integer
    tmx.map_properties["km_per_hex"] = value
    # then
    assert "map property km_per_hex" in player_text(error_of(tmx, tmp_path))


def test_a_tile_id_beyond_every_tileset_is_rejected(tmx: TmxBuilder, tmp_path: Path) -> None:
    # given a terrain cell whose gid points past the last tile of the last tileset
    tmx.overrides[("terrain", (2, 0))] = ("sea", 5000, 0)
    # then
    assert located(err := error_of(tmx, tmp_path), "terrain", (2, 0))
    assert "beyond the last tile of tileset 'sea'" in player_text(err)


def test_a_typed_property_whose_value_does_not_parse_is_rejected(
    tmx: TmxBuilder, tmp_path: Path
) -> None:
    # given a place whose bool property was hand-edited to 'maybe'
    tmx.place("Jitra", (1, 1), airfield=True)
    path = tmx.write(tmp_path)
    path.write_text(path.read_text().replace('type="bool" value="true"', 'type="bool" value="maybe"'))
    # when / then
    with raises_saying(MapError, r"map\.tmx: property 'airfield' has bool value 'maybe'$"):
        load_board(path)


def test_a_place_object_with_a_non_numeric_position_is_rejected(
    tmx: TmxBuilder, tmp_path: Path
) -> None:
    # given a place whose x was hand-edited to text
    tmx.place("Gurun", (1, 1))
    path = tmx.write(tmp_path)
    text = path.read_text()
    path.write_text(text.replace('name="Gurun" x="', 'name="Gurun" x="west', 1))
    # when / then
    with raises_saying(MapError, r"layer 'places': object 'Gurun' has x='west"):
        load_board(path)


def test_an_unknown_xml_encoding_declaration_is_rejected(tmx: TmxBuilder, tmp_path: Path) -> None:
    # given a map declaring an encoding Python does not know
    path = tmx.write(tmp_path)
    path.write_text(path.read_text().replace('encoding="UTF-8"', 'encoding="klingon"', 1))
    # when / then
    with raises_saying(MapError, "cannot decode file"):
        load_board(path)
