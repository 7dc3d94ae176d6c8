"""Hexsides between land masses: the causeway, straits and all-sea hexsides."""

from __future__ import annotations

from malaya.engine.board import Hexside
from malaya.engine.hexgrid import Edge, Hex, edge

from .geo import dist2, side_corners
from .model import MapData


def side_midpoint(h: Hex, direction: int) -> tuple[float, float]:
    """Pixel midpoint of side ``direction`` of ``h``."""
    (ax, ay), (bx, by) = side_corners(h, direction)
    return (ax + bx) / 2, (ay + by) / 2


def locate_causeway(data: MapData) -> Edge:
    """The hexside nearest the causeway point joining the north place to the south island."""
    spec = data.spec["causeway"]
    target = data.proj.px(*spec["at"])
    north = data.place_hex(spec["north"])
    best: tuple[float, Hex] | None = None
    for d in range(6):
        n = north.neighbor(d)
        if data.landmass.get(n) == spec["south"]:
            cand = (dist2(side_midpoint(north, d), target), n)
            if best is None or cand < best:
                best = cand
    if best is None:
        raise ValueError(f"{spec['north']} is not adjacent to {spec['south']}: no causeway hexside")
    data.causeway = edge(north, best[1])
    return data.causeway


def mark_landmass_sides(data: MapData) -> None:
    """Causeway, strait or all-sea hexside wherever two land masses touch."""
    straits = set(data.spec.get("straits", {}))
    for h in sorted(data.landmass):
        for d in range(3):
            n = h.neighbor(d)
            lm_n = data.landmass.get(n)
            if lm_n is None or lm_n == data.landmass[h]:
                continue
            e = edge(h, n)
            if e == data.causeway:
                data.hexsides[e] = Hexside.CAUSEWAY
            elif {data.landmass[h], lm_n} & straits:
                data.hexsides[e] = Hexside.STRAIT
            else:
                data.hexsides[e] = Hexside.SEA
