"""Maps written by real Tiled (read-only, beside the repo) are refused with clear one-liners."""

from __future__ import annotations

from pathlib import Path

import pytest

from malaya.content import MapError, load_board
from tests.content.words import player_text


def refusal(path: Path) -> str:
    """The one-line message loading ``path`` fails with."""
    with pytest.raises(MapError) as info:
        load_board(path)
    message = player_text(info.value)
    assert "\n" not in message and message.startswith(str(path))
    return message


def test_hex_map_with_flipped_and_rotated_tiles_is_rejected_naming_the_flag_and_cell(
    tiled_examples: Path,
) -> None:
    # given Tiled's flat-top test map whose cell (1,0) is gid 1 with bit 29 (60° rotation) set
    path = tiled_examples / "test_hexagonal_tile_60x60x30.tmx"
    # when / then
    assert refusal(path) == (
        f"{path}: layer 'Tile Layer 1' cell (1,0): tile is placed with Tiled's flip/rotation "
        "flags (diagonal flip / 60° rotation); tiles must be unrotated and unflipped"
    )


def test_orthogonal_map_with_external_tileset_is_rejected_as_not_hexagonal(
    tiled_examples: Path,
) -> None:
    # given Tiled's desert example (orthogonal, desert.tsx)
    path = tiled_examples / "desert.tmx"
    # then
    assert refusal(path) == f"{path}: map is not hexagonal (orientation 'orthogonal')"


def test_infinite_staggered_isometric_map_is_rejected(tiled_examples: Path) -> None:
    # given Tiled's infinite, chunked, staggered isometric example
    path = tiled_examples / "isometric_staggered_grass_and_water.tmx"
    # then
    assert refusal(path) == f"{path}: map is not hexagonal (orientation 'staggered')"


def test_hexagonal_mini_decodes_and_fails_only_for_the_missing_terrain_layer(
    tiled_examples: Path,
) -> None:
    # given Tiled's pointy-top (y/odd) map with one base64+zlib layer 'Ground' and no properties
    path = tiled_examples / "hexagonal-mini.tmx"
    # then the header and the layer data are fine; only our layer contract is not met
    assert refusal(path) == f"{path}: required layer 'terrain' is missing (layers: 'Ground')"


def test_staggered_map_without_tileset_is_rejected(tiled_examples: Path) -> None:
    # given libtiled-java's 9×9 staggered map with no tileset
    path = tiled_examples / "staggered-9x9-notileset.tmx"
    # then
    assert refusal(path) == f"{path}: map is not hexagonal (orientation 'staggered')"


def test_hexagonal_mini_renamed_into_our_layers_fails_on_its_first_unlabelled_tile(
    tiled_examples: Path, tmp_path: Path
) -> None:
    # given hexagonal-mini copied to tmp with its layer renamed 'terrain' (and a places layer)
    text = (tiled_examples / "hexagonal-mini.tmx").read_text()
    text = text.replace('name="Ground"', 'name="terrain"').replace(
        "</map>",
        '<layer name="country" width="20" height="20"><data encoding="csv">'
        + ",".join(["0"] * 400)
        + '</data></layer><objectgroup name="places"/></map>',
    )
    path = tmp_path / "hexagonal-mini.tmx"
    path.write_text(text)
    # then the first cell's tile is reported for its missing terrain property
    message = refusal(path)
    assert message.startswith(f"{path}: layer 'terrain' cell (0,0): tile has no 'terrain' property")
    assert "of tileset 'hex mini'" in message
