"""The battle screen's top bar and banner (the screen decides what to show)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from malaya.render.phase_bar import SIDE_COLORS
from malaya.session.views import PhaseStatus
from malaya.ui.widgets.kit import (
    BG,
    DIM,
    PANEL_EDGE,
    TEXT,
    WARN,
    Button,
    draw_text,
    px,
    text_surface,
)


def draw_bar(surface: pygame.Surface, rect: pygame.Rect, status: PhaseStatus, buttons: Sequence[Button],
             end_phase: Button, mouse: tuple[int, int]) -> None:
    """Turn, date, side chip, phase; tool buttons; End Phase at the right with its reason."""
    surface.fill(BG, rect)
    pygame.draw.line(surface, PANEL_EDGE, rect.bottomleft, rect.bottomright)
    mid = rect.centery
    x = rect.left + px(12)
    for label, value in (("Turn", str(status.turn)), ("", status.date)):
        if label:
            x = draw_text(surface, label, (x, mid), 13, DIM, anchor="midleft").right + px(6)
        x = draw_text(surface, value, (x, mid), 16, TEXT, bold=True, anchor="midleft").right + px(18)
    img = text_surface(status.side, 15, (16, 16, 16), bold=True)
    chip = pygame.Rect(x, rect.top + px(8), img.get_width() + px(18), rect.height - px(16))
    pygame.draw.rect(surface, SIDE_COLORS.get(status.side, (200, 200, 200)), chip, border_radius=px(4))
    surface.blit(img, img.get_rect(center=chip.center))
    x = chip.right + px(18)
    x = draw_text(surface, status.phase.replace("_", " ").title(), (x, mid), 16, TEXT, bold=True,
                  anchor="midleft").right + px(18)
    bh = rect.height - px(12)
    end_phase.rect = pygame.Rect(rect.right - px(130), rect.top + px(6), px(120), bh)
    bx = x
    for b in buttons:
        w = text_surface(b.label, b.size, bold=True).get_width() + px(18)
        b.rect = pygame.Rect(bx, rect.top + px(6), w, bh)
        bx += w + px(6)
    for b in [*buttons, end_phase]:
        b.draw(surface, mouse)
    if end_phase.reason:
        reason = _fit(end_phase.reason, end_phase.rect.left - px(12) - bx)
        if reason:
            draw_text(surface, reason, (end_phase.rect.left - px(10), mid), 12, WARN, anchor="midright")


def _fit(text: str, width: int) -> str:
    """``text`` shortened with an ellipsis to fit ``width`` pixels ("" if nothing fits)."""
    if width < px(40):
        return ""
    while text and text_surface(text, 12).get_width() > width:
        text = text[:-2].rstrip() + "…" if len(text) > 2 else ""
        text = text.replace("……", "…")
    return text


def draw_banner(surface: pygame.Surface, rect: pygame.Rect, text: str) -> None:
    """A strip across the top of the map area (e.g. "the computer is playing")."""
    img = text_surface(text, 14, TEXT, bold=True)
    box = pygame.Rect(0, 0, img.get_width() + px(24), img.get_height() + px(10))
    box.midtop = (rect.centerx, rect.top + px(8))
    pygame.draw.rect(surface, (24, 26, 30), box, border_radius=px(6))
    pygame.draw.rect(surface, WARN, box, 2, border_radius=px(6))
    surface.blit(img, img.get_rect(center=box.center))
