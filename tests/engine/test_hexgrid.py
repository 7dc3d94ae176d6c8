"""Hex grid math: directions, distance, ring, line and Tiled offset conversions."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from malaya.engine.hexgrid import (
    DIRECTION_NAMES,
    DIRECTIONS,
    ODD_Q,
    Hex,
    Stagger,
    StaggerAxis,
    StaggerIndex,
    edge,
    from_offset,
    line,
    opposite,
    ring,
    spiral,
    to_offset,
)

ALL_STAGGERS = [Stagger(axis, index) for axis in StaggerAxis for index in StaggerIndex]
coords = st.integers(min_value=-500, max_value=500)
hexes = st.builds(Hex, coords, coords)


def test_directions_are_documented_clockwise_from_north() -> None:
    # given the flat-top direction table
    # then it runs N, NE, SE, S, SW, NW with Red Blob's axial vectors
    assert DIRECTION_NAMES == ("N", "NE", "SE", "S", "SW", "NW")
    assert DIRECTIONS == (Hex(0, -1), Hex(1, -1), Hex(1, 0), Hex(0, 1), Hex(-1, 1), Hex(-1, 0))


def test_opposite_directions_cancel() -> None:
    for d in range(6):
        assert DIRECTIONS[d] + DIRECTIONS[opposite(d)] == Hex(0, 0)


@given(hexes)
def test_every_neighbour_is_at_distance_one_and_knows_its_direction(h: Hex) -> None:
    for d, n in enumerate(h.neighbors()):
        assert h.distance(n) == 1
        assert h.direction_to(n) == d
        assert n.direction_to(h) == opposite(d)


@given(hexes, hexes)
def test_distance_is_a_symmetric_metric(a: Hex, b: Hex) -> None:
    assert a.distance(b) == b.distance(a)
    assert (a.distance(b) == 0) == (a == b)


def test_distance_table() -> None:
    origin = Hex(0, 0)
    assert origin.distance(Hex(3, 0)) == 3
    assert origin.distance(Hex(2, -5)) == 5
    assert origin.distance(Hex(-2, -1)) == 3


@pytest.mark.parametrize("radius", [0, 1, 2, 5])
def test_ring_holds_exactly_the_hexes_at_that_distance(radius: int) -> None:
    center = Hex(3, -2)
    got = ring(center, radius)
    assert len(got) == max(1, 6 * radius)
    assert len(set(got)) == len(got)
    assert all(center.distance(h) == radius for h in got)


def test_spiral_covers_the_hexagon() -> None:
    assert len(spiral(Hex(0, 0), 3)) == 1 + 6 + 12 + 18


@given(hexes, hexes)
@pytest.mark.slow
def test_line_is_a_connected_shortest_path(a: Hex, b: Hex) -> None:
    path = line(a, b)
    assert path[0] == a and path[-1] == b
    assert len(path) == a.distance(b) + 1
    assert all(p.distance(q) == 1 for p, q in zip(path, path[1:], strict=False))


def test_line_along_an_axis() -> None:
    assert line(Hex(0, 0), Hex(3, 0)) == [Hex(0, 0), Hex(1, 0), Hex(2, 0), Hex(3, 0)]


@pytest.mark.parametrize("stagger", ALL_STAGGERS, ids=str)
@given(col=st.integers(-300, 300), row=st.integers(-300, 300))
def test_offset_round_trip_for_every_stagger(stagger: Stagger, col: int, row: int) -> None:
    assert to_offset(from_offset(col, row, stagger), stagger) == (col, row)


# Tiled cell (col,row) -> axial, per Red Blob's offset tables.
OFFSET_TABLE = [
    (ODD_Q, (0, 0), Hex(0, 0)),
    (ODD_Q, (1, 0), Hex(1, 0)),
    (ODD_Q, (1, 1), Hex(1, 1)),
    (ODD_Q, (2, 0), Hex(2, -1)),
    (ODD_Q, (3, 2), Hex(3, 1)),
    (Stagger(StaggerAxis.X, StaggerIndex.EVEN), (1, 0), Hex(1, -1)),
    (Stagger(StaggerAxis.X, StaggerIndex.EVEN), (2, 2), Hex(2, 1)),
    (Stagger(StaggerAxis.Y, StaggerIndex.ODD), (0, 1), Hex(0, 1)),
    (Stagger(StaggerAxis.Y, StaggerIndex.ODD), (0, 2), Hex(-1, 2)),
    (Stagger(StaggerAxis.Y, StaggerIndex.EVEN), (0, 1), Hex(-1, 1)),
    (Stagger(StaggerAxis.Y, StaggerIndex.EVEN), (3, 3), Hex(1, 3)),
]


@pytest.mark.parametrize(("stagger", "cell", "expected"), OFFSET_TABLE)
def test_offset_table(stagger: Stagger, cell: tuple[int, int], expected: Hex) -> None:
    assert from_offset(*cell, stagger) == expected


def test_odd_q_neighbours_of_an_odd_column_match_tiled_layout() -> None:
    # given an odd column (shifted down by half a hex in Tiled's x/odd layout)
    h = from_offset(3, 4)
    # then its six neighbours in N, NE, SE, S, SW, NW order are these Tiled cells
    assert [to_offset(n) for n in h.neighbors()] == [(3, 3), (4, 4), (4, 5), (3, 5), (2, 5), (2, 4)]


def test_edge_is_canonical() -> None:
    a, b = Hex(1, 0), Hex(1, 1)
    assert edge(a, b) == edge(b, a) == (a, b)
