"""Stand-ins for map chunks not drawn yet: another zoom level's cached chunks, scaled.

When the view moves to a zoom level whose chunks are not cached, the renderer draws
them a few per frame (see :meth:`~malaya.render.map_painter.MapRenderer.draw`); until
then, :func:`draw_backdrop` fills the screen from the cached chunks of the nearest zoom
level that has any, stretched to the new scale, so the player sees the map at once,
slightly soft for a few frames, instead of a hitch.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import pygame

ChunkKey = tuple[float, bool, int, int]  # zoom, grid, chunk column, chunk row


def nearest_source(keys: Iterable[ChunkKey], zoom: float, grid: bool) -> tuple[float, bool] | None:
    """The cached (zoom, grid) level closest to ``zoom`` in scale, other than the one being drawn.

    The same zoom with the grid toggled is nearest of all; between equally near levels the same grid state wins.
    """
    here = (round(zoom, 4), grid)
    levels = {k[:2] for k in keys if k[:2] != here}
    return min(levels, key=lambda lv: (abs(math.log(lv[0] / zoom)), lv[1] != grid), default=None)


def draw_backdrop(target: pygame.Surface, chunks: dict[ChunkKey, pygame.Surface], source: tuple[float, bool],
                  zoom: float, origin: tuple[int, int], chunk_px: int) -> int:
    """Blit every cached chunk of zoom level ``source`` that lands on ``target``, scaled to ``zoom``; how many."""
    k = zoom / source[0]
    ox, oy = origin
    w, h = target.get_size()
    drawn = 0
    for key, surf in chunks.items():
        if key[:2] != source:
            continue
        x0, y0 = math.floor(key[2] * chunk_px * k) - ox, math.floor(key[3] * chunk_px * k) - oy
        x1, y1 = math.floor((key[2] + 1) * chunk_px * k) - ox, math.floor((key[3] + 1) * chunk_px * k) - oy
        if x1 <= 0 or y1 <= 0 or x0 >= w or y0 >= h:
            continue
        target.blit(pygame.transform.scale(surf, (x1 - x0, y1 - y0)), (x0, y0))
        drawn += 1
    return drawn
