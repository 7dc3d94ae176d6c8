"""Tiled's hexagonal pixel geometry, and that hexgrid's adjacency agrees with it."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from malaya.content.tiled_geometry import HexGeometry
from malaya.engine.hexgrid import Stagger, StaggerAxis, StaggerIndex, from_offset, to_offset

VARIANTS = [Stagger(StaggerAxis(a), StaggerIndex(i)) for a in "xy" for i in ("odd", "even")]
# (tilewidth, tileheight, hexsidelength): the campaign size, Tiled's examples, odd sizes
SIZES = [(64, 56, 32), (60, 60, 30), (14, 12, 6), (56, 64, 32), (33, 29, 15)]


def geometry(stagger: Stagger, size: tuple[int, int, int] | None = None) -> HexGeometry:
    """A geometry with the hex side along the stagger axis (campaign size by default)."""
    if size is None:
        size = (64, 56, 32) if stagger.axis is StaggerAxis.X else (56, 64, 32)
    w, h, side = size
    if stagger.axis is StaggerAxis.Y and side > h:
        w, h = h, w
    return HexGeometry(w, h, side, stagger)


def test_flat_top_odd_columns_are_shifted_down_by_half_a_tile() -> None:
    # given the campaign geometry (x/odd, 64×56, side 32)
    g = HexGeometry(64, 56, 32, Stagger(StaggerAxis.X, StaggerIndex.ODD))
    # when / then: columns advance by sideOffsetX + side = 16 + 32, odd columns drop 28 px
    assert g.cell_center(0, 0) == (32, 28)
    assert g.cell_center(1, 0) == (80, 56)
    assert g.cell_center(2, 1) == (128, 84)
    assert g.map_pixel_size(3, 2) == (3 * 48 + 16, 2 * 56 + 28)


def test_even_stagger_shifts_the_even_columns_instead() -> None:
    # given an x/even geometry
    g = HexGeometry(64, 56, 32, Stagger(StaggerAxis.X, StaggerIndex.EVEN))
    # then column 0 is the shifted one
    assert g.cell_center(0, 0) == (32, 56)
    assert g.cell_center(1, 0) == (80, 28)


def test_pointy_top_odd_rows_are_shifted_right_by_half_a_tile() -> None:
    # given Tiled's hexagonal-mini geometry (y/odd, 14×12, side 6)
    g = HexGeometry(14, 12, 6, Stagger(StaggerAxis.Y, StaggerIndex.ODD))
    # then rows advance by sideOffsetY + side = 3 + 6 and odd rows move right by 7
    assert g.cell_center(0, 0) == (7, 6)
    assert g.cell_center(0, 1) == (14, 15)
    assert g.cell_center(1, 2) == (21, 24)


def test_odd_tile_sizes_are_rounded_down_to_even_like_tiled() -> None:
    # given a 33×29 tile with side 15 (Tiled uses 32×28, sideOffsetX = 8)
    g = HexGeometry(33, 29, 15, Stagger(StaggerAxis.X, StaggerIndex.ODD))
    # then
    assert (g.column_width, g.row_height) == (23, 14)
    assert g.cell_center(1, 0) == (23 + 16, 14 + 14)


def test_a_degenerate_geometry_is_refused() -> None:
    # when / then: a hex side longer than the tile makes no hexagon
    with pytest.raises(ValueError):
        HexGeometry(64, 56, 80, Stagger())


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("stagger", VARIANTS, ids=lambda s: f"{s.axis}-{s.index}")
def test_axial_neighbours_are_the_six_nearest_tiled_cell_centres(
    stagger: Stagger, size: tuple[int, int, int]
) -> None:
    # given a geometry and every interior cell of a 6×6 patch
    g = geometry(stagger, size)
    for col in range(2, 8):
        for row in range(2, 8):
            # when the six axial neighbours are converted back to Tiled cells
            neighbours = {to_offset(h, stagger) for h in from_offset(col, row, stagger).neighbors()}
            # then they are exactly the six cells with the nearest centres
            assert neighbours == set(_six_nearest(g, col, row))


@pytest.mark.parametrize("stagger", VARIANTS, ids=lambda s: f"{s.axis}-{s.index}")
def test_directions_run_clockwise_in_sixty_degree_steps(stagger: Stagger) -> None:
    # given a cell of a regular-ish geometry
    g = geometry(stagger)
    centre = from_offset(4, 4, stagger)
    cx, cy = g.cell_center(4, 4)
    # when the screen angle to each direction's neighbour is measured
    angles = []
    for h in centre.neighbors():
        nx, ny = g.cell_center(*to_offset(h, stagger))
        angles.append(math.degrees(math.atan2(ny - cy, nx - cx)))  # y down: clockwise grows
    # then each step turns clockwise by about 60°, and flat-top direction 0 is due north
    for a, b in zip(angles, angles[1:] + angles[:1], strict=True):
        assert 50 < (b - a) % 360 < 70
    if stagger.axis is StaggerAxis.X:
        assert angles[0] == -90


@pytest.mark.parametrize("stagger", VARIANTS, ids=lambda s: f"{s.axis}-{s.index}")
@given(col=st.integers(0, 60), row=st.integers(0, 80), dx=st.integers(-9, 9), dy=st.integers(-9, 9))
def test_points_near_a_cell_centre_map_back_to_that_cell(
    stagger: Stagger, col: int, row: int, dx: int, dy: int
) -> None:
    # given a point within 9 px of a cell centre (the inner radius is >= 24 px)
    g = geometry(stagger)
    x, y = g.cell_center(col, row)
    # when / then
    assert g.pixel_to_cell(x + dx, y + dy) == (col, row)


@pytest.mark.parametrize("stagger", VARIANTS, ids=lambda s: f"{s.axis}-{s.index}")
@given(x=st.fractions(-100, 800), y=st.fractions(-100, 800))
@pytest.mark.slow
def test_pixel_to_cell_picks_the_nearest_centre(stagger: Stagger, x: Fraction, y: Fraction) -> None:
    # given any point, also off the map's top-left
    g = geometry(stagger)
    # when
    col, row = g.pixel_to_cell(x, y)
    # then no cell of a wide brute-force window has a strictly nearer centre
    best = min(_dist2(g, c, r, x, y) for c in range(-4, 22) for r in range(-4, 22))
    assert _dist2(g, col, row, x, y) == best


def _dist2(g: HexGeometry, col: int, row: int, x: Fraction, y: Fraction) -> Fraction:
    """Squared distance from a point to a cell centre."""
    cx, cy = g.cell_center(col, row)
    return (x - cx) ** 2 + (y - cy) ** 2


def _six_nearest(g: HexGeometry, col: int, row: int) -> list[tuple[int, int]]:
    """The six cells (other than itself) whose centres are nearest a cell's centre."""
    cx, cy = g.cell_center(col, row)
    others = [
        (c, r)
        for c in range(col - 3, col + 4)
        for r in range(row - 3, row + 4)
        if (c, r) != (col, row)
    ]
    others.sort(key=lambda cell: _dist2(g, *cell, Fraction(cx), Fraction(cy)))
    ranked = [_dist2(g, *cell, Fraction(cx), Fraction(cy)) for cell in others]
    assert ranked[5] < ranked[6], "the six nearest must be unambiguous"
    return others[:6]
