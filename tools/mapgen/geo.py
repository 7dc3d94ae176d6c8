"""Projection of lat/lon onto the Tiled pixel plane and hex-cell geometry.

Projection: equirectangular with one standard parallel (``map.standard_parallel``):
``x_km = (lon - west) * 111.32 * cos(parallel)``, ``y_km = (north - lat) * 110.57``.
Kilometres become Tiled map pixels at ``PX_PER_KM = 5.6`` so that one row pitch
(``tileheight`` = 56 px) is exactly one hex = 10 km. Pixel (0, 0) is the top-left
corner of the map (``north``, ``west``).

Cells are flat-top, Tiled ``staggeraxis="x" staggerindex="odd"``: cell ``(col, row)``
is centred at ``(48*col + 32, 56*row + 28 + 28*(col odd))`` (tilewidth 64,
tileheight 56, hexsidelength 32). Corners are integer pixels, so they identify
the vertices shared by neighbouring hexes exactly.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from malaya.engine.hexgrid import Hex, from_offset, to_offset

TILE_W = 64
TILE_H = 56
SIDE = 32
COL_PITCH = (TILE_W + SIDE) // 2  # 48
PX_PER_KM = TILE_H / 10.0
KM_PER_DEG_LAT = 110.57
KM_PER_DEG_LON_EQ = 111.32

Point = tuple[float, float]
Corner = tuple[int, int]

# Corner offsets from the centre, and the two corners bounding each side (N, NE, SE, S, SW, NW).
_E, _SE, _SW, _W, _NW, _NE = (32, 0), (16, 28), (-16, 28), (-32, 0), (-16, -28), (16, -28)
SIDE_CORNERS: tuple[tuple[Corner, Corner], ...] = (
    (_NW, _NE),
    (_NE, _E),
    (_E, _SE),
    (_SE, _SW),
    (_SW, _W),
    (_W, _NW),
)


@dataclass(frozen=True)
class Projection:
    """Equirectangular lat/lon -> Tiled pixel projection for a map extent."""

    north: float
    south: float
    west: float
    east: float
    parallel: float

    @property
    def kx(self) -> float:
        """Pixels per degree of longitude."""
        return KM_PER_DEG_LON_EQ * math.cos(math.radians(self.parallel)) * PX_PER_KM

    @property
    def ky(self) -> float:
        """Pixels per degree of latitude."""
        return KM_PER_DEG_LAT * PX_PER_KM

    def px(self, lat: float, lon: float) -> Point:
        """Pixel position of a lat/lon point."""
        return ((lon - self.west) * self.kx, (self.north - lat) * self.ky)

    def poly(self, points: Iterable[Sequence[float]]) -> list[Point]:
        """Project a list of [lat, lon] pairs."""
        return [self.px(p[0], p[1]) for p in points]

    def size(self) -> tuple[int, int]:
        """Map size in cells (columns, rows) covering the extent."""
        width, height = self.px(self.south, self.east)
        return math.ceil((width - 16) / COL_PITCH), math.ceil((height - 28) / TILE_H)


def cell_centre(col: int, row: int) -> tuple[int, int]:
    """Pixel centre of Tiled cell (col, row)."""
    return COL_PITCH * col + 32, TILE_H * row + 28 + 28 * (col & 1)


def hex_centre(h: Hex) -> tuple[int, int]:
    """Pixel centre of an axial hex."""
    return cell_centre(*to_offset(h))


def side_corners(h: Hex, direction: int) -> tuple[Corner, Corner]:
    """The two corner pixels bounding side ``direction`` of hex ``h``."""
    cx, cy = hex_centre(h)
    (ax, ay), (bx, by) = SIDE_CORNERS[direction]
    return (cx + ax, cy + ay), (cx + bx, cy + by)


def nearest_cell(x: float, y: float, cols: int, rows: int) -> tuple[int, int]:
    """The on-map cell whose centre is nearest the pixel (ties: lowest col, row)."""
    c0 = int((x - 32) // COL_PITCH)
    r0 = int((y - 28) // TILE_H)
    best: tuple[float, int, int] | None = None
    for col in range(max(0, c0 - 1), min(cols, c0 + 3)):
        for row in range(max(0, r0 - 2), min(rows, r0 + 3)):
            cx, cy = cell_centre(col, row)
            cand = ((cx - x) ** 2 + (cy - y) ** 2, col, row)
            if best is None or cand < best:
                best = cand
    if best is None:
        raise ValueError(f"pixel ({x:.0f}, {y:.0f}) is off the map")
    return best[1], best[2]


def nearest_hex(p: Point, cols: int, rows: int) -> Hex:
    """The axial hex whose centre is nearest pixel ``p``."""
    return from_offset(*nearest_cell(p[0], p[1], cols, rows))


def inside(p: Point, polygon: Sequence[Point]) -> bool:
    """Even-odd ray-casting point-in-polygon test."""
    x, y = p
    result = False
    n = len(polygon)
    for i in range(n):
        x1, y1 = polygon[i]
        x2, y2 = polygon[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            result = not result
    return result


def seg_distance(p: Point, a: Point, b: Point) -> float:
    """Distance from point ``p`` to segment ``ab``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = (
        0.0
        if length2 == 0
        else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    )
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def polyline_distance(p: Point, line: Sequence[Point]) -> float:
    """Distance from point ``p`` to a polyline."""
    return min(seg_distance(p, line[i], line[i + 1]) for i in range(len(line) - 1))


def dist2(a: Point, b: Point) -> float:
    """Squared distance between two pixels."""
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2
