"""Generate the map's terrain textures: seamless tiles of noise, canopy, estate rows, marsh and hill shading.

Usage: ``python tools/build_terrain_art.py [--out DIR]``

Writes ``assets/terrain/<terrain>.png`` (relative to DIR, default the repository root):
one ``TILE``-pixel square tile per terrain, seamless (it wraps at its edges), drawn at zoom 1
(a hex is 32 px across its corners). The renderer scales a tile to each zoom level and fills a
terrain's hexes with it. The output is deterministic (fixed seeds, integer colours): running it
twice gives the same pixels. Colours start from ``malaya.render.palette.TERRAIN_COLORS`` so the
flat-fill palette (the Mini-Map, colour-safety checks) and the textures agree.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from malaya.engine.board import Terrain  # noqa: E402
from malaya.render.palette import TERRAIN_COLORS, Color  # noqa: E402

TILE = 256
NOISE = 64
"""Side of the noise field computed in Python; smooth-scaled up to TILE."""
OUT_DIR = Path("assets/terrain")
Field = list[list[float]]


def value_noise(seed: int, cells: int, size: int = NOISE) -> Field:
    """A seamless ``size``² field in [-1, 1]: random values on a ``cells``² wrapping grid, smoothly blended."""
    rng = random.Random(seed)
    grid = [[rng.uniform(-1, 1) for _ in range(cells)] for _ in range(cells)]
    step = cells / size
    out: Field = []
    for y in range(size):
        gy = y * step
        y0, ty = int(gy), _smooth(gy - int(gy))
        row = []
        for x in range(size):
            gx = x * step
            x0, tx = int(gx), _smooth(gx - int(gx))
            a, b = grid[y0 % cells][x0 % cells], grid[y0 % cells][(x0 + 1) % cells]
            c, d = grid[(y0 + 1) % cells][x0 % cells], grid[(y0 + 1) % cells][(x0 + 1) % cells]
            top, bottom = a + (b - a) * tx, c + (d - c) * tx
            row.append(top + (bottom - top) * ty)
        out.append(row)
    return out


def _smooth(t: float) -> float:
    """Smoothstep easing of a blend factor."""
    return t * t * (3 - 2 * t)


def fbm(seed: int, octaves: tuple[int, ...] = (4, 8, 16, 32)) -> Field:
    """Fractal noise: octaves of value noise, each finer one half as strong, in about [-1, 1]."""
    fields = [value_noise(seed + k, cells) for k, cells in enumerate(octaves)]
    weights = [0.5 ** k for k in range(len(octaves))]
    total = sum(weights)
    return [[sum(w * f[y][x] for w, f in zip(weights, fields, strict=True)) / total for x in range(NOISE)]
            for y in range(NOISE)]


def shaded(base: Color, field: Field, strength: float) -> pygame.Surface:
    """A TILE² surface of ``base`` lightened/darkened by ``field`` × ``strength`` (0..1)."""
    small = pygame.Surface((NOISE, NOISE))
    for y, row in enumerate(field):
        for x, v in enumerate(row):
            small.set_at((x, y), _tone(base, 1 + v * strength))
    return _upscale(small)


def _upscale(small: pygame.Surface) -> pygame.Surface:
    """Bilinear-scale a NOISE² wrapping field to TILE², wrapping at the edges (so the tile stays seamless)."""
    n, k = NOISE, TILE // NOISE
    px = [[tuple(small.get_at((x, y)))[:3] for x in range(n)] for y in range(n)]
    big = pygame.Surface((TILE, TILE))
    for y in range(TILE):
        fy = (y + 0.5) / k - 0.5
        y0, ty = math.floor(fy), fy - math.floor(fy)
        top, bottom = px[y0 % n], px[(y0 + 1) % n]
        for x in range(TILE):
            fx = (x + 0.5) / k - 0.5
            x0, tx = math.floor(fx), fx - math.floor(fx)
            a, b, c, d = top[x0 % n], top[(x0 + 1) % n], bottom[x0 % n], bottom[(x0 + 1) % n]
            big.set_at((x, y), tuple(round((a[i] * (1 - tx) + b[i] * tx) * (1 - ty)
                                           + (c[i] * (1 - tx) + d[i] * tx) * ty) for i in range(3)))
    return big


def _tone(color: Color, factor: float) -> Color:
    """``color`` scaled by ``factor``, clamped to 0..255."""
    r, g, b = (max(0, min(255, round(c * factor))) for c in color)
    return r, g, b


def _wrapped(draw: Callable[[float, float], None], x: float, y: float, reach: float) -> None:
    """Call ``draw`` at (x, y) and at its copies across the tile's edges that ``reach`` could touch."""
    for dx in (-TILE, 0, TILE):
        for dy in (-TILE, 0, TILE):
            if -reach <= x + dx <= TILE + reach and -reach <= y + dy <= TILE + reach:
                draw(x + dx, y + dy)


def clear(seed: int) -> pygame.Surface:
    """Open country: soft patches of field and grass."""
    return shaded(TERRAIN_COLORS[Terrain.CLEAR], fbm(seed, (4, 8, 16)), 0.07)


def jungle(seed: int) -> pygame.Surface:
    """Closed canopy: crowded tree crowns, each lit from the north-west with a shadow to the south-east."""
    base = TERRAIN_COLORS[Terrain.JUNGLE]
    surf = shaded(_tone(base, 0.82), fbm(seed), 0.12)
    rng = random.Random(seed)
    for _ in range(520):
        x, y, r = rng.uniform(0, TILE), rng.uniform(0, TILE), rng.uniform(3.2, 6.5)
        crown = _tone(base, rng.uniform(0.92, 1.12))

        def tree(px: float, py: float, r: float = r, crown: Color = crown) -> None:
            pygame.draw.circle(surf, _tone(base, 0.62), (px + r * 0.35, py + r * 0.4), r)
            pygame.draw.circle(surf, crown, (px, py), r)
            pygame.draw.circle(surf, _tone(crown, 1.16), (px - r * 0.35, py - r * 0.35), r * 0.45)

        _wrapped(tree, x, y, 8)
    return surf


def plantation(seed: int) -> pygame.Surface:
    """Rubber and oil-palm estates: straight rows of trees over lighter ground."""
    base = TERRAIN_COLORS[Terrain.PLANTATION]
    surf = shaded(_tone(base, 1.04), fbm(seed, (4, 8, 16)), 0.06)
    rng = random.Random(seed)
    dark, lit = _tone(base, 0.66), _tone(base, 0.84)
    for row in range(TILE // 8):
        y = row * 8 + 4
        for col in range(TILE // 8):
            if rng.random() < 0.08:
                continue
            x = col * 8 + (4 if row % 2 else 0)
            _wrapped(lambda px, py: (pygame.draw.circle(surf, dark, (px + 1, py + 1), 2.6),
                                     pygame.draw.circle(surf, lit, (px, py), 2.2)), x, y, 4)
    return surf


def swamp(seed: int) -> pygame.Surface:
    """Marsh: standing water in pools and channels between reed beds."""
    base = TERRAIN_COLORS[Terrain.SWAMP]
    surf = shaded(base, fbm(seed), 0.09)
    rng = random.Random(seed)
    water, reed = (128, 160, 170), _tone(base, 0.62)
    for _ in range(70):
        x, y = rng.uniform(0, TILE), rng.uniform(0, TILE)
        w, h = rng.uniform(8, 20), rng.uniform(3, 6)
        _wrapped(lambda px, py, w=w, h=h: pygame.draw.ellipse(surf, water, (px - w / 2, py - h / 2, w, h)), x, y, 12)
    for _ in range(160):
        x, y = rng.uniform(0, TILE), rng.uniform(0, TILE)

        def reeds(px: float, py: float) -> None:
            for dx, hgt in ((-2, 4), (0, 6), (2, 4)):
                pygame.draw.line(surf, reed, (px + dx, py), (px + dx * 1.4, py - hgt), 1)

        _wrapped(reeds, x, y, 8)
    return surf


def mountain(seed: int) -> pygame.Surface:
    """Hills and mountains: a ridged relief of our own, hill-shaded from the north-west."""
    ridged = [[1 - 2 * abs(v) for v in row] for row in fbm(seed, (4, 8, 16, 32))]
    shade = _hillshade(ridged, relief=9.0)
    base = TERRAIN_COLORS[Terrain.MOUNTAIN]
    small = pygame.Surface((NOISE, NOISE))
    for y in range(NOISE):
        for x in range(NOISE):
            small.set_at((x, y), _tone(base, 0.72 + 0.5 * shade[y][x] + 0.06 * ridged[y][x]))
    return _upscale(small)


def _hillshade(height: Field, relief: float) -> Field:
    """Lambertian shading in 0..1 of a wrapping height field lit from the north-west, 45° up."""
    n = len(height)
    lx, ly, lz = -1 / math.sqrt(3), -1 / math.sqrt(3), 1 / math.sqrt(3)
    out: Field = []
    for y in range(n):
        row = []
        for x in range(n):
            dx = (height[y][(x + 1) % n] - height[y][x - 1]) * relief / 2
            dy = (height[(y + 1) % n][x] - height[y - 1][x]) * relief / 2
            norm = math.sqrt(dx * dx + dy * dy + 1)
            row.append(max(0.0, (-dx * lx - dy * ly + lz) / norm))
        out.append(row)
    return out


def settled(terrain: Terrain) -> Callable[[int], pygame.Surface]:
    """Towns, cities and fortresses: a fine grain only (their buildings are drawn per hex)."""
    return lambda seed: shaded(TERRAIN_COLORS[terrain], fbm(seed, (8, 16, 32)), 0.04)


def sea(seed: int) -> pygame.Surface:
    """Open water: slow swells."""
    return shaded(TERRAIN_COLORS[Terrain.SEA], fbm(seed, (4, 8, 16)), 0.035)


MAKERS: dict[Terrain, Callable[[int], pygame.Surface]] = {
    Terrain.CLEAR: clear,
    Terrain.JUNGLE: jungle,
    Terrain.PLANTATION: plantation,
    Terrain.SWAMP: swamp,
    Terrain.MOUNTAIN: mountain,
    Terrain.TOWN: settled(Terrain.TOWN),
    Terrain.CITY: settled(Terrain.CITY),
    Terrain.FORTRESS: settled(Terrain.FORTRESS),
    Terrain.SEA: sea,
}


def make_tile(terrain: Terrain) -> pygame.Surface:
    """The texture tile of one terrain (deterministic)."""
    return MAKERS[terrain](1941 + 17 * list(Terrain).index(terrain))


def build(out: Path) -> list[Path]:
    """Write every terrain's tile under ``out``; the files written."""
    folder = out / OUT_DIR
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for terrain in MAKERS:
        path = folder / f"{terrain.value}.png"
        pygame.image.save(make_tile(terrain), str(path))
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT, help="output root (default: the repository)")
    args = parser.parse_args(argv)
    for path in build(args.out):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
