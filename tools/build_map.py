"""Regenerate the Malaya campaign map from tools/geography/malaya.toml.

Usage: ``python tools/build_map.py [--out DIR] [--quiet]``

Writes, relative to DIR (default: the repository root):

* ``scenarios/malaya1941/map.tmx`` — the hexagonal Tiled map (docs/map-format.md);
* ``assets/tiles/*.tsx`` and ``*.png`` — the external tilesets and their images.

The output is deterministic: running it twice gives byte-identical files. Steps:
project lat/lon (equirectangular, see ``tools/mapgen/geo.py``), rasterise land
masses by hex centre, countries and terrain regions, place the named places on
land hexes, route roads and railways over land hexes, mark straits / causeway /
all-sea hexsides between land masses, route rivers along hexsides, check the
map's invariants (``tools/mapgen/checks.py``) and write the files.
"""

from __future__ import annotations

import argparse
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
if str(ROOT / "tools") not in sys.path:
    sys.path.insert(0, str(ROOT / "tools"))

from mapgen import checks, hexsides, land, lines, places, rivers  # noqa: E402
from mapgen.model import MapData, new_map  # noqa: E402
from mapgen.tilesets import write_tilesets  # noqa: E402
from mapgen.tmx import write_tmx  # noqa: E402

GEOGRAPHY = ROOT / "tools" / "geography" / "malaya.toml"
MAP_PATH = Path("scenarios/malaya1941/map.tmx")
TILES_DIR = Path("assets/tiles")


def generate(spec_path: Path = GEOGRAPHY) -> tuple[MapData, list[str]]:
    """Build the map in memory; return it with informative notes."""
    with spec_path.open("rb") as f:
        spec = tomllib.load(f)
    data = new_map(spec)
    land.rasterize_land(data)
    land.assign_countries(data)
    land.apply_regions(data)
    notes = places.place_all(data)
    hexsides.locate_causeway(data)
    hexsides.mark_landmass_sides(data)
    lines.build_lines(data)
    land.apply_plantations(data)
    places.reapply_place_terrain(data)
    counts = rivers.build_rivers(data)
    notes += [f"river {name}: {n} hexsides" for name, n in counts.items()]
    notes += checks.port_notes(data)
    errors = checks.problems(data)
    if errors:
        raise SystemExit("map invariants broken:\n" + "\n".join(errors))
    return data, notes


def build(out: Path = ROOT) -> MapData:
    """Generate and write the map and tilesets under ``out``."""
    data, _ = generate()
    sets = write_tilesets(out / TILES_DIR)
    write_tmx(data, sets, out / MAP_PATH)
    return data


def summary(data: MapData) -> str:
    """Counts for the console."""
    land_hexes = len(data.landmass)
    conns = {k.value: len(v) for k, v in data.connections.items()}
    sides: dict[str, int] = {}
    for kind in data.hexsides.values():
        sides[kind.value] = sides.get(kind.value, 0) + 1
    return (
        f"{data.cols}x{data.rows} cells, {land_hexes} land hexes, {len(data.places)} places, "
        f"connections {conns}, hexsides {sides}"
    )


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--out", type=Path, default=ROOT, help="output root (default: repository root)"
    )
    parser.add_argument("--quiet", action="store_true", help="print nothing")
    args = parser.parse_args(argv)
    data, notes = generate()
    sets = write_tilesets(args.out / TILES_DIR)
    write_tmx(data, sets, args.out / MAP_PATH)
    if not args.quiet:
        print("\n".join(notes))
        print(summary(data))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
