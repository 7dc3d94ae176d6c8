"""The ``places`` object layer → engine :class:`Place` records."""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from malaya.content.errors import MapError
from malaya.content.said import Flaw, Said, said
from malaya.content.tiled_geometry import HexGeometry
from malaya.engine import Hex, Place, SeaArea, Side, Terrain

LAYER = "places"
_BOOLS = ("port", "airfield", "objective", "entry")
_STRINGS = ("sea_area", "supply_source")


class _PropertyProblem(Exception):
    """A place object breaks the contract (why, as data); the caller adds file, layer and cell."""

    def __init__(self, reason: Said) -> None:
        super().__init__(str(reason))
        self.reason = reason


def read_places(
    objects: Any,
    geometry: HexGeometry,
    hex_at: Mapping[tuple[int, int], Hex],
    terrain: Mapping[Hex, Terrain],
    display: str,
) -> tuple[Place, ...]:
    """Every object of the places layer as a Place on the hex nearest its x,y."""
    places: dict[str, Place] = {}
    for obj in objects:
        cell, place = _read_place(obj, geometry, hex_at, terrain, display)
        if place.name in places:
            reason = said(Flaw.DUPLICATE_PLACE, name=place.name)
            raise MapError(display, reason, layer=LAYER, cell=cell)
        places[place.name] = place
    return tuple(places.values())


def _read_place(
    obj: Any,
    geometry: HexGeometry,
    hex_at: Mapping[tuple[int, int], Hex],
    terrain: Mapping[Hex, Terrain],
    display: str,
) -> tuple[tuple[int, int], Place]:
    """One place object → (its cell, its Place), checked for name, position and properties."""
    name = (obj.name or "").strip()
    if not (math.isfinite(obj.x) and math.isfinite(obj.y)):
        reason = said(Flaw.PLACE_POSITION, name=repr(name or obj.id), x=str(obj.x), y=str(obj.y))
        raise MapError(display, reason, layer=LAYER)
    cell = geometry.pixel_to_cell(_exact(obj.x), _exact(obj.y))
    try:
        return cell, _checked_place(name, obj, hex_at.get(cell), terrain)
    except _PropertyProblem as exc:
        raise MapError(display, exc.reason, layer=LAYER, cell=cell) from None


def _checked_place(name: str, obj: Any, h: Hex | None, terrain: Mapping[Hex, Terrain]) -> Place:
    """The Place for a named object on hex ``h`` (None: off the map), or _PropertyProblem."""
    if not name:
        raise _PropertyProblem(said(Flaw.PLACE_NO_NAME, id=str(obj.id)))
    if h is None:
        raise _PropertyProblem(said(Flaw.PLACE_OFF_MAP, name=name, x=f"{obj.x:g}", y=f"{obj.y:g}"))
    if terrain[h] is Terrain.SEA:
        raise _PropertyProblem(said(Flaw.PLACE_IN_SEA, name=name))
    try:
        props = _properties(obj.properties)
    except _PropertyProblem as exc:
        raise _PropertyProblem(said(Flaw.PLACE_PROPERTY, name=name, reason=exc.reason)) from None
    return Place(name=name, hex=h, **props)


def _exact(value: float) -> Fraction:
    """The decimal a TMX file wrote (pytmx hands it over as a float)."""
    return Fraction(repr(float(value)))


def _properties(props: Mapping[str, Any]) -> dict[str, Any]:
    """Place keyword arguments from the object's custom properties."""
    unknown = sorted(set(props) - set(_BOOLS) - set(_STRINGS))
    if unknown:
        raise _PropertyProblem(said(Flaw.UNKNOWN_PROPERTY, key=unknown[0], allowed=(*_BOOLS, *_STRINGS)))
    out: dict[str, Any] = {key: _bool(key, props[key]) for key in _BOOLS if key in props}
    sea_area = _string(props, "sea_area")
    if sea_area:
        if sea_area not in {a.value for a in SeaArea}:
            raise _PropertyProblem(said(Flaw.BAD_SEA_AREA, value=repr(sea_area)))
        out["sea_area"] = SeaArea(sea_area)
    supply = _string(props, "supply_source")
    if supply:
        if supply not in {s.value for s in Side}:
            raise _PropertyProblem(said(Flaw.BAD_SUPPLY, value=repr(supply)))
        out["supply_source"] = Side(supply)
    return out


def _bool(key: str, value: Any) -> bool:
    """A bool property (Tiled ``type="bool"``; the strings true/false are accepted too)."""
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("true", "false"):
        return text == "true"
    raise _PropertyProblem(said(Flaw.NOT_TRUE_FALSE, key=key, value=repr(value)))


def _string(props: Mapping[str, Any], key: str) -> str:
    """A string property, "" when absent."""
    value = props.get(key)
    if value is None:
        return ""
    if not isinstance(value, str):
        raise _PropertyProblem(said(Flaw.NOT_A_STRING, key=key, value=repr(value)))
    return value.strip()
