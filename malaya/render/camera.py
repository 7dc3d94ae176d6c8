"""The view onto the map: pan offset, discrete zoom levels and world↔screen transforms.

World coordinates are pixels at zoom 1 (see :mod:`malaya.render.geometry`). ``x, y`` is the
world point shown at the screen's top-left corner; ``screen = (world - (x, y)) * zoom``.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass

from malaya.render.geometry import HEX_SIZE, Point, Rect

ZOOM_LEVELS: tuple[float, ...] = (0.35, 0.5, 0.7, 0.85, 1.0, 1.25, 1.5, 1.75, 2.0)
DEFAULT_ZOOM = 1.25
MARGIN = 2 * HEX_SIZE
"""How far (world px) the view may scroll past the map's edge."""


@dataclass(slots=True)
class Camera:
    """Pan + zoom state of one map view, clamped to the map bounds."""

    bounds: Rect
    width: int
    height: int
    x: float = 0.0
    y: float = 0.0
    zoom: float = DEFAULT_ZOOM

    def world_to_screen(self, wx: float, wy: float) -> Point:
        """Screen pixel of a world point."""
        return (wx - self.x) * self.zoom, (wy - self.y) * self.zoom

    def screen_to_world(self, sx: float, sy: float) -> Point:
        """World point under a screen pixel."""
        return self.x + sx / self.zoom, self.y + sy / self.zoom

    def origin_px(self) -> tuple[int, int]:
        """Integer zoomed-pixel position of the screen's top-left (for aligned blits)."""
        return round(self.x * self.zoom), round(self.y * self.zoom)

    def visible_world(self) -> Rect:
        """The world rectangle currently on screen."""
        return self.x, self.y, self.x + self.width / self.zoom, self.y + self.height / self.zoom

    def resize(self, width: int, height: int) -> None:
        """Adopt a new screen size, keeping the view centre."""
        cx, cy = self.center()
        self.width, self.height = max(1, width), max(1, height)
        self.center_on(cx, cy)

    def center(self) -> Point:
        """World point at the screen centre."""
        return self.screen_to_world(self.width / 2, self.height / 2)

    def center_on(self, wx: float, wy: float) -> None:
        """Scroll so the world point is at the screen centre."""
        self.x = wx - self.width / (2 * self.zoom)
        self.y = wy - self.height / (2 * self.zoom)
        self.clamp()

    def pan(self, dx_screen: float, dy_screen: float) -> None:
        """Scroll the view by a screen-pixel delta (positive = content moves left/up)."""
        self.x += dx_screen / self.zoom
        self.y += dy_screen / self.zoom
        self.clamp()

    def set_zoom(self, zoom: float, anchor: Point | None = None) -> None:
        """Set the zoom keeping the world point under screen ``anchor`` fixed (default: centre)."""
        sx, sy = anchor if anchor is not None else (self.width / 2, self.height / 2)
        wx, wy = self.screen_to_world(sx, sy)
        self.zoom = zoom
        self.x = wx - sx / zoom
        self.y = wy - sy / zoom
        self.clamp()

    def zoom_at(self, anchor: Point, steps: int) -> None:
        """Zoom in (steps > 0) or out by whole levels around a screen point."""
        self.set_zoom(step_zoom(self.zoom, steps), anchor)

    def fit(self, margin: float = 0.0) -> None:
        """Zoom (freely, not to a level) and centre so the map and ``margin`` world units around it are visible."""
        x0, y0, x1, y1 = self.bounds
        x0, y0, x1, y1 = x0 - margin, y0 - margin, x1 + margin, y1 + margin
        zx = self.width / max(1.0, x1 - x0)
        zy = self.height / max(1.0, y1 - y0)
        self.zoom = min(zx, zy)
        self.center_on((x0 + x1) / 2, (y0 + y1) / 2)

    def fit_overview(self) -> None:
        """Fit the whole map and a hex radius around it, so the names under the edge towns (Singapore) show."""
        self.fit(HEX_SIZE)

    def clamp(self) -> None:
        """Keep the view over the map (centred on an axis where the map is smaller)."""
        x0, y0, x1, y1 = self.bounds
        self.x = _clamp_axis(self.x, x0, x1, self.width / self.zoom)
        self.y = _clamp_axis(self.y, y0, y1, self.height / self.zoom)


def _clamp_axis(pos: float, lo: float, hi: float, span: float) -> float:
    """Clamp one axis of the view start so it shows the map (plus a margin)."""
    if span >= hi - lo + 2 * MARGIN:
        return (lo + hi) / 2 - span / 2
    return min(max(pos, lo - MARGIN), hi + MARGIN - span)


def step_zoom(zoom: float, steps: int) -> float:
    """The zoom level ``steps`` levels away from ``zoom`` (which may lie between levels)."""
    if steps == 0:
        return zoom
    if steps > 0:
        i = bisect.bisect_right(ZOOM_LEVELS, zoom + 1e-9) + steps - 1
    else:
        i = bisect.bisect_left(ZOOM_LEVELS, zoom - 1e-9) + steps
    return ZOOM_LEVELS[min(max(i, 0), len(ZOOM_LEVELS) - 1)]
