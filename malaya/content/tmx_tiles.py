"""Reading tile layers by tile **properties**: flags, layer lookup, per-cell values."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import Any, TypeVar

from malaya.content.errors import MapError
from malaya.content.said import Flaw, Said, said
from malaya.content.tiled_parse import TiledObjectGroup, TiledTileLayer
from malaya.engine import DIRECTION_NAMES, Country, Terrain

T = TypeVar("T")
E = TypeVar("E", bound=StrEnum)

_HEX_ROTATE_120 = 1 << 28
_FLAG_NAMES = (Flaw.FLIP_HORIZONTAL, Flaw.FLIP_VERTICAL, Flaw.FLIP_DIAGONAL)
_DIRECTION_INDEX = {name: i for i, name in enumerate(DIRECTION_NAMES)}

TERRAIN_LAYER = "terrain"
COUNTRY_LAYER = "country"
PLACES_LAYER = "places"
FEATURE_LAYERS = (
    "road",
    "rail",
    "river_minor",
    "river_major",
    "strait",
    "causeway",
    "sea",
)
TILE_LAYERS = (TERRAIN_LAYER, COUNTRY_LAYER, *FEATURE_LAYERS)
REQUIRED_LAYERS = (TERRAIN_LAYER, COUNTRY_LAYER, PLACES_LAYER)


class TileProblem(Exception):
    """A tile cannot be used where it is placed (why, as data); the caller adds file, layer and cell."""

    def __init__(self, reason: Said) -> None:
        super().__init__(str(reason))
        self.reason = reason


def find_layers(tmap: Any, display: str) -> dict[str, Any]:
    """The map's layers with contract names, checked for kind, duplicates and presence."""
    found: dict[str, Any] = {}
    for layer in tmap.layers:
        name = getattr(layer, "name", None)
        if name not in TILE_LAYERS and name != PLACES_LAYER:
            continue
        if name in found:
            raise MapError(
                display, said(Flaw.DUPLICATE_LAYER), layer=name
            )
        wanted = TiledObjectGroup if name == PLACES_LAYER else TiledTileLayer
        if not isinstance(layer, wanted):
            wrong = Flaw.OBJECT_LAYER_WANTED if name == PLACES_LAYER else Flaw.TILE_LAYER_WANTED
            raise MapError(display, said(wrong), layer=name)
        found[name] = layer
    for name in REQUIRED_LAYERS:
        if name not in found:
            names = tuple(repr(getattr(x, "name", "")) for x in tmap.layers)
            missing = (said(Flaw.LAYER_MISSING, layer=name, layers=names) if names
                       else said(Flaw.LAYER_MISSING_NO_LAYERS, layer=name))
            raise MapError(display, missing)
    return found


def check_no_flags(tmap: Any, display: str) -> None:
    """Reject any tile placed with Tiled's flip/rotation flags, naming the first such cell."""
    flagged = {
        gid: _flag_names(tiled_gid, flags)
        for tiled_gid, entries in tmap.gidmap.items()
        for gid, flags in entries
        if _flag_names(tiled_gid, flags)
    }
    if not flagged:
        return
    for layer in tmap.layers:
        if not isinstance(layer, TiledTileLayer):
            continue
        for row, cells in enumerate(layer.data):
            for col, gid in enumerate(cells):
                if gid in flagged:
                    reason = said(Flaw.FLAGGED_TILE, flags=flagged[gid])
                    raise MapError(display, reason, layer=layer.name, cell=(col, row))


def _flag_names(tiled_gid: int, flags: Any) -> tuple[Said, ...]:
    """The flip/rotation flags of a pytmx gid-map entry (none: an empty tuple)."""
    names = [said(n) for n, bit in zip(_FLAG_NAMES, flags or (), strict=False) if bit]
    if tiled_gid & _HEX_ROTATE_120 or tiled_gid < 0 or tiled_gid >= 1 << 32:
        names.append(said(Flaw.ROTATE_120))
    return tuple(names)


def read_grid(
    tmap: Any, layer: Any, parse: Callable[[Mapping[str, Any] | None], T], display: str
) -> list[list[T]]:
    """Each cell's value, ``parse``-d from its tile's properties (None for an empty cell)."""
    values: dict[int, T] = {}
    problems: dict[int, Said] = {}
    for gid in {gid for cells in layer.data for gid in cells}:
        try:
            values[gid] = parse(tmap.tile_properties.get(gid, {}) if gid else None)
        except TileProblem as exc:
            problems[gid] = described(exc.reason, tmap, gid)
    if problems:
        for row, cells in enumerate(layer.data):
            for col, gid in enumerate(cells):
                if gid in problems:
                    raise MapError(display, problems[gid], layer=layer.name, cell=(col, row))
    return [[values[gid] for gid in cells] for cells in layer.data]


def described(reason: Said, tmap: Any, gid: int) -> Said:
    """``reason (tile 5 of tileset 'road')``, or ``reason`` alone for an empty cell."""
    if not gid:
        return reason
    tiled_gid = tmap.tiledgidmap.get(gid, gid)
    owners = [ts for ts in tmap.tilesets if ts.firstgid <= tiled_gid]
    if not owners:
        return said(Flaw.GID_NO_TILESET, reason=reason, gid=tiled_gid)
    tileset = max(owners, key=lambda ts: ts.firstgid)
    index = tiled_gid - tileset.firstgid
    if 0 < int(tileset.tilecount or 0) <= index:
        return said(Flaw.GID_BEYOND, reason=reason, gid=tiled_gid, tileset=str(tileset.name))
    return said(Flaw.TILE_OF, reason=reason, index=index, tileset=str(tileset.name))


def _misplaced(props: Mapping[str, Any], layer: str) -> Said:
    """Explain which layer a tile with the wrong properties belongs in."""
    if "feature" in props:
        return said(Flaw.MISPLACED_FEATURE, feature=str(props["feature"]))
    for key in ("terrain", "country"):
        if key in props:
            return said(Flaw.MISPLACED_TILE, kind=key)
    return said(Flaw.NO_PROPERTY, key=layer)


def parse_terrain(props: Mapping[str, Any] | None) -> Terrain:
    """A terrain-layer cell: its tile's ``terrain`` property (required)."""
    if props is None:
        raise TileProblem(said(Flaw.EMPTY_TERRAIN))
    if "terrain" not in props:
        raise TileProblem(_misplaced(props, "terrain"))
    return _enum(Terrain, props["terrain"], "terrain")


def parse_country(props: Mapping[str, Any] | None) -> Country | None:
    """A country-layer cell: its tile's ``country`` property, or None if empty."""
    if props is None:
        return None
    if "country" not in props:
        raise TileProblem(_misplaced(props, "country"))
    return _enum(Country, props["country"], "country")


def feature_parser(layer: str) -> Callable[[Mapping[str, Any] | None], frozenset[int]]:
    """A parser for one feature layer: a tile's ``sides`` as direction indices."""

    def parse(props: Mapping[str, Any] | None) -> frozenset[int]:
        if props is None:
            return frozenset()
        if props.get("feature") != layer:
            raise TileProblem(_misplaced(props, "feature"))
        return parse_sides(props.get("sides"))

    return parse


def parse_sides(raw: Any) -> frozenset[int]:
    """``"N,SE,S"`` → direction indices; unknown, repeated or missing names are errors."""
    if not isinstance(raw, str) or not raw.strip():
        raise TileProblem(said(Flaw.NO_SIDES, raw=repr(raw)))
    names = [name.strip() for name in raw.split(",")]
    unknown = [n for n in names if n not in _DIRECTION_INDEX]
    if unknown:
        valid = ",".join(DIRECTION_NAMES)
        raise TileProblem(said(Flaw.UNKNOWN_SIDES, raw=repr(raw), name=repr(unknown[0]), valid=valid))
    if len(set(names)) != len(names):
        raise TileProblem(said(Flaw.SIDE_TWICE, raw=repr(raw)))
    return frozenset(_DIRECTION_INDEX[n] for n in names)


def _enum(enum: type[E], value: Any, what: str) -> E:
    """``enum(value)`` or a TileProblem listing the allowed values."""
    try:
        return enum(value)
    except ValueError:
        allowed = tuple(str(e.value) for e in enum)
        raise TileProblem(said(Flaw.UNKNOWN_VALUE, what=what, value=repr(value), allowed=allowed)) from None
