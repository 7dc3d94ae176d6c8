"""Terrain pattern stamps: small transparent overlays so terrain reads in greyscale too.

A stamp is drawn in hex-local coordinates (unit = hex size) and kept inside an inset
hex, so it never bleeds into a neighbour. Each terrain has a few variants, chosen per
hex deterministically, so large areas do not look tiled.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from functools import lru_cache

import pygame

from malaya.engine import Terrain
from malaya.render.geometry import SQRT3
from malaya.render.palette import PATTERN_COLORS, Color

VARIANTS = 3
MIN_PATTERN_SIZE = 9.0
"""Below this hex size (px) patterns are noise and are not drawn."""

Painter = Callable[[pygame.Surface, float, float, float, Color, random.Random], None]


def inside_hex(x: float, y: float, inset: float = 0.78) -> bool:
    """True if unit-hex-local point (x, y) lies inside a flat-top hex of radius ``inset``."""
    ax, ay = abs(x), abs(y)
    return ay <= inset * SQRT3 / 2 and SQRT3 * ax + ay <= SQRT3 * inset


def _scatter(rng: random.Random, count: int, inset: float) -> list[tuple[float, float]]:
    """Up to ``count`` pseudo-random unit points inside the inset hex."""
    pts: list[tuple[float, float]] = []
    for _ in range(count * 4):
        x, y = rng.uniform(-1, 1), rng.uniform(-0.9, 0.9)
        if inside_hex(x, y, inset) and all(math.hypot(x - px, y - py) > 0.3 for px, py in pts):
            pts.append((x, y))
        if len(pts) >= count:
            break
    return pts


def _plantation(surf: pygame.Surface, cx: float, cy: float, s: float, col: Color, rng: random.Random) -> None:
    """Rows of small dots (rubber and oil-palm estates)."""
    r = max(1, round(s * 0.045))
    shift = rng.choice((0.0, 0.12))
    for row in range(-3, 4):
        y = row * 0.22
        for k in range(-5, 6):
            x = k * 0.24 + shift + (0.12 if row % 2 else 0.0)
            if inside_hex(x, y, 0.8):
                pygame.draw.circle(surf, col, (cx + x * s, cy + y * s), r)


def _jungle(surf: pygame.Surface, cx: float, cy: float, s: float, col: Color, rng: random.Random) -> None:
    """Scattered tree tufts (three overlapping crowns)."""
    r = max(1.0, s * 0.075)
    for x, y in _scatter(rng, 7, 0.7):
        px, py = cx + x * s, cy + y * s
        for dx, dy in ((-r, 0.4 * r), (r, 0.4 * r), (0, -0.5 * r)):
            pygame.draw.circle(surf, col, (px + dx, py + dy), r)


def _swamp(surf: pygame.Surface, cx: float, cy: float, s: float, col: Color, rng: random.Random) -> None:
    """Marsh symbols: a short water line with reed ticks."""
    w = max(1, round(s * 0.04))
    for x, y in _scatter(rng, 6, 0.72):
        px, py = cx + x * s, cy + y * s
        half = 0.16 * s
        pygame.draw.line(surf, col, (px - half, py), (px + half, py), w)
        for dx in (-0.08, 0.0, 0.08):
            h = 0.12 if dx == 0.0 else 0.08
            pygame.draw.line(surf, col, (px + dx * s, py), (px + dx * s, py - h * s), w)


def _mountain(surf: pygame.Surface, cx: float, cy: float, s: float, col: Color, rng: random.Random) -> None:
    """Hachured peaks (filled chevrons with a shaded flank)."""
    peaks = _scatter(rng, 4, 0.62)
    for x, y in peaks:
        px, py = cx + x * s, cy + y * s
        hw, hh = 0.2 * s, 0.2 * s
        apex, left, right = (px, py - hh), (px - hw, py + hh * 0.6), (px + hw, py + hh * 0.6)
        pygame.draw.polygon(surf, (*col, 110), [apex, (px, py + hh * 0.6), right])
        pygame.draw.lines(surf, col, False, [left, apex, right], max(1, round(s * 0.05)))


def _blocks(surf: pygame.Surface, cx: float, cy: float, s: float, col: Color, spots: list[tuple[float, float]],
            size: float) -> None:
    """Small building blocks at the given unit positions."""
    b = max(2.0, size * s)
    for x, y in spots:
        left, top = round(cx + x * s - b / 2), round(cy + y * s - b / 2)
        pygame.draw.rect(surf, col, pygame.Rect(left, top, round(b), round(b)))


def _town(surf: pygame.Surface, cx: float, cy: float, s: float, col: Color, rng: random.Random) -> None:
    """A small cluster of buildings."""
    spots = [(-0.14, -0.1), (0.12, -0.14), (0.0, 0.12), (0.24, 0.1), (-0.26, 0.14)]
    rng.shuffle(spots)
    _blocks(surf, cx, cy, s, col, spots[:4], 0.14)


def _city(surf: pygame.Surface, cx: float, cy: float, s: float, col: Color, rng: random.Random) -> None:
    """A dense street grid of blocks."""
    spots = [(x * 0.22, y * 0.22) for x in range(-2, 3) for y in range(-2, 3) if inside_hex(x * 0.22, y * 0.22, 0.7)]
    drop = set(rng.sample(range(len(spots)), 3))
    _blocks(surf, cx, cy, s, col, [p for i, p in enumerate(spots) if i not in drop], 0.15)


def _fortress(surf: pygame.Surface, cx: float, cy: float, s: float, col: Color, rng: random.Random) -> None:
    """A star-shaped bastion trace around a block or two."""
    pts = []
    for k in range(10):
        rad = 0.5 if k % 2 == 0 else 0.32
        ang = math.pi / 2 + k * math.pi / 5
        pts.append((cx + math.cos(ang) * rad * s, cy - math.sin(ang) * rad * s))
    pygame.draw.polygon(surf, col, pts, max(1, round(s * 0.06)))
    _blocks(surf, cx, cy, s, col, [(0.0, 0.0)], 0.16)


def _sea(surf: pygame.Surface, cx: float, cy: float, s: float, col: Color, rng: random.Random) -> None:
    """Faint wave marks."""
    w = max(1, round(s * 0.035))
    for x, y in _scatter(rng, 2, 0.6):
        px, py = cx + x * s, cy + y * s
        r = pygame.Rect(0, 0, round(0.22 * s), round(0.14 * s))
        for dx in (-0.11, 0.11):
            r.center = (round(px + dx * s), round(py))
            pygame.draw.arc(surf, col, r, 0.2, math.pi - 0.2, w)


PAINTERS: dict[Terrain, Painter] = {
    Terrain.SWAMP: _swamp,
    Terrain.MOUNTAIN: _mountain,
    Terrain.TOWN: _town,
    Terrain.CITY: _city,
    Terrain.FORTRESS: _fortress,
    Terrain.SEA: _sea,
}


@lru_cache(maxsize=256)
def stamp(terrain: Terrain, size_px: float, variant: int) -> pygame.Surface | None:
    """The pattern overlay for ``terrain`` at hex size ``size_px`` (None: plain terrain)."""
    painter = PAINTERS.get(terrain)
    if painter is None or size_px < MIN_PATTERN_SIZE:
        return None
    w, h = math.ceil(2 * size_px) + 2, math.ceil(SQRT3 * size_px) + 2
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rng = random.Random(f"{terrain.value}:{variant}")
    painter(surf, w / 2, h / 2, size_px, PATTERN_COLORS[terrain], rng)
    return surf


def variant_of(q: int, r: int) -> int:
    """Deterministic pattern variant for a hex."""
    return (q * 73856093 ^ r * 19349663) % VARIANTS
