"""A Tiled project for map makers: the custom property types a malaya map carries, and two commands.

The property types (Tiled's *Project → Custom Types*) are the terrain of a terrain tile, the country,
the hexside features (roads, railways, rivers, straits, causeways, sea) with their ``sides``, and a
``Place`` class for place objects (port, sea area, airfield, objective, supply source, entry), so a
map maker picks values from lists instead of typing them (docs/map-format.md). The commands
(*File → Commands*) are "Check in malaya" (``malaya check-scenario`` on the map's folder) and "Play in
malaya" (a hotseat game of it), run from the editor with the map saved first.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from malaya.content.tmx_tiles import FEATURE_LAYERS
from malaya.engine import Country, Side, Terrain
from malaya.session.words.catalog import say

PROJECT_FILE = "malaya.tiled-project"
DIRECTIONS = ("N", "NE", "SE", "S", "SW", "NW")
_PLACE_MEMBERS = (("port", "bool", False, None), ("sea_area", "string", "", "SeaArea"),
                  ("airfield", "bool", False, None), ("objective", "bool", False, None),
                  ("supply_source", "string", "", "SupplySource"), ("entry", "bool", False, None))


def _enum(ident: int, name: str, values: list[str], flags: bool = False) -> dict[str, Any]:
    """A Tiled enum property type stored as its text."""
    return {"id": ident, "name": name, "type": "enum", "storageType": "string", "values": values,
            "valuesAsFlags": flags}


def _member(name: str, kind: str, value: object, enum: str | None) -> dict[str, Any]:
    """One member of a Tiled class property type."""
    out: dict[str, Any] = {"name": name, "type": kind, "value": value}
    if enum is not None:
        out["propertyType"] = enum
    return out


def _class(ident: int, name: str, use_as: list[str], members: list[dict[str, Any]]) -> dict[str, Any]:
    """A Tiled class property type."""
    return {"id": ident, "name": name, "type": "class", "useAs": use_as, "color": "#ffd9a441", "drawFill": True,
            "members": members}


def property_types() -> list[dict[str, Any]]:
    """The custom property types of a malaya map."""
    return [
        _enum(1, "Terrain", [t.value for t in Terrain]),
        _enum(2, "Country", [c.value for c in Country]),
        _enum(3, "Feature", list(FEATURE_LAYERS)),
        _enum(4, "Sides", list(DIRECTIONS), flags=True),
        _enum(5, "SeaArea", ["", "West", "East"]),
        _enum(6, "SupplySource", ["", *(s.value for s in Side)]),
        _class(7, "Place", ["object"], [_member(*m) for m in _PLACE_MEMBERS]),
        _class(8, "TerrainTile", ["tile"], [_member("terrain", "string", Terrain.CLEAR.value, "Terrain")]),
        _class(9, "CountryTile", ["tile"], [_member("country", "string", Country.MALAYA.value, "Country")]),
        _class(10, "FeatureTile", ["tile"], [_member("feature", "string", FEATURE_LAYERS[0], "Feature"),
                                             _member("sides", "string", "N", "Sides")]),
    ]


def commands() -> list[dict[str, Any]]:
    """Check in malaya (F5) and Play in malaya (F6), both on the folder of the map being edited."""
    def command(name: str, arguments: str, shortcut: str) -> dict[str, Any]:
        return {"name": name, "command": "malaya", "arguments": arguments, "workingDirectory": "%mappath",
                "shortcut": shortcut, "showOutput": True, "saveBeforeExecute": True, "enabled": True}

    return [command(say("tiled_project.check_command"), 'check-scenario "%mappath"', "F5"),
            command(say("tiled_project.play_command"), '--scenario "%mappath" play --new --side hotseat', "F6")]


def project() -> dict[str, Any]:
    """The whole project file's content."""
    return {"automappingRulesFile": "", "commands": commands(), "compatibilityVersion": 1100,
            "extensionsPath": "extensions", "folders": ["."], "properties": [], "propertyTypes": property_types()}


def project_text() -> str:
    """The project file as Tiled writes it (JSON, four-space indent)."""
    return json.dumps(project(), indent=4) + "\n"


def write(folder: Path) -> Path:
    """Write the project file into ``folder``; its path."""
    path = folder / PROJECT_FILE
    path.write_text(project_text(), encoding="utf-8")
    return path
