"""Cached fonts: a system sans (DejaVu/Liberation/Arial) or pygame's bundled default."""

from __future__ import annotations

from functools import lru_cache

import pygame

_FAMILIES = "dejavusans,liberationsans,arial,helvetica,freesans"


@lru_cache(maxsize=128)
def font(px: int, bold: bool = False) -> pygame.font.Font:
    """A sans-serif font of ``px`` pixels, cached (initialises pygame.font if needed)."""
    if not pygame.font.get_init():
        pygame.font.init()
    px = max(6, int(px))
    try:
        return pygame.font.SysFont(_FAMILIES, px, bold=bold)
    except Exception:  # any font lookup failure falls back to the bundled font
        f = pygame.font.Font(None, round(px * 1.3))
        f.set_bold(bold)
        return f


def halo_text(text: str, px: int, color: tuple[int, int, int], halo: tuple[int, int, int],
              bold: bool = False, halo_px: int = 1) -> pygame.Surface:
    """Text with a ``halo_px``-pixel outline in ``halo``, on a transparent surface."""
    f = font(px, bold)
    inner = f.render(text, True, color)
    outer = f.render(text, True, halo)
    w, h = inner.get_size()
    k = halo_px
    out = pygame.Surface((w + 2 * k, h + 2 * k), pygame.SRCALPHA)
    for dx in range(2 * k + 1):
        for dy in range(2 * k + 1):
            if (dx, dy) != (k, k) and (dx - k) ** 2 + (dy - k) ** 2 <= k * k + 1:
                out.blit(outer, (dx, dy))
    out.blit(inner, (k, k))
    return out
