"""Objective markers: every victory place ringed, with a badge of its VP in the holder's colour.

Drawn on the Tactical and the Strategic Map alike (victory places come from the scenario data
via :func:`malaya.session.standing.objectives`), so a player always sees what is worth points
and who holds it now.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from malaya.engine import Side
from malaya.render.camera import Camera
from malaya.render.fonts import font
from malaya.render.geometry import HEX_SIZE, hex_corners, hex_to_pixel
from malaya.render.phase_bar import SIDE_COLORS
from malaya.session.standing import Objective

RING = (255, 214, 64)
"""The ring around a victory place (gold, drawn dashed so it never reads as a selection)."""
OUTLINE = (16, 16, 16)


def draw_objectives(target: pygame.Surface, camera: Camera, places: Sequence[Objective]) -> None:
    """A dashed gold ring on each victory place and, at its top-right corner, a badge: star + VP, holder's colour."""
    radius = max(5, round(HEX_SIZE * camera.zoom * 0.22))
    x0, y0, x1, y1 = camera.visible_world()
    for place in places:
        wx, wy = hex_to_pixel(place.hex)
        if not (x0 - HEX_SIZE <= wx <= x1 + HEX_SIZE and y0 - HEX_SIZE <= wy <= y1 + HEX_SIZE):
            continue
        corners = [camera.world_to_screen(x, y) for x, y in hex_corners(place.hex)]
        _dashed_ring(target, corners, max(1, round(camera.zoom * 2.5)))
        cx, cy = camera.world_to_screen(wx + HEX_SIZE * 0.5, wy - HEX_SIZE * 0.62)
        _badge(target, (round(cx), round(cy - radius // 2)), radius, place)  # above the name below the centre


def _dashed_ring(target: pygame.Surface, corners: list[tuple[float, float]], width: int) -> None:
    """The hex outline in gold dashes, each side drawn as its two outer thirds."""
    for i, a in enumerate(corners):
        b = corners[(i + 1) % len(corners)]
        for t0, t1 in ((0.0, 0.34), (0.66, 1.0)):
            p = (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0)
            q = (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)
            pygame.draw.line(target, OUTLINE, p, q, width + 2)
            pygame.draw.line(target, RING, p, q, width)


def _badge(target: pygame.Surface, centre: tuple[int, int], radius: int, place: Objective) -> None:
    """A disc in the holder's colour with the VP value (a star when it is worth none by itself)."""
    color = SIDE_COLORS[place.holder.value] if place.holder is Side.JP else (120, 150, 210)
    pygame.draw.circle(target, OUTLINE, centre, radius + 2)
    pygame.draw.circle(target, color, centre, radius)
    if radius < 7:
        return
    text = str(place.vp) if place.vp else "★"
    img = font(max(8, round(radius * 1.3)), True).render(text, True, OUTLINE)
    target.blit(img, img.get_rect(center=centre))
