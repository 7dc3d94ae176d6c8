"""Game content from files: the Tiled campaign map (the only package that imports pytmx)."""

from __future__ import annotations

from malaya.content.errors import ContentError, MapError
from malaya.content.said import Flaw, Said
from malaya.content.tiled_geometry import HexGeometry
from malaya.content.tmx_map import MapInfo, check_map, load_board, load_map, read_map_info

__all__ = [
    "ContentError",
    "Flaw",
    "HexGeometry",
    "MapError",
    "MapInfo",
    "Said",
    "check_map",
    "load_board",
    "load_map",
    "read_map_info",
]
