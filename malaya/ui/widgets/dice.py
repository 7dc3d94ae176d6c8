"""A six-sided die drawn with pips, and the one-line roll summary (R12.5, R12.10 step 5)."""

from __future__ import annotations

import pygame

from malaya.ui.widgets.kit import ACCENT, TEXT, draw_text, px

PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}
FACE = (250, 248, 236)
INK = (20, 20, 20)


def draw_die(surface: pygame.Surface, rect: pygame.Rect, value: int) -> None:
    """A white die face showing ``value`` (1–6) with black pips, framed."""
    pygame.draw.rect(surface, (10, 10, 10), rect.move(2, 2), border_radius=max(2, rect.width // 6))
    pygame.draw.rect(surface, FACE, rect, border_radius=max(2, rect.width // 6))
    pygame.draw.rect(surface, INK, rect, 2, border_radius=max(2, rect.width // 6))
    r = max(2, rect.width // 10)
    for fx, fy in PIPS.get(value, ()):
        pygame.draw.circle(surface, INK, (rect.left + round(fx * rect.width), rect.top + round(fy * rect.height)), r)


def draw_roll(surface: pygame.Surface, topleft: tuple[int, int], die: int, modifier: int, modified: int,
              result: str, size: int = 34) -> pygame.Rect:
    """The die face, then the modified roll and result beside it; returns the area used."""
    face = pygame.Rect(topleft[0], topleft[1], px(size), px(size))
    draw_die(surface, face, die)
    x = face.right + px(8)
    top = draw_text(surface, f"{die} {modifier:+d} = {modified}", (x, face.top), 13, TEXT, bold=True)
    draw_text(surface, f"→ {result}", (x, top.bottom), 15, ACCENT, bold=True)
    return face.union(pygame.Rect(x, face.top, px(110), face.height))
