"""Tiled's own pixel geometry for hexagonal maps (all four stagger variants).

This mirrors Tiled's ``HexagonalRenderer`` exactly, in integers: tile sizes are
rounded down to even numbers, ``sideOffset = (tile - hexside) // 2`` along the
stagger axis, and staggered columns (``staggeraxis="x"``) are shifted down by
half a tile, staggered rows (``"y"``) right by half a tile. Odd columns/rows are
staggered when ``staggerindex="odd"``, even ones when ``"even"``.

Pixel → cell picks the cell whose centre is nearest (exact ``Fraction``
arithmetic), which is how place objects are put on hexes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

from malaya.engine import Stagger, StaggerAxis, StaggerIndex

Number = int | float | Fraction


@dataclass(frozen=True, slots=True)
class HexGeometry:
    """Pixel layout of a Tiled hexagonal map (tile size, hex side length, stagger)."""

    tilewidth: int
    tileheight: int
    hexsidelength: int
    stagger: Stagger
    tile_w: int = field(init=False, repr=False)
    tile_h: int = field(init=False, repr=False)
    column_width: int = field(init=False, repr=False)
    row_height: int = field(init=False, repr=False)
    side_offset_x: int = field(init=False, repr=False)
    side_offset_y: int = field(init=False, repr=False)

    def __post_init__(self) -> None:
        tile_w, tile_h = self.tilewidth & ~1, self.tileheight & ~1
        stagger_x = self.stagger.axis is StaggerAxis.X
        side_x = self.hexsidelength if stagger_x else 0
        side_y = 0 if stagger_x else self.hexsidelength
        if (
            tile_w < 2
            or tile_h < 2
            or not 0 <= self.hexsidelength <= (tile_w if stagger_x else tile_h)
        ):
            raise ValueError(f"degenerate hex geometry {self!r}")
        off_x, off_y = (tile_w - side_x) // 2, (tile_h - side_y) // 2
        for name, value in (
            ("tile_w", tile_w),
            ("tile_h", tile_h),
            ("side_offset_x", off_x),
            ("side_offset_y", off_y),
            ("column_width", off_x + side_x),
            ("row_height", off_y + side_y),
        ):
            object.__setattr__(self, name, value)

    @property
    def stagger_x(self) -> bool:
        """True for flat-top maps (columns staggered)."""
        return self.stagger.axis is StaggerAxis.X

    def is_staggered(self, index: int) -> bool:
        """True if column (axis x) or row (axis y) ``index`` is shifted by half a tile."""
        even = self.stagger.index is StaggerIndex.EVEN
        return bool(index & 1) != even

    def cell_origin(self, col: int, row: int) -> tuple[int, int]:
        """Top-left pixel of a cell's tile, as Tiled's ``tileToScreenCoords``."""
        if self.stagger_x:
            y = row * self.tile_h + (self.row_height if self.is_staggered(col) else 0)
            return col * self.column_width, y
        x = col * self.tile_w + (self.column_width if self.is_staggered(row) else 0)
        return x, row * self.row_height

    def cell_center(self, col: int, row: int) -> tuple[int, int]:
        """Pixel centre of a cell (exact: Tiled tile sizes are even)."""
        x, y = self.cell_origin(col, row)
        return x + self.tile_w // 2, y + self.tile_h // 2

    def map_pixel_size(self, columns: int, rows: int) -> tuple[int, int]:
        """Pixel size of a whole map, as Tiled's ``mapBoundingRect``."""
        if self.stagger_x:
            height = rows * self.tile_h + (self.row_height if columns > 1 else 0)
            return columns * self.column_width + self.side_offset_x, height
        width = columns * self.tile_w + (self.column_width if rows > 1 else 0)
        return width, rows * self.row_height + self.side_offset_y

    def pixel_to_cell(self, x: Number, y: Number) -> tuple[int, int]:
        """The cell (possibly off any map) whose centre is nearest pixel ``(x, y)``."""
        fx, fy = Fraction(x), Fraction(y)
        scale = math.lcm(fx.denominator, fy.denominator)  # exact integer arithmetic below
        px, py = fx.numerator * (scale // fx.denominator), fy.numerator * (scale // fy.denominator)
        best: tuple[int, int, int] | None = None
        for col, row in self._candidates(px, py, scale):
            cx, cy = self.cell_center(col, row)
            key = ((px - cx * scale) ** 2 + (py - cy * scale) ** 2, row, col)
            if best is None or key < best:
                best = key
        assert best is not None
        return best[2], best[1]

    def _candidates(self, px: int, py: int, scale: int) -> list[tuple[int, int]]:
        """A 4×4 block of cells around ``(px, py) / scale`` holding the nearest centre."""
        half_w, half_h = self.tile_w // 2 * scale, self.tile_h // 2 * scale
        out: list[tuple[int, int]] = []
        if self.stagger_x:
            c0 = (px - half_w) // (self.column_width * scale)
            for col in range(c0 - 1, c0 + 3):
                shift = self.row_height * scale if self.is_staggered(col) else 0
                r0 = (py - half_h - shift) // (self.tile_h * scale)
                out.extend((col, row) for row in range(r0 - 1, r0 + 3))
            return out
        r0 = (py - half_h) // (self.row_height * scale)
        for row in range(r0 - 1, r0 + 3):
            shift = self.column_width * scale if self.is_staggered(row) else 0
            c0 = (px - half_w - shift) // (self.tile_w * scale)
            out.extend((col, row) for col in range(c0 - 1, c0 + 3))
        return out
