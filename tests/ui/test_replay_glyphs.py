"""Replay transport buttons use arrow glyphs the UI font draws, not ASCII ``<<`` (issue 13 item 5)."""

from __future__ import annotations

import pygame

from malaya.render.fonts import font
from malaya.ui.panels.replay_panel import PHASES, TRANSPORT

ARROWS = "◀▶"


def test_given_the_replay_transport_then_its_labels_use_triangles_not_ascii_arrows() -> None:
    """Given the transport and phase buttons, then no label has < or > and the stepping ones show a triangle."""
    labels = [label for _, label in (*TRANSPORT, *PHASES)]
    assert not any(c in label for label in labels for c in "<>")
    assert sum(any(a in label for a in ARROWS) for label in labels) == len(labels) - 1  # all but Play


def test_given_the_ui_font_then_it_has_the_triangle_glyphs() -> None:
    """Given the UI font, then ◀ and ▶ are real glyphs of their own width, not the missing-glyph box."""
    f = font(15, bold=True)
    missing = pygame.image.tobytes(f.render("\ue000", False, (255, 255, 255)), "RGB")  # a code point no font draws
    for arrow in ARROWS:
        assert pygame.image.tobytes(f.render(arrow, False, (255, 255, 255)), "RGB") != missing
