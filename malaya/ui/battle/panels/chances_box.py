"""The small box of win chances in the map's top right corner under the VP box (issue 29, solo games, when on)."""

from __future__ import annotations

import pygame

from malaya.render.phase_bar import SIDE_COLORS
from malaya.session.words.catalog import say
from malaya.ui.widgets.kit import DIM, PANEL_EDGE, TEXT, WARN, draw_text, px

WORKING = say("chances_box.working")
"""What the box says while the chances are being worked out."""


def draw_chances_box(surface: pygame.Surface, box: pygame.Rect, heading: str, parts: list[tuple[str, str]],
                     mouse: tuple[int, int]) -> None:
    """``heading`` over ``parts`` (text and the side whose colour it takes: "JP", "CW", "" plain, "!" a
    warning) in the framed ``box`` (lighter when hovered)."""
    hover = box.collidepoint(mouse)
    pygame.draw.rect(surface, (52, 58, 70) if hover else (40, 45, 54), box, border_radius=px(5))
    pygame.draw.rect(surface, PANEL_EDGE, box, 1, border_radius=px(5))
    draw_text(surface, heading, (box.left + px(8), box.top + px(10)), 12, DIM, anchor="midleft")
    x = box.left + px(8)
    for text, side in parts:
        color = WARN if side == "!" else SIDE_COLORS.get(side, TEXT)
        x = draw_text(surface, text, (x, box.bottom - px(11)), 12, color, bold=bool(side) and side != "!",
                      anchor="midleft").right
