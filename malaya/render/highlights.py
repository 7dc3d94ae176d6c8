"""Dynamic map overlays: highlighted hexes, the hovered hex, a move path and its MP cost."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import pygame

from malaya.engine import Hex
from malaya.render.camera import Camera
from malaya.render.fonts import halo_text
from malaya.render.geometry import corner_offsets, hex_corners, hex_to_pixel, pixel_to_hex

DIMMED = (0, 0, 0, 100)
DESTINATION_EDGE = (250, 250, 250)
TARGET_EDGE = (230, 40, 40)
HOVER_EDGE = (255, 236, 0)
CURSOR_EDGE = (255, 255, 255)
CURSOR_SHADE = (0, 0, 0)
PATH = (20, 20, 20)
PATH_CORE = (255, 236, 0)


def hex_at(camera: Camera, pos: tuple[float, float]) -> Hex:
    """The hex under a map-area pixel."""
    return pixel_to_hex(*camera.screen_to_world(*pos))


def hex_center_screen(camera: Camera, h: Hex) -> tuple[float, float]:
    """Map-area pixel of a hex centre."""
    return camera.world_to_screen(*hex_to_pixel(h))


def hex_polygon(camera: Camera, h: Hex) -> list[tuple[float, float]]:
    """Map-area pixels of a hex's corners."""
    return [camera.world_to_screen(x, y) for x, y in hex_corners(h)]


def _visible(camera: Camera, h: Hex, size: tuple[int, int]) -> bool:
    """True if the hex centre is on (or just off) the map area."""
    x, y = hex_center_screen(camera, h)
    m = 64 * camera.zoom
    return -m <= x <= size[0] + m and -m <= y <= size[1] + m


def _shown_polygons(camera: Camera, hexes: Iterable[Hex], size: tuple[int, int]) -> list[list[tuple[float, float]]]:
    """Map-area corner pixels of each hex whose centre is on (or just off) the map area (as :func:`_visible`)."""
    zoom, left, top = camera.zoom, camera.x, camera.y
    offsets = [(dx * zoom, dy * zoom) for dx, dy in corner_offsets()]
    m = 64 * zoom
    out = []
    for h in hexes:
        wx, wy = hex_to_pixel(h)
        x, y = (wx - left) * zoom, (wy - top) * zoom
        if -m <= x <= size[0] + m and -m <= y <= size[1] + m:
            out.append([(x + dx, y + dy) for dx, dy in offsets])
    return out


def draw_destinations(target: pygame.Surface, camera: Camera, hexes: Iterable[Hex]) -> None:
    """Legal destinations: every other hex is dimmed, and each destination gets a broken white outline.

    Brightness and outline shape carry the cue, so it reads without colour vision.
    """
    size = target.get_size()
    polygons = _shown_polygons(camera, hexes, size)
    shade = pygame.Surface(size, pygame.SRCALPHA)
    shade.fill(DIMMED)
    for pts in polygons:
        pygame.draw.polygon(shade, (0, 0, 0, 0), pts)
    target.blit(shade, (0, 0))
    width = max(1, round(2 * camera.zoom))
    for pts in polygons:
        for i in range(0, 6, 2):  # every other side: a broken outline
            pygame.draw.line(target, DESTINATION_EDGE, pts[i], pts[(i + 1) % 6], width)


def draw_outline(target: pygame.Surface, camera: Camera, h: Hex, color: tuple[int, int, int],
                 width: int = 3) -> None:
    """A solid outline around one hex."""
    pygame.draw.polygon(target, color, hex_polygon(camera, h), max(1, round(width * min(1.5, camera.zoom))))


def draw_cursor(target: pygame.Surface, camera: Camera, h: Hex, bridge: tuple[float, float] | None = None) -> None:
    """The keyboard's map cursor: a bracket at each corner of the hex, white over black (a shape, not a colour,
    so it reads on any terrain and without colour vision); on a bridge, a ring around the bridge too."""
    centre = hex_center_screen(camera, h)
    wide, thin = max(4, round(7 * min(1.5, camera.zoom))), max(2, round(3 * min(1.5, camera.zoom)))
    for color, width in ((CURSOR_SHADE, wide), (CURSOR_EDGE, thin)):
        for corner in hex_polygon(camera, h):
            for toward in (0.0, 1.0):  # a short stroke from the corner toward each neighbouring corner
                pygame.draw.line(target, color, corner, _bracket_end(corner, centre, toward), width)
        if bridge is not None:
            radius = max(8, round(18 * camera.zoom))
            pygame.draw.circle(target, color, camera.world_to_screen(*bridge), radius, width)


def draw_box_cursor(target: pygame.Surface, camera: Camera, box: pygame.Rect) -> None:
    """The map cursor on a stack drawn off its hex (a landing zone beside its port): the same white-over-black
    corner brackets, around the stack's box."""
    wide, thin = max(4, round(7 * min(1.5, camera.zoom))), max(2, round(3 * min(1.5, camera.zoom)))
    frame = box.inflate(2 * wide, 2 * wide)
    arm = max(6, frame.width // 3)
    for color, width in ((CURSOR_SHADE, wide), (CURSOR_EDGE, thin)):
        for (x, y), (sx, sy) in zip((frame.topleft, frame.topright, frame.bottomleft, frame.bottomright),
                                    ((1, 1), (-1, 1), (1, -1), (-1, -1)), strict=True):
            pygame.draw.line(target, color, (x, y), (x + sx * arm, y), width)
            pygame.draw.line(target, color, (x, y), (x, y + sy * arm), width)


def _bracket_end(corner: tuple[float, float], centre: tuple[float, float], turn: float) -> tuple[float, float]:
    """The end of a corner bracket's stroke: a third of the way along one side from ``corner`` (side chosen by
    ``turn``: the side 60 degrees either way of the line to the centre)."""
    cx, cy = centre
    vx, vy = corner[0] - cx, corner[1] - cy  # centre → corner; a side leaves the corner at ±120° to it
    angle = math.radians(120 if turn else -120)
    sx = vx * math.cos(angle) - vy * math.sin(angle)
    sy = vx * math.sin(angle) + vy * math.cos(angle)
    return corner[0] + sx / 3, corner[1] + sy / 3


def draw_targets(target: pygame.Surface, camera: Camera, hexes: Iterable[Hex]) -> None:
    """Hexes that may be attacked: a red outline with an inner black one."""
    size = target.get_size()
    for h in hexes:
        if _visible(camera, h, size):
            draw_outline(target, camera, h, (0, 0, 0), 5)
            draw_outline(target, camera, h, TARGET_EDGE, 3)


def draw_path(target: pygame.Surface, camera: Camera, path: Sequence[Hex], cost: str | None) -> None:
    """The route as a line from hex centre to hex centre, with its MP cost at the end."""
    if len(path) >= 2:
        pts = [hex_center_screen(camera, h) for h in path]
        pygame.draw.lines(target, PATH, False, pts, max(3, round(6 * camera.zoom)))
        pygame.draw.lines(target, PATH_CORE, False, pts, max(1, round(3 * camera.zoom)))
        for p in pts[1:-1]:
            pygame.draw.circle(target, PATH_CORE, p, max(2, round(4 * camera.zoom)))
    if cost is not None and path:
        x, y = hex_center_screen(camera, path[-1])
        text = cost if "hex" in cost else f"{cost} MP"
        label = halo_text(text, max(11, round(15 * camera.zoom)), (10, 10, 10), (255, 236, 0), bold=True)
        target.blit(label, label.get_rect(midbottom=(round(x), round(y - 20 * camera.zoom))))
