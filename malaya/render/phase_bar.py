"""The top bar: turn, date, phasing side, phase and the End Phase button (display only)."""

from __future__ import annotations

import pygame

from malaya.render.fonts import font
from malaya.session.views import PhaseStatus
from malaya.session.words.catalog import say

END_PHASE = say("battle.end_phase")
"""The button's label (read once, not in every frame)."""

BAR_HEIGHT = 40
BAR_BG = (38, 44, 52)
BAR_LINE = (90, 100, 112)
TEXT = (236, 236, 228)
DIM_TEXT = (170, 176, 184)
SIDE_COLORS = {"JP": (246, 218, 72), "CW": (206, 184, 128)}
BUTTON = (40, 92, 50)
BUTTON_DISABLED = (58, 62, 68)
REASON = (255, 170, 120)
BUTTON_W = 120


def draw_phase_bar(surface: pygame.Surface, status: PhaseStatus) -> pygame.Rect:
    """Draw the bar across the top of ``surface``; returns the End Phase button rectangle."""
    w = surface.get_width()
    surface.fill(BAR_BG, (0, 0, w, BAR_HEIGHT))
    pygame.draw.line(surface, BAR_LINE, (0, BAR_HEIGHT - 1), (w, BAR_HEIGHT - 1))
    x = 12
    x = _item(surface, x, "Turn", str(status.turn))
    x = _item(surface, x, "", status.date)
    x = _side_chip(surface, x, status.side)
    x = _item(surface, x, "Phase", status.phase.replace("_", " ").title())
    button = pygame.Rect(w - BUTTON_W - 10, 6, BUTTON_W, BAR_HEIGHT - 12)
    _button(surface, button, status.end_phase_reason)
    if status.end_phase_reason:
        img = font(13).render(status.end_phase_reason, True, REASON)
        right = button.left - 12
        if right - img.get_width() > x:
            surface.blit(img, img.get_rect(midright=(right, BAR_HEIGHT // 2)))
    return button


def _item(surface: pygame.Surface, x: int, label: str, value: str) -> int:
    """A dim label followed by a bright value; returns the next x."""
    mid = BAR_HEIGHT // 2
    if label:
        img = font(13).render(label, True, DIM_TEXT)
        surface.blit(img, img.get_rect(midleft=(x, mid)))
        x += img.get_width() + 6
    img = font(16, True).render(value, True, TEXT)
    surface.blit(img, img.get_rect(midleft=(x, mid)))
    return x + img.get_width() + 22


def _side_chip(surface: pygame.Surface, x: int, side: str) -> int:
    """The phasing side as a coloured chip; returns the next x."""
    img = font(15, True).render(side, True, (16, 16, 16))
    chip = pygame.Rect(x, 8, img.get_width() + 18, BAR_HEIGHT - 16)
    pygame.draw.rect(surface, SIDE_COLORS.get(side.upper(), (200, 200, 200)), chip, border_radius=4)
    surface.blit(img, img.get_rect(center=chip.center))
    return chip.right + 22


def _button(surface: pygame.Surface, rect: pygame.Rect, reason: str | None) -> None:
    """The End Phase button, greyed out when a reason blocks it."""
    enabled = not reason
    pygame.draw.rect(surface, BUTTON if enabled else BUTTON_DISABLED, rect, border_radius=5)
    pygame.draw.rect(surface, BAR_LINE, rect, 1, border_radius=5)
    img = font(15, True).render(END_PHASE, True, TEXT if enabled else DIM_TEXT)
    surface.blit(img, img.get_rect(center=rect.center))
