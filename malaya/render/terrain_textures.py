"""Textured terrain: the generated tiles (``tools/build_terrain_art.py``) scaled per zoom, stencilled into hexes.

A tile is drawn at zoom 1 and wraps at its edges; at zoom ``z`` it is smooth-scaled once to
``TILE·z`` pixels and cached. A chunk fills all hexes of one terrain in three blits: the tile
repeated over a scratch surface (aligned to global zoomed pixels, so chunks join seamlessly),
a stencil with the hexes cut out laid over it, and the result blitted with the stencil's
outside colour keyed away.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache

import pygame

from malaya.engine import Terrain
from malaya.resources import assets_dir

TILE = 256
OUTSIDE = (255, 0, 255)
"""Stencil colour outside the hexes (no texture uses pure magenta)."""
INSIDE = (0, 0, 0)

Polygon = Sequence[tuple[int, int]]


@cache
def _tile(terrain: Terrain) -> pygame.Surface:
    """The zoom-1 texture tile of a terrain, as shipped."""
    return pygame.image.load(str(assets_dir() / "terrain" / f"{terrain.value}.png"))


@lru_cache(maxsize=128)
def scaled_tile(terrain: Terrain, zoom: float) -> pygame.Surface:
    """The tile at ``zoom`` (cached per zoom level)."""
    side = max(8, round(TILE * zoom))
    tile = pygame.transform.smoothscale(_tile(terrain), (side, side))
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return tile.convert()
    return tile


class Stenciller:
    """Scratch surfaces of one chunk size, reused for every terrain fill."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.texture = pygame.Surface((size, size))
        self.stencil = pygame.Surface((size, size))
        self.stencil.set_colorkey(INSIDE)

    def fill(self, target: pygame.Surface, terrain: Terrain, zoom: float, origin: tuple[int, int],
             polygons: Sequence[Polygon]) -> None:
        """Paint ``terrain``'s texture into ``polygons`` (chunk pixels) of ``target`` at global ``origin``."""
        if not polygons:
            return
        self._tile_over(scaled_tile(terrain, zoom), origin)
        self.stencil.fill(OUTSIDE)
        for poly in polygons:
            pygame.draw.polygon(self.stencil, INSIDE, poly)
        self.texture.blit(self.stencil, (0, 0))
        self.texture.set_colorkey(OUTSIDE)
        target.blit(self.texture, (0, 0))
        self.texture.set_colorkey(None)

    def _tile_over(self, tile: pygame.Surface, origin: tuple[int, int]) -> None:
        """Repeat ``tile`` over the scratch surface, aligned to global pixels."""
        side = tile.get_width()
        x0, y0 = -(origin[0] % side), -(origin[1] % side)
        for y in range(y0, self.size, side):
            for x in range(x0, self.size, side):
                self.texture.blit(tile, (x, y))


@lru_cache(maxsize=4)
def stenciller(size: int) -> Stenciller:
    """The shared scratch surfaces for chunks of ``size`` pixels."""
    return Stenciller(size)
