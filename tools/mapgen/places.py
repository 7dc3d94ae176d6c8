"""Placing named places and line waypoints on land hexes."""

from __future__ import annotations

from typing import Any

from malaya.engine.board import Country, Terrain
from malaya.engine.hexgrid import Hex, to_offset

from .geo import Point, dist2, hex_centre, inside
from .model import MapData, PlaceOut

ROLE_TERRAIN = {"town": Terrain.TOWN, "city": Terrain.CITY, "fortress": Terrain.FORTRESS}


def landmass_at(data: MapData, p: Point) -> str:
    """The land mass whose coast contains pixel ``p`` (mainland if none)."""
    for name, lm in data.spec["landmass"].items():
        if inside(p, data.proj.poly(lm["coast"])):
            return name
    return "mainland"


def nearest_land(
    data: MapData, p: Point, landmass: str, taken: set[Hex], top_row: bool = False
) -> Hex:
    """The free land hex of ``landmass`` nearest pixel ``p`` (row 0 only if ``top_row``)."""
    best: tuple[float, Hex] | None = None
    for h, lm in data.landmass.items():
        if lm != landmass or h in taken or (top_row and to_offset(h)[1] != 0):
            continue
        cand = (dist2(hex_centre(h), p), h)
        if best is None or cand < best:
            best = cand
    if best is None:
        raise ValueError(f"no free land hex on {landmass!r} near {p}")
    return best[1]


def place_all(data: MapData) -> list[str]:
    """Locate every place and waypoint; return notes about places moved off their point."""
    notes: list[str] = []
    taken: set[Hex] = set()
    for name, spec in data.spec["places"].items():
        p = data.proj.px(*spec["at"])
        lm = spec.get("landmass") or landmass_at(data, p)
        h = nearest_land(data, p, lm, taken, top_row=spec.get("edge") == "north")
        shift = dist2(hex_centre(h), p) ** 0.5 / 56
        if shift > 0.75:
            notes.append(f"{name}: placed {shift:.1f} hexes from its coordinates")
        taken.add(h)
        data.anchors[name] = h
        data.places.append(PlaceOut(name, h, _props(spec)))
        _apply_place_terrain(data, h, spec)
    for name, at in data.spec.get("waypoints", {}).items():
        p = data.proj.px(*at)
        data.anchors[name] = nearest_land(data, p, landmass_at(data, p), set())
    return notes


def _apply_place_terrain(data: MapData, h: Hex, spec: dict[str, Any]) -> None:
    """Town / city / fortress terrain and the country override of a place hex."""
    for role in spec.get("roles", []):
        data.terrain[h] = ROLE_TERRAIN[role]
    if "country" in spec:
        data.country[h] = Country(spec["country"])


def reapply_place_terrain(data: MapData) -> None:
    """Re-assert place terrain after region painting."""
    for name, spec in data.spec["places"].items():
        _apply_place_terrain(data, data.anchors[name], spec)


def _props(spec: dict[str, Any]) -> dict[str, Any]:
    """Object properties of a place, in the contract's order, omitting empty ones."""
    props: dict[str, Any] = {}
    if spec.get("port"):
        props["port"] = True
        if spec.get("sea"):
            props["sea_area"] = spec["sea"]
    if spec.get("airfield"):
        props["airfield"] = True
    if spec.get("objective"):
        props["objective"] = True
    if spec.get("supply"):
        props["supply_source"] = spec["supply"]
    if spec.get("entry"):
        props["entry"] = True
    return props
