"""The external tilesets (`assets/tiles/*.tsx` + `*.png`) and their tile ids."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import quoteattr

from malaya.engine.hexgrid import DIRECTION_NAMES

from . import art
from .geo import TILE_H, TILE_W
from .xmlout import TILED_VERSION, XML_VERSION

TERRAINS = ("clear", "plantation", "jungle", "swamp", "mountain", "town", "city", "fortress", "sea")
COUNTRIES = ("Siam", "Malaya")
FEATURES = ("road", "rail", "river_minor", "river_major", "strait", "causeway", "sea")
FEATURE_COLUMNS = 9


@dataclass(frozen=True)
class Tileset:
    """One tileset: its file name, tile properties (by tile id) and image columns."""

    name: str
    tiles: tuple[dict[str, str], ...]
    columns: int

    @property
    def tilecount(self) -> int:
        """Number of tiles."""
        return len(self.tiles)


def sides_name(mask: int) -> str:
    """Comma-separated direction names of the bits set in ``mask``."""
    return ",".join(DIRECTION_NAMES[d] for d in range(6) if mask >> d & 1)


def all_tilesets() -> list[Tileset]:
    """Terrain, country and the seven hexside/connection tilesets, in map order."""
    sets = [
        Tileset("terrain", tuple({"terrain": t} for t in TERRAINS), len(TERRAINS)),
        Tileset("country", tuple({"country": c} for c in COUNTRIES), len(COUNTRIES)),
    ]
    for f in FEATURES:
        tiles = tuple({"feature": f, "sides": sides_name(m)} for m in range(1, 64))
        sets.append(Tileset(f, tiles, FEATURE_COLUMNS))
    return sets


def _images(ts: Tileset) -> list[art.pygame.Surface]:
    """The tile images of a tileset."""
    if ts.name == "terrain":
        return [art.terrain_tile(t, seed=i + 1) for i, t in enumerate(TERRAINS)]
    if ts.name == "country":
        return [art.country_tile(c) for c in COUNTRIES]
    return [art.feature_tile(ts.name, m) for m in range(1, 64)]


def tsx_text(ts: Tileset, width: int, height: int) -> str:
    """The .tsx XML of a tileset whose image is ``width`` × ``height`` pixels."""
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<tileset version="{XML_VERSION}" tiledversion="{TILED_VERSION}" name="{ts.name}" '
        f'tilewidth="{TILE_W}" tileheight="{TILE_H}" tilecount="{ts.tilecount}" columns="{ts.columns}">',
        f' <image source="{ts.name}.png" width="{width}" height="{height}"/>',
    ]
    for tid, props in enumerate(ts.tiles):
        lines += [f' <tile id="{tid}">', "  <properties>"]
        lines += [
            f"   <property name={quoteattr(k)} value={quoteattr(v)}/>" for k, v in props.items()
        ]
        lines += ["  </properties>", " </tile>"]
    lines.append("</tileset>")
    return "\n".join(lines) + "\n"


def write_tilesets(out_dir: Path) -> list[Tileset]:
    """Draw and write every tileset's PNG and TSX into ``out_dir``."""
    out_dir.mkdir(parents=True, exist_ok=True)
    sets = all_tilesets()
    for ts in sets:
        image = art.sheet(_images(ts), ts.columns)
        art.pygame.image.save(image, str(out_dir / f"{ts.name}.png"))
        text = tsx_text(ts, image.get_width(), image.get_height())
        (out_dir / f"{ts.name}.tsx").write_text(text, encoding="utf-8", newline="\n")
    return sets
