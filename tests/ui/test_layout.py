"""Pixel geometry of flat-top hexes."""

from __future__ import annotations

import math

from malaya.engine.hexgrid import DIRECTIONS, Hex, spiral
from malaya.render.geometry import (
    HEX_SIZE,
    hex_corners,
    hex_height,
    hex_to_pixel,
    hexes_in_rect,
    hexside_lattice,
    lattice_to_pixel,
    pixel_to_hex,
)


def test_every_hex_centre_maps_back_to_its_hex() -> None:
    # given hexes around the origin, when their centre pixel is converted back
    for h in spiral(Hex(3, -2), 6):
        # then the same hex comes back
        assert pixel_to_hex(*hex_to_pixel(h)) == h


def test_points_inside_a_hex_round_to_that_hex() -> None:
    # given a hex and points well inside it (within the inscribed circle)
    h = Hex(5, 7)
    cx, cy = hex_to_pixel(h)
    inner = hex_height() / 2 * 0.95
    for k in range(24):
        ang = k * math.pi / 12
        # when a point near the edge is converted, then it stays in the hex
        assert pixel_to_hex(cx + math.cos(ang) * inner, cy + math.sin(ang) * inner) == h


def test_neighbour_centres_are_one_hex_height_apart_in_flat_top_layout() -> None:
    # given the origin, when the north and south-east neighbours are placed
    north, south_east = hex_to_pixel(DIRECTIONS[0]), hex_to_pixel(DIRECTIONS[2])
    # then north is straight up and SE is 1.5 sizes right, half a height down
    assert north == (0.0, -hex_height())
    assert math.isclose(south_east[0], 1.5 * HEX_SIZE)
    assert math.isclose(south_east[1], hex_height() / 2)


def test_a_hexside_is_shared_by_both_hexes_and_crosses_the_line_between_centres() -> None:
    # given a hex and each neighbour
    h = Hex(2, 3)
    for d, delta in enumerate(DIRECTIONS):
        other = h + delta
        a, b = hexside_lattice(h, d)
        back = hexside_lattice(other, (d + 3) % 6)
        # then both hexes name the same two lattice corners
        assert {a, b} == set(back)
        # and the side's midpoint is the midpoint of the two centres
        (ax, ay), (bx, by) = lattice_to_pixel(a), lattice_to_pixel(b)
        (hx, hy), (ox, oy) = hex_to_pixel(h), hex_to_pixel(other)
        assert math.isclose((ax + bx) / 2, (hx + ox) / 2) and math.isclose((ay + by) / 2, (hy + oy) / 2)


def test_corners_are_one_size_from_the_centre() -> None:
    # given a hex, when its corners are computed, then each is HEX_SIZE from the centre
    cx, cy = hex_to_pixel(Hex(-4, 9))
    for x, y in hex_corners(Hex(-4, 9)):
        assert math.isclose(math.hypot(x - cx, y - cy), HEX_SIZE)


def test_hexes_in_rect_never_misses_a_hex_under_the_rectangle() -> None:
    # given a rectangle, when hexes are listed for it
    rect = (100.0, -50.0, 700.0, 400.0)
    found = set(hexes_in_rect(rect))
    # then the hex under every sampled pixel is listed
    for x in range(100, 701, 13):
        for y in range(-50, 401, 11):
            assert pixel_to_hex(x, y) in found
