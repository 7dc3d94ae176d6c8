"""Pan, zoom and clamping of the map view."""

from __future__ import annotations

import math

from malaya.render.camera import MARGIN, ZOOM_LEVELS, Camera, step_zoom
from malaya.render.geometry import HEX_SIZE

BOUNDS = (0.0, 0.0, 4000.0, 6000.0)


def _camera() -> Camera:
    """A 1000×800 view over a 4000×6000 map, centred."""
    cam = Camera(BOUNDS, 1000, 800, zoom=1.0)
    cam.center_on(2000, 3000)
    return cam


def test_zooming_keeps_the_point_under_the_cursor_fixed() -> None:
    # given a camera and a cursor position
    cam = _camera()
    cursor = (310.0, 570.0)
    before = cam.screen_to_world(*cursor)
    # when zooming in and out by whole levels
    for steps in (1, 1, -3, 2):
        cam.zoom_at(cursor, steps)
        # then the same world point stays under the cursor
        after = cam.screen_to_world(*cursor)
        assert math.isclose(after[0], before[0]) and math.isclose(after[1], before[1])


def test_zoom_steps_through_discrete_levels_and_stops_at_the_ends() -> None:
    # given the lowest level, when zooming out further, then it stays there
    assert step_zoom(ZOOM_LEVELS[0], -1) == ZOOM_LEVELS[0]
    # when zooming in from between two levels, then the next level up is chosen
    assert step_zoom(0.9, 1) == 1.0
    assert step_zoom(0.9, -1) == 0.85
    assert step_zoom(ZOOM_LEVELS[-1], 5) == ZOOM_LEVELS[-1]


def test_world_and_screen_transforms_are_inverse() -> None:
    # given a zoomed camera, when a point goes to the screen and back, then it is unchanged
    cam = _camera()
    cam.set_zoom(1.5)
    sx, sy = cam.world_to_screen(1234.5, 2345.5)
    wx, wy = cam.screen_to_world(sx, sy)
    assert math.isclose(wx, 1234.5) and math.isclose(wy, 2345.5)


def test_panning_is_clamped_to_the_map_plus_a_margin() -> None:
    # given a camera, when panning far to the top-left
    cam = _camera()
    cam.pan(-100000, -100000)
    # then the view stops a margin beyond the map edge
    assert cam.x == -MARGIN and cam.y == -MARGIN
    # and the same at the bottom-right
    cam.pan(100000, 100000)
    assert cam.visible_world()[2] == BOUNDS[2] + MARGIN


def test_fit_shows_the_whole_map() -> None:
    # given a camera, when fitted
    cam = _camera()
    cam.fit()
    x0, y0, x1, y1 = cam.visible_world()
    # then the whole map is inside the view
    assert x0 <= BOUNDS[0] and y0 <= BOUNDS[1] and x1 >= BOUNDS[2] - 1e-6 and y1 >= BOUNDS[3] - 1e-6


def test_the_overview_fit_leaves_a_hex_radius_around_the_map_for_the_edge_towns_names() -> None:
    # given a camera, when fitted for the strategic overview
    cam = _camera()
    cam.fit_overview()
    x0, y0, x1, y1 = cam.visible_world()
    # then a hex radius beyond the map's edges is visible on every side (Singapore's name under the last row)
    assert x0 <= BOUNDS[0] - HEX_SIZE + 1e-6 and y0 <= BOUNDS[1] - HEX_SIZE + 1e-6
    assert x1 >= BOUNDS[2] + HEX_SIZE - 1e-6 and y1 >= BOUNDS[3] + HEX_SIZE - 1e-6
