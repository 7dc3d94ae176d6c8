"""One frame of the main window: the Tactical Map, unit counters and the phase bar."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pygame

from malaya.engine.hexgrid import Hex
from malaya.ui.camera import Camera
from malaya.ui.counters import CounterPainter, counter_px
from malaya.ui.layout import hex_to_pixel
from malaya.ui.map_renderer import MapRenderer
from malaya.ui.phase_bar import BAR_HEIGHT, draw_phase_bar
from malaya.ui.views import CounterView, PhaseStatus

Views = Mapping[Hex, Sequence[CounterView]]


class Scene:
    """The drawable parts of the window and their shared caches."""

    def __init__(self, renderer: MapRenderer, camera: Camera) -> None:
        self.renderer = renderer
        self.camera = camera
        self.counters = CounterPainter()
        self.end_phase_rect = pygame.Rect(0, 0, 0, 0)

    def map_area(self, screen: pygame.Surface) -> pygame.Rect:
        """The screen rectangle the map occupies (everything below the phase bar)."""
        w, h = screen.get_size()
        return pygame.Rect(0, BAR_HEIGHT, w, max(1, h - BAR_HEIGHT))

    def draw(self, screen: pygame.Surface, views: Views, status: PhaseStatus | None) -> None:
        """Draw a full frame onto ``screen``."""
        area = self.map_area(screen)
        if (self.camera.width, self.camera.height) != area.size:
            self.camera.resize(*area.size)
        map_surface = screen.subsurface(area)
        self.renderer.draw(map_surface, self.camera)
        self.draw_counters(map_surface, views)
        if status is not None:
            self.end_phase_rect = draw_phase_bar(screen, status)
        else:
            screen.fill((38, 44, 52), (0, 0, area.width, BAR_HEIGHT))

    def draw_counters(self, target: pygame.Surface, views: Views) -> None:
        """Draw every visible stack at its hex centre."""
        cam = self.camera
        side = counter_px(cam.zoom)
        ox, oy = cam.origin_px()
        margin = side * 2
        w, h = target.get_size()
        for h_, stack in views.items():
            wx, wy = hex_to_pixel(h_)
            sx, sy = round(wx * cam.zoom) - ox, round(wy * cam.zoom) - oy
            if -margin <= sx <= w + margin and -margin <= sy <= h + margin:
                self.counters.draw_stack(target, stack, (sx, sy), side)

    def window_to_world(self, screen: pygame.Surface, pos: tuple[int, int]) -> tuple[float, float]:
        """World point under a window pixel (accounting for the phase bar)."""
        area = self.map_area(screen)
        return self.camera.screen_to_world(pos[0] - area.left, pos[1] - area.top)
