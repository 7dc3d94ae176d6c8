"""The Combat Panel's chances: one bar per possible CRT result, its code spelled out, a hover explains it (R12.11)."""

from __future__ import annotations

from fractions import Fraction

import pygame

from malaya.engine import DifferenceCrt, RatioCrt
from malaya.render.fonts import font
from malaya.ui.panels.crt_words import explain_result, spell_result
from malaya.ui.widgets.kit import ACCENT, TEXT, draw_text, px, wrap

BAR_SIZE = 11
ATTACKER_BAR = (150, 74, 64)
DEFENDER_BAR = (70, 120, 82)

BarRow = tuple[str, Fraction, list[str], str, int]
"""(code, probability, the spelled-out lines, the hover explanation, height in pixels)."""


def percent(p: Fraction) -> str:
    """``17%`` (whole percent, never 0% for a possible result)."""
    return f"{max(1, round(float(p) * 100))}%"


def bar_rows(crt: RatioCrt | DifferenceCrt, chances: tuple[tuple[str, Fraction], ...], width: int) -> list[BarRow]:
    """Each possible result's row: its spelled-out text wrapped beside room for the percentage."""
    step = font(px(BAR_SIZE)).get_linesize()
    rows: list[BarRow] = []
    for code, p in chances:
        result = crt.results[code]
        lines = wrap(spell_result(code, result), BAR_SIZE, width - px(44))
        rows.append((code, p, lines, explain_result(code, result), len(lines) * step + px(3)))
    return rows


def draw_result_bars(surface: pygame.Surface, rect: pygame.Rect, rows: list[BarRow],
                     mouse: tuple[int, int]) -> str | None:
    """Draw the bars top down in ``rect``; the explanation of the row under the mouse, if any."""
    step = font(px(BAR_SIZE)).get_linesize()
    y, tip = rect.top, None
    for code, p, lines, explanation, h in rows:
        row = pygame.Rect(rect.left, y, rect.width, h - px(2))
        fill = pygame.Rect(row.left, row.top, max(px(2), round(row.width * float(p))), row.height)
        pygame.draw.rect(surface, (34, 38, 46), row, border_radius=px(2))
        pygame.draw.rect(surface, ATTACKER_BAR if code.startswith("A") else DEFENDER_BAR, fill, border_radius=px(2))
        hover = row.collidepoint(mouse)
        for i, line in enumerate(lines):
            draw_text(surface, line, (row.left + px(4), row.top + i * step), BAR_SIZE, ACCENT if hover else TEXT)
        draw_text(surface, percent(p), (row.right - px(4), row.top), BAR_SIZE, TEXT, bold=True, anchor="topright")
        if hover:
            tip = explanation
        y += h
    return tip
