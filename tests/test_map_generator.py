"""The committed campaign map is what tools/build_map.py generates, and is well formed.

Facts are read with xml.etree (not with the engine's loader) so this test stands alone.
"""

from __future__ import annotations

import os
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from malaya.engine.hexgrid import DIRECTION_NAMES, from_offset, opposite, to_offset  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
MAP = ROOT / "scenarios" / "malaya1941" / "map.tmx"
TILES = ROOT / "assets" / "tiles"
FEATURE_LAYERS = ("road", "rail", "river_minor", "river_major", "strait", "causeway", "sea")


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh generation into a temporary root."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import build_map
    finally:
        sys.path.remove(str(ROOT / "tools"))
    out = tmp_path_factory.mktemp("mapgen")
    build_map.build(out)
    return out


@pytest.fixture(scope="module")
def tmx() -> ET.Element:
    """The committed map's XML root."""
    return ET.parse(MAP).getroot()


def _tile_props(tmx: ET.Element) -> dict[int, dict[str, str]]:
    """Global tile id -> tile properties, from the external tilesets."""
    out: dict[int, dict[str, str]] = {}
    for ref in tmx.findall("tileset"):
        ts = ET.parse((MAP.parent / ref.get("source", "")).resolve()).getroot()
        first = int(ref.get("firstgid", "0"))
        for tile in ts.findall("tile"):
            props = {p.get("name", ""): p.get("value", "") for p in tile.iter("property")}
            out[first + int(tile.get("id", "0"))] = props
    return out


def _layer(tmx: ET.Element, name: str) -> list[list[int]]:
    """A CSV tile layer as rows of gids."""
    layer = tmx.find(f"layer[@name='{name}']")
    assert layer is not None, name
    text = (layer.findtext("data") or "").strip()
    return [[int(v) for v in row.strip().rstrip(",").split(",")] for row in text.splitlines()]


@pytest.mark.slow
def test_committed_files_are_up_to_date(generated: Path) -> None:
    rel = [MAP.relative_to(ROOT)] + sorted(p.relative_to(ROOT) for p in TILES.glob("*.tsx"))
    assert len(rel) == 10
    for path in rel:
        assert (generated / path).read_bytes() == (ROOT / path).read_bytes(), f"{path} is stale: run tools/build_map.py"


@pytest.mark.slow
def test_tile_images_are_up_to_date(generated: Path) -> None:
    import pygame

    for png in sorted(TILES.glob("*.png")):
        fresh = pygame.image.load(str(generated / png.relative_to(ROOT)))
        committed = pygame.image.load(str(png))
        assert pygame.image.tobytes(fresh, "RGBA") == pygame.image.tobytes(committed, "RGBA"), png.name


def test_header(tmx: ET.Element) -> None:
    a = tmx.attrib
    assert (a["orientation"], a["staggeraxis"], a["staggerindex"], a["infinite"]) == ("hexagonal", "x", "odd", "0")
    assert (a["tilewidth"], a["tileheight"], a["hexsidelength"]) == ("64", "56", "32")
    props = {p.get("name"): p.get("value") for p in tmx.find("properties") or []}
    assert props == {"name": "Malaya 1941", "km_per_hex": "10"}
    assert all(ts.get("source", "").startswith("../../assets/tiles/") for ts in tmx.findall("tileset"))


def test_terrain_and_country_filled(tmx: ET.Element) -> None:
    props = _tile_props(tmx)
    w, h = int(tmx.get("width", "0")), int(tmx.get("height", "0"))
    terrain, country = _layer(tmx, "terrain"), _layer(tmx, "country")
    assert len(terrain) == h and all(len(row) == w for row in terrain)
    for r in range(h):
        for c in range(w):
            kind = props[terrain[r][c]]["terrain"]
            assert (country[r][c] == 0) == (kind == "sea"), (c, r)


def test_features_are_symmetric_and_on_land(tmx: ET.Element) -> None:
    props = _tile_props(tmx)
    terrain = _layer(tmx, "terrain")
    w, h = len(terrain[0]), len(terrain)
    for name in FEATURE_LAYERS:
        grid = _layer(tmx, name)
        sides_at = {}
        for r in range(h):
            for c in range(w):
                if grid[r][c]:
                    tile = props[grid[r][c]]
                    assert tile["feature"] == name
                    sides_at[from_offset(c, r)] = {DIRECTION_NAMES.index(s) for s in tile["sides"].split(",")}
        for hx, sides in sides_at.items():
            for d in sides:
                nb = hx.neighbor(d)
                assert opposite(d) in sides_at.get(nb, set()), f"{name} at {to_offset(hx)} side {d} not mirrored"
                if name in ("road", "rail"):
                    c, r = to_offset(nb)
                    assert props[terrain[r][c]]["terrain"] != "sea", f"{name} touches sea at {(c, r)}"


def test_places(tmx: ET.Element) -> None:
    objs = tmx.findall("objectgroup[@name='places']/object")
    names = [o.get("name") for o in objs]
    assert len(names) == len(set(names)) >= 60
    assert {"Singapore", "Penang", "Kota Bharu", "Johore Bahru"} <= set(names)
    entries = [o for o in objs if any(p.get("name") == "entry" for p in o.iter("property"))]
    assert len(entries) == 2
    props, terrain = _tile_props(tmx), _layer(tmx, "terrain")
    cells = set()
    for o in objs:
        col = (int(o.get("x", "0")) - 32) // 48
        row = (int(o.get("y", "0")) - 28 - 28 * (col & 1)) // 56
        assert props[terrain[row][col]]["terrain"] != "sea", o.get("name")
        cells.add((col, row))
    assert len(cells) == len(objs), "two places share a hex"


def test_one_causeway_with_road_and_rail(tmx: ET.Element) -> None:
    grids = {n: _layer(tmx, n) for n in ("causeway", "road", "rail")}
    props = _tile_props(tmx)
    hits = [(r, c) for r, row in enumerate(grids["causeway"]) for c, g in enumerate(row) if g]
    assert len(hits) == 2
    for r, c in hits:
        side = props[grids["causeway"][r][c]]["sides"]
        for kind in ("road", "rail"):
            assert side in props[grids[kind][r][c]]["sides"].split(",")
