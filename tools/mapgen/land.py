"""Rasterisation of land masses, countries and terrain regions onto hex cells."""

from __future__ import annotations

from malaya.engine.board import Country, Terrain
from malaya.engine.hexgrid import Hex, spiral

from .geo import hex_centre, inside
from .model import MapData


def rasterize_land(data: MapData) -> None:
    """Mark a hex as land of a land mass when its centre lies in that land mass's coast."""
    polys = {name: data.proj.poly(lm["coast"]) for name, lm in data.spec["landmass"].items()}
    default = Terrain(data.spec["terrain"]["default"])
    for h in data.cells():
        centre = hex_centre(h)
        for name, poly in polys.items():
            if inside(centre, poly):
                data.landmass[h] = name
                data.terrain[h] = default
                break


def force_land(data: MapData, h: Hex, landmass: str) -> None:
    """Make ``h`` a land hex of ``landmass`` (used for places that must be on land)."""
    data.landmass[h] = landmass
    if data.terrain[h] is Terrain.SEA:
        data.terrain[h] = Terrain(data.spec["terrain"]["default"])


def assign_countries(data: MapData) -> None:
    """Siam for land hexes inside the Siam polygon, the default country elsewhere."""
    spec = data.spec["country"]
    siam = data.proj.poly(spec["siam"])
    default = Country(spec["default"])
    for h in data.landmass:
        data.country[h] = Country.SIAM if inside(hex_centre(h), siam) else default


def apply_regions(data: MapData) -> None:
    """Paint the terrain regions in file order (later regions win)."""
    for region in data.spec["terrain"].get("region", []):
        poly = data.proj.poly(region["area"])
        kind = Terrain(region["terrain"])
        only = region.get("landmass")
        for h, lm in data.landmass.items():
            if (only is None or lm == only) and inside(hex_centre(h), poly):
                data.terrain[h] = kind


def apply_plantations(data: MapData) -> None:
    """Lay the plantation belt along the trunk road and railway, and around listed places."""
    spec = data.spec["terrain"]
    belt = spec["plantation_belt"]
    over = {Terrain(t) for t in belt["over"]}
    start, end = data.place_hex(belt["from"]), data.place_hex(belt["to"])
    core: set[Hex] = set()
    for line in belt["lines"]:
        path = [h for seg in data.line_paths[line] for h in seg]
        i, j = path.index(start), path.index(end)
        core.update(path[min(i, j) : max(i, j) + 1])
    for name in spec.get("plantation_around", []):
        core.add(data.place_hex(name))
    radius = belt["radius"]
    for h in sorted(core):
        for other in spiral(h, radius):
            if data.landmass.get(other) == "mainland" and data.terrain[other] in over:
                data.terrain[other] = Terrain.PLANTATION
