"""Pixel geometry of flat-top hexes; pixels exist only in the UI, never in the engine.

World pixels are measured at zoom 1, with the centre of ``Hex(0, 0)`` at the origin
and y growing downwards (screen convention). A hex of ``size`` px (centre to corner)
is ``2 * size`` wide and ``sqrt(3) * size`` tall, matching the campaign map's Tiled
tiles (64 × 56 at ``size = 32``).

Every hex corner lies on an integer *lattice* ``(i, j)`` with pixel position
``(i * size / 2, j * size * sqrt(3) / 2)``. Renderers round lattice points, never
per-hex floats, so two hexes that share a corner draw it at exactly the same pixel
and filled polygons tile without gaps.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from malaya.engine import Hex, cube_round

SQRT3 = math.sqrt(3.0)
HEX_SIZE = 32.0
"""Centre-to-corner distance of a hex in world pixels (zoom 1)."""

Point = tuple[float, float]
Lattice = tuple[int, int]
Rect = tuple[float, float, float, float]  # x0, y0, x1, y1

# Corner k sits at angle 60°·k (0° = east, y down), as a lattice offset from the centre.
_CORNER_OFFSETS: tuple[Lattice, ...] = ((2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1))


def hex_height(size: float = HEX_SIZE) -> float:
    """Flat-to-flat height of a flat-top hex."""
    return SQRT3 * size


def center_lattice(h: Hex) -> Lattice:
    """Lattice point of a hex centre."""
    return 3 * h.q, 2 * h.r + h.q


def lattice_to_pixel(point: Lattice, size: float = HEX_SIZE) -> Point:
    """Pixel position of a lattice point for hexes of ``size`` px."""
    return point[0] * size * 0.5, point[1] * size * SQRT3 * 0.5


def hex_to_pixel(h: Hex, size: float = HEX_SIZE) -> Point:
    """Pixel position of the centre of hex ``h``."""
    return lattice_to_pixel(center_lattice(h), size)


def corner_lattice(h: Hex) -> tuple[Lattice, ...]:
    """Lattice points of the six corners of ``h`` (corner k at angle 60°·k, y down)."""
    ci, cj = center_lattice(h)
    return tuple((ci + di, cj + dj) for di, dj in _CORNER_OFFSETS)


def hex_corners(h: Hex, size: float = HEX_SIZE) -> list[Point]:
    """Pixel positions of the six corners of ``h``."""
    return [lattice_to_pixel(c, size) for c in corner_lattice(h)]


def corner_offsets(size: float = HEX_SIZE) -> list[Point]:
    """Pixel offsets of the six corners of any hex from its centre (same order as :func:`hex_corners`)."""
    return [lattice_to_pixel(c, size) for c in _CORNER_OFFSETS]


def side_corner_indices(direction: int) -> tuple[int, int]:
    """The two corner indices bounding the hexside toward ``direction`` (0 = N … 5 = NW)."""
    return (4 + direction) % 6, (5 + direction) % 6


def hexside_lattice(h: Hex, direction: int) -> tuple[Lattice, Lattice]:
    """Lattice endpoints of the hexside of ``h`` toward ``direction``."""
    corners = corner_lattice(h)
    a, b = side_corner_indices(direction)
    return corners[a], corners[b]


def pixel_to_hex(x: float, y: float, size: float = HEX_SIZE) -> Hex:
    """The hex containing pixel ``(x, y)`` (cube rounding)."""
    fq = (2.0 / 3.0) * x / size
    fr = (-1.0 / 3.0 * x + SQRT3 / 3.0 * y) / size
    return cube_round(fq, fr)


def hexes_bounds(hexes: Iterable[Hex], size: float = HEX_SIZE) -> Rect:
    """Pixel bounding box ``(x0, y0, x1, y1)`` of the given hexes' outlines."""
    xs: list[float] = []
    ys: list[float] = []
    for h in hexes:
        cx, cy = hex_to_pixel(h, size)
        xs.append(cx)
        ys.append(cy)
    if not xs:
        return 0.0, 0.0, 0.0, 0.0
    half_h = hex_height(size) / 2.0
    return min(xs) - size, min(ys) - half_h, max(xs) + size, max(ys) + half_h


def hexes_in_rect(rect: Rect, size: float = HEX_SIZE) -> list[Hex]:
    """Every hex whose outline may overlap the pixel rectangle (a superset, never missing one)."""
    x0, y0, x1, y1 = rect
    col_w = 1.5 * size
    q0 = math.floor((x0 - size) / col_w)
    q1 = math.ceil((x1 + size) / col_w)
    row_h = hex_height(size)
    out: list[Hex] = []
    for q in range(q0, q1 + 1):
        r0 = math.floor((y0 - row_h) / row_h - q / 2.0)
        r1 = math.ceil((y1 + row_h) / row_h - q / 2.0)
        out.extend(Hex(q, r) for r in range(r0, r1 + 1))
    return out
