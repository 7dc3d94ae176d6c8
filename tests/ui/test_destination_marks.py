"""Destination marks are drawn around exactly the hexes the camera shows, at the corners it maps them to."""

from __future__ import annotations

import pygame
import pytest

from malaya.engine.hexgrid import Hex
from malaya.render.camera import Camera
from malaya.render.highlights import (
    DIMMED,
    _shown_polygons,
    _visible,
    draw_destinations,
    hex_center_screen,
    hex_polygon,
)


@pytest.mark.parametrize("zoom", [0.5, 1.25, 2.0])
def test_the_shown_polygons_are_the_visible_hexes_corners(zoom: float) -> None:
    # given a camera over part of a map and hexes on it and far off it
    camera = Camera(pygame.Rect(0, 0, 1600, 1000), 1600, 1000, x=300.0, y=200.0, zoom=zoom)
    hexes = [Hex(q, r) for q in range(-5, 60, 3) for r in range(-5, 60, 4)]
    # when the polygons of the destinations are worked out in one go
    shown = _shown_polygons(camera, hexes, (1600, 1000))
    # then they are the corners of each visible hex, in order, as hex_polygon maps them
    expected = [hex_polygon(camera, h) for h in hexes if _visible(camera, h, (1600, 1000))]
    assert 0 < len(expected) < len(hexes)
    assert len(shown) == len(expected)
    for got, want in zip(shown, expected, strict=True):
        assert [c for p in got for c in p] == pytest.approx([c for p in want for c in p], abs=1e-6)


def test_destinations_stay_bright_and_every_other_hex_is_dimmed() -> None:
    # given a grey map area and two destinations near its middle
    camera = Camera(pygame.Rect(0, 0, 1600, 1000), 1600, 1000, x=300.0, y=200.0, zoom=1.0)
    target = pygame.Surface((1600, 1000))
    target.fill((200, 120, 40))
    destinations = [Hex(12, 8), Hex(14, 8)]
    # when the destinations are drawn
    draw_destinations(target, camera, destinations)
    # then a destination's centre keeps its colour
    inside = [round(c) for c in hex_center_screen(camera, destinations[0])]
    assert tuple(target.get_at(inside))[:3] == (200, 120, 40)
    # and the hex between them and the far corners are dimmed by the DIMMED shade
    shade = DIMMED[3] / 255
    dimmed = tuple(round(c * (1 - shade)) for c in (200, 120, 40))
    between = [round(c) for c in hex_center_screen(camera, Hex(13, 8))]
    for point in (between, (5, 5), (1590, 990)):
        got = tuple(target.get_at(point))[:3]
        assert all(abs(a - b) <= 1 for a, b in zip(got, dimmed, strict=True)), point
