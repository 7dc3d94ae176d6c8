"""The Mini-Map (R18.1, R18.2): the whole map as a thumbnail with the Tactical Map's view box.

The thumbnail is drawn once per size from plain terrain colours (fast: one polygon a
hex); stacks are dots of their side's colour. Clicking or dragging in it moves the view.
"""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from malaya.engine import Board, Hex, Terrain
from malaya.render import palette as pal
from malaya.render.camera import Camera
from malaya.render.geometry import hex_corners, hex_to_pixel
from malaya.render.map_index import MapIndex

SIDE_DOTS = {"JP": (200, 30, 30), "CW": (30, 60, 200)}
VIEW_BOX = (255, 255, 255)


class MiniMap:
    """A scaled thumbnail of a board and the transforms between it and the world."""

    def __init__(self, board: Board, bounds: tuple[float, float, float, float] | None = None) -> None:
        self.board = board
        self.bounds = bounds or MapIndex.build(board).bounds
        self._thumb: pygame.Surface | None = None
        self._thumb_size: tuple[int, int] = (0, 0)

    def scale_for(self, rect: pygame.Rect) -> float:
        """World → thumbnail scale that fits the map into ``rect``."""
        x0, y0, x1, y1 = self.bounds
        return min(rect.width / max(1.0, x1 - x0), rect.height / max(1.0, y1 - y0))

    def placed(self, rect: pygame.Rect) -> pygame.Rect:
        """Where the thumbnail sits inside ``rect`` (centred, aspect kept)."""
        x0, y0, x1, y1 = self.bounds
        k = self.scale_for(rect)
        box = pygame.Rect(0, 0, max(1, round((x1 - x0) * k)), max(1, round((y1 - y0) * k)))
        box.center = rect.center
        return box

    def thumbnail(self, size: tuple[int, int]) -> pygame.Surface:
        """The terrain thumbnail at ``size`` (cached for the last size)."""
        if self._thumb is None or self._thumb_size != size:
            self._thumb = self._render(size)
            self._thumb_size = size
        return self._thumb

    def _render(self, size: tuple[int, int]) -> pygame.Surface:
        """Fill every hex with its terrain colour."""
        surf = pygame.Surface(size)
        surf.fill(pal.TERRAIN_COLORS[Terrain.SEA])
        x0, y0, x1, _ = self.bounds
        k = size[0] / max(1.0, x1 - x0)
        for h, t in self.board.terrain.items():
            if t is Terrain.SEA:
                continue
            pts = [((x - x0) * k, (y - y0) * k) for x, y in hex_corners(h)]
            pygame.draw.polygon(surf, pal.TERRAIN_COLORS[t], pts)
        for place in self.board.places:
            if place.objective:
                pygame.draw.circle(surf, pal.OBJECTIVE, self._to_thumb(place.hex, k), max(1, round(k * 20)))
        return surf

    def _to_thumb(self, h: Hex, k: float) -> tuple[int, int]:
        """Thumbnail pixel of a hex centre at scale ``k``."""
        x, y = hex_to_pixel(h)
        return round((x - self.bounds[0]) * k), round((y - self.bounds[1]) * k)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, camera: Camera,
             stacks: Iterable[tuple[Hex, str]] = ()) -> None:
        """Thumbnail, stack dots (hex, side) and the camera's view box, inside ``rect``."""
        box = self.placed(rect)
        surface.fill((20, 24, 30), rect)
        surface.blit(self.thumbnail(box.size), box)
        k = self.scale_for(rect)
        for h, side in stacks:
            x, y = self._to_thumb(h, k)
            surface.fill(SIDE_DOTS.get(side, (0, 0, 0)), (box.left + x - 1, box.top + y - 1, 3, 3))
        vx0, vy0, vx1, vy1 = camera.visible_world()
        x0, y0 = self.bounds[0], self.bounds[1]
        view = pygame.Rect(box.left + round((vx0 - x0) * k), box.top + round((vy0 - y0) * k),
                           max(3, round((vx1 - vx0) * k)), max(3, round((vy1 - vy0) * k)))
        prev = surface.get_clip()
        surface.set_clip(rect)
        pygame.draw.rect(surface, (0, 0, 0), view.inflate(2, 2), 1)
        pygame.draw.rect(surface, VIEW_BOX, view, 2)
        surface.set_clip(prev)

    def world_at(self, rect: pygame.Rect, pos: tuple[int, int]) -> tuple[float, float]:
        """The world point under a pixel of the Mini-Map drawn in ``rect``."""
        box = self.placed(rect)
        k = self.scale_for(rect)
        return self.bounds[0] + (pos[0] - box.left) / k, self.bounds[1] + (pos[1] - box.top) / k
