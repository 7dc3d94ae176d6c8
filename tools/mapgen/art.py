"""Tile images drawn with pygame (headless): terrain hexes, country tints, hexside features."""

from __future__ import annotations

import math
import os
import random
from collections.abc import Callable

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

from .geo import SIDE_CORNERS, TILE_H, TILE_W  # noqa: E402

Color = tuple[int, ...]
CENTRE = (TILE_W / 2, TILE_H / 2)
HEX = [(0, 28), (16, 0), (48, 0), (64, 28), (48, 56), (16, 56)]


def _tile_corner(offset: tuple[int, int]) -> tuple[float, float]:
    """Tile-local pixel of a corner offset."""
    return CENTRE[0] + offset[0], CENTRE[1] + offset[1]


def side_ends(direction: int) -> tuple[tuple[float, float], tuple[float, float]]:
    """Tile-local end points of side ``direction``."""
    a, b = SIDE_CORNERS[direction]
    return _tile_corner(a), _tile_corner(b)


def side_mid(direction: int) -> tuple[float, float]:
    """Tile-local midpoint of side ``direction``."""
    (ax, ay), (bx, by) = side_ends(direction)
    return (ax + bx) / 2, (ay + by) / 2


def thick_line(
    surf: pygame.Surface,
    color: Color,
    a: tuple[float, float],
    b: tuple[float, float],
    width: float,
    cap: bool = True,
) -> None:
    """A filled quad of ``width`` from a to b, with round caps if ``cap``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length * width / 2, dx / length * width / 2
    pts = [
        (a[0] + nx, a[1] + ny),
        (b[0] + nx, b[1] + ny),
        (b[0] - nx, b[1] - ny),
        (a[0] - nx, a[1] - ny),
    ]
    pygame.draw.polygon(surf, color, pts)
    if cap:
        for p in (a, b):
            pygame.draw.circle(surf, color, p, width / 2)


def _masked(surf: pygame.Surface) -> pygame.Surface:
    """Clip a tile to the hex shape (outside becomes transparent)."""
    mask = pygame.Surface((TILE_W, TILE_H), pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), HEX)
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return surf


def _base(color: Color) -> pygame.Surface:
    """An opaque tile filled with ``color``."""
    surf = pygame.Surface((TILE_W, TILE_H), pygame.SRCALPHA)
    surf.fill((*color, 255))
    return surf


def _shade(color: Color, f: float) -> Color:
    """Scale a colour's brightness."""
    return tuple(max(0, min(255, int(c * f))) for c in color[:3])


def _jungle(s: pygame.Surface, rnd: random.Random, base: Color) -> None:
    for _ in range(46):
        x, y = rnd.random() * TILE_W, rnd.random() * TILE_H
        pygame.draw.circle(s, _shade(base, 0.65 + 0.5 * rnd.random()), (x, y), 2 + 2 * rnd.random())


def _clear(s: pygame.Surface, rnd: random.Random, base: Color) -> None:
    for y in range(4, TILE_H, 7):
        for x in range(2, TILE_W, 9):
            pygame.draw.line(s, _shade(base, 0.85), (x, y), (x + 5, y))


def _plantation(s: pygame.Surface, rnd: random.Random, base: Color) -> None:
    for row, y in enumerate(range(3, TILE_H, 7)):
        for x in range(2 + (row % 2) * 4, TILE_W, 8):
            pygame.draw.circle(s, _shade(base, 0.6), (x, y), 2)


def _swamp(s: pygame.Surface, rnd: random.Random, base: Color) -> None:
    for _ in range(22):
        x, y = rnd.random() * TILE_W, rnd.random() * TILE_H
        pygame.draw.line(s, (70, 110, 160), (x - 4, y), (x + 4, y), 2)
        pygame.draw.line(s, _shade(base, 0.6), (x, y - 1), (x - 2, y - 5))
        pygame.draw.line(s, _shade(base, 0.6), (x + 1, y - 1), (x + 3, y - 5))


def _mountain(s: pygame.Surface, rnd: random.Random, base: Color) -> None:
    for cx, cy, w in ((20, 30, 13), (42, 24, 15), (32, 44, 11), (12, 14, 8), (52, 42, 9)):
        pts = [(cx - w, cy + w * 0.6), (cx, cy - w * 0.6), (cx + w, cy + w * 0.6)]
        pygame.draw.polygon(s, _shade(base, 0.8), pts)
        pygame.draw.lines(s, _shade(base, 0.45), False, pts, 2)
        pygame.draw.line(s, (235, 230, 220), pts[1], (cx + w * 0.3, cy - w * 0.1), 2)


def _buildings(s: pygame.Surface, rnd: random.Random, n: int, roof: Color) -> None:
    for _ in range(n):
        x, y = 16 + rnd.random() * 28, 12 + rnd.random() * 28
        w, h = 5 + rnd.random() * 6, 4 + rnd.random() * 5
        pygame.draw.rect(s, roof, (x, y, w, h))
        pygame.draw.rect(s, (60, 40, 30), (x, y, w, h), 1)


def _town(s: pygame.Surface, rnd: random.Random, base: Color) -> None:
    _plantation(s, rnd, base)
    _buildings(s, rnd, 6, (190, 70, 50))


def _city(s: pygame.Surface, rnd: random.Random, base: Color) -> None:
    _buildings(s, rnd, 16, (200, 80, 60))
    pygame.draw.circle(s, (40, 30, 30), CENTRE, 5)
    pygame.draw.circle(s, (250, 240, 220), CENTRE, 3)


def _fortress(s: pygame.Surface, rnd: random.Random, base: Color) -> None:
    _buildings(s, rnd, 10, (170, 150, 140))
    star = []
    for i in range(10):
        r = 18 if i % 2 == 0 else 11
        ang = math.pi / 2 + i * math.pi / 5
        star.append((CENTRE[0] + r * math.cos(ang), CENTRE[1] - r * math.sin(ang)))
    pygame.draw.polygon(s, (150, 30, 30), star, 3)


def _sea(s: pygame.Surface, rnd: random.Random, base: Color) -> None:
    for _ in range(6):
        x, y = 6 + rnd.random() * 46, 6 + rnd.random() * 40
        pygame.draw.arc(s, _shade(base, 1.25), (x, y, 10, 6), 0.3, 2.8, 1)


TERRAIN_ART: dict[str, tuple[Color, Callable[[pygame.Surface, random.Random, Color], None]]] = {
    "clear": ((212, 220, 140), _clear),
    "plantation": ((150, 188, 96), _plantation),
    "jungle": ((62, 122, 58), _jungle),
    "swamp": ((112, 150, 118), _swamp),
    "mountain": ((160, 132, 90), _mountain),
    "town": ((170, 196, 120), _town),
    "city": ((188, 178, 166), _city),
    "fortress": ((150, 150, 162), _fortress),
    "sea": ((72, 132, 192), _sea),
}


def terrain_tile(name: str, seed: int) -> pygame.Surface:
    """A hex-shaped terrain tile with a subtle pattern and a faint grid outline."""
    color, pattern = TERRAIN_ART[name]
    surf = _base(color)
    pattern(surf, random.Random(seed), color)
    surf = _masked(surf)
    pygame.draw.polygon(surf, (*_shade(color, 0.55), 255), HEX, 1)
    return surf


def country_tile(name: str) -> pygame.Surface:
    """Siam: a light violet hatch; Malaya: transparent."""
    surf = pygame.Surface((TILE_W, TILE_H), pygame.SRCALPHA)
    if name == "Siam":
        surf.fill((200, 120, 230, 45))
        for x in range(-TILE_H, TILE_W, 8):
            pygame.draw.line(surf, (120, 40, 150, 110), (x, TILE_H), (x + TILE_H, 0), 2)
        surf = _masked(surf)
    return surf


FEATURE_STYLE: dict[str, tuple[Color, float]] = {
    "road": ((170, 95, 35, 255), 5.0),
    "rail": ((35, 30, 30, 255), 2.5),
    "river_minor": ((55, 125, 235, 255), 4.0),
    "river_major": ((30, 80, 215, 255), 7.0),
    "strait": ((150, 205, 245, 235), 12.0),
    "causeway": ((125, 125, 125, 255), 10.0),
    "sea": ((40, 80, 165, 255), 8.0),
}


def feature_tile(feature: str, mask: int) -> pygame.Surface:
    """The tile of ``feature`` on the sides set in ``mask`` (bit d = direction d)."""
    surf = pygame.Surface((TILE_W, TILE_H), pygame.SRCALPHA)
    color, width = FEATURE_STYLE[feature]
    sides = [d for d in range(6) if mask >> d & 1]
    for d in sides:
        if feature in ("road", "rail"):
            _connection(surf, feature, d, color, width)
        else:
            a, b = side_ends(d)
            if feature == "causeway":
                thick_line(surf, (70, 70, 70, 255), a, b, width + 3, cap=False)
            thick_line(surf, color, a, b, width, cap=feature.startswith("river"))
    if feature in ("road", "rail"):
        pygame.draw.circle(surf, color, CENTRE, width / 2 + 1)
    return surf


def _connection(surf: pygame.Surface, feature: str, d: int, color: Color, width: float) -> None:
    """A road or rail from the centre to the midpoint of side d."""
    end = side_mid(d)
    if feature == "road":
        thick_line(surf, (90, 50, 20, 255), CENTRE, end, width + 2)
        thick_line(surf, color, CENTRE, end, width)
        return
    thick_line(surf, color, CENTRE, end, width)
    dx, dy = end[0] - CENTRE[0], end[1] - CENTRE[1]
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    for i in range(1, int(length // 5) + 1):
        px, py = CENTRE[0] + ux * i * 5, CENTRE[1] + uy * i * 5
        thick_line(
            surf, color, (px - uy * 4, py + ux * 4), (px + uy * 4, py - ux * 4), 1.5, cap=False
        )


def sheet(tiles: list[pygame.Surface], columns: int) -> pygame.Surface:
    """Tiles laid out left-to-right, top-to-bottom on one transparent image."""
    rows = math.ceil(len(tiles) / columns)
    out = pygame.Surface((columns * TILE_W, rows * TILE_H), pygame.SRCALPHA)
    out.fill((0, 0, 0, 0))
    for i, tile in enumerate(tiles):
        out.blit(tile, ((i % columns) * TILE_W, (i // columns) * TILE_H))
    return out
