"""Writing the map as a Tiled TMX (CSV tile layers, external tilesets, places objects)."""

from __future__ import annotations

from pathlib import Path
from xml.sax.saxutils import quoteattr

from malaya.engine.board import Connection, Hexside
from malaya.engine.hexgrid import Hex, edge

from .geo import SIDE, TILE_H, TILE_W, hex_centre
from .model import MapData
from .tilesets import COUNTRIES, TERRAINS, Tileset
from .xmlout import TILED_VERSION, XML_VERSION

TILESET_DIR = "../../assets/tiles"
HEXSIDE_LAYERS = ("river_minor", "river_major", "strait", "sea", "causeway")
CONNECTION_LAYERS = ("road", "rail")


def firstgids(sets: list[Tileset]) -> dict[str, int]:
    """First global tile id of each tileset, in order."""
    gids, nxt = {}, 1
    for ts in sets:
        gids[ts.name] = nxt
        nxt += ts.tilecount
    return gids


def side_mask(data: MapData, h: Hex, layer: str) -> int:
    """Bitmask of the sides of ``h`` that carry ``layer``'s feature."""
    mask = 0
    for d in range(6):
        e = edge(h, h.neighbor(d))
        if layer in CONNECTION_LAYERS:
            hit = e in data.connections.get(Connection(layer), set())
        else:
            hit = data.hexsides.get(e) == Hexside(layer)
        mask |= hit << d
    return mask


def layer_gids(data: MapData, layer: str, gids: dict[str, int]) -> list[int]:
    """Global tile id of every cell of a layer, row-major."""
    out = []
    for h in data.cells():
        if layer == "terrain":
            out.append(gids["terrain"] + TERRAINS.index(data.terrain[h].value))
        elif layer == "country":
            c = data.country.get(h)
            out.append(0 if c is None else gids["country"] + COUNTRIES.index(c.value))
        else:
            mask = side_mask(data, h, layer)
            out.append(gids[layer] + mask - 1 if mask else 0)
    return out


def _csv(data: MapData, values: list[int]) -> str:
    """Tiled's CSV layout: one line per row, commas between all values."""
    rows = [
        ",".join(str(v) for v in values[r * data.cols : (r + 1) * data.cols])
        for r in range(data.rows)
    ]
    return ",\n".join(rows)


def _objects(data: MapData, first_id: int) -> list[str]:
    """The place objects."""
    lines = []
    for i, place in enumerate(data.places):
        x, y = hex_centre(place.hex)
        lines.append(f'  <object id="{first_id + i}" name={quoteattr(place.name)} x="{x}" y="{y}">')
        if place.props:
            lines.append("   <properties>")
            for k, v in sorted(place.props.items()):
                if isinstance(v, bool):
                    lines.append(f'    <property name="{k}" type="bool" value="{str(v).lower()}"/>')
                else:
                    lines.append(f"    <property name={quoteattr(k)} value={quoteattr(str(v))}/>")
            lines.append("   </properties>")
        lines += ["   <point/>", "  </object>"]
    return lines


def tmx_text(data: MapData, sets: list[Tileset]) -> str:
    """The complete TMX document."""
    gids = firstgids(sets)
    layers = ["terrain", "country", *HEXSIDE_LAYERS, *CONNECTION_LAYERS]
    m = data.spec["map"]
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<map version="{XML_VERSION}" tiledversion="{TILED_VERSION}" orientation="hexagonal" '
        f'renderorder="right-down" width="{data.cols}" height="{data.rows}" tilewidth="{TILE_W}" '
        f'tileheight="{TILE_H}" infinite="0" hexsidelength="{SIDE}" staggeraxis="x" '
        f'staggerindex="odd" nextlayerid="{len(layers) + 2}" nextobjectid="{len(data.places) + 1}">',
        " <properties>",
        f'  <property name="km_per_hex" type="int" value="{m["km_per_hex"]}"/>',
        f'  <property name="name" value={quoteattr(m["name"])}/>',
        " </properties>",
    ]
    out += [
        f' <tileset firstgid="{gids[ts.name]}" source="{TILESET_DIR}/{ts.name}.tsx"/>'
        for ts in sets
    ]
    for lid, name in enumerate(layers, start=1):
        out.append(f' <layer id="{lid}" name="{name}" width="{data.cols}" height="{data.rows}">')
        out.append('  <data encoding="csv">')
        out.append(_csv(data, layer_gids(data, name, gids)))
        out += ["</data>", " </layer>"]
    out.append(f' <objectgroup id="{len(layers) + 1}" name="places">')
    out += _objects(data, 1)
    out += [" </objectgroup>", "</map>"]
    return "\n".join(out) + "\n"


def write_tmx(data: MapData, sets: list[Tileset], path: Path) -> None:
    """Write the TMX file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(tmx_text(data, sets), encoding="utf-8", newline="\n")
