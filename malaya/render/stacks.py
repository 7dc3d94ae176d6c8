"""Unit stacks at their hex centres: every stack the camera sees, drawn by one counter painter."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pygame

from malaya.engine import Hex
from malaya.render.camera import Camera
from malaya.render.counters import CounterPainter, counter_px
from malaya.render.geometry import hex_to_pixel
from malaya.session.views import CounterView

Views = Mapping[Hex, Sequence[CounterView]]
"""Counter views by hex, top counter first."""


def draw_stacks(target: pygame.Surface, camera: Camera, painter: CounterPainter, views: Views) -> None:
    """Every stack on screen at its hex centre."""
    side = counter_px(camera.zoom)
    ox, oy = camera.origin_px()
    w, h = target.get_size()
    margin = side * 2
    for hx, stack in views.items():
        wx, wy = hex_to_pixel(hx)
        sx, sy = round(wx * camera.zoom) - ox, round(wy * camera.zoom) - oy
        if -margin <= sx <= w + margin and -margin <= sy <= h + margin:
            painter.draw_stack(target, stack, (sx, sy), side)
