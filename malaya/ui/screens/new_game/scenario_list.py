"""The New Game page's list of scenarios: one clickable row each (name, turns, dates, difficulty, summary)."""

from __future__ import annotations

import pygame

from malaya.content.scenario_catalog import ScenarioEntry
from malaya.ui.widgets.kit import ACCENT, DIM, PANEL_EDGE, TEXT, draw_text, px, wrap

ROW_H = 84


def entry_facts(entry: ScenarioEntry, dates: str) -> str:
    """``5 turns · 29 Dec 1941 – 12 Jan 1942 · moderate``."""
    return f"{entry.turns} turns · {dates} · {entry.difficulty.value}"


def row_rects(area: pygame.Rect, count: int) -> list[pygame.Rect]:
    """Where each row goes in ``area`` (top down; rows that do not fit are squeezed to the area)."""
    h = min(px(ROW_H), area.height // max(1, count))
    return [pygame.Rect(area.left, area.top + i * h, area.width, h - px(4)) for i in range(count)]


def draw_row(surface: pygame.Surface, rect: pygame.Rect, entry: ScenarioEntry, dates: str, chosen: bool,
             hover: bool) -> None:
    """One scenario's row, framed in the accent colour when chosen."""
    fill = (70, 64, 36) if chosen else (56, 62, 72) if hover else (38, 43, 51)
    pygame.draw.rect(surface, fill, rect, border_radius=px(4))
    pygame.draw.rect(surface, ACCENT if chosen else PANEL_EDGE, rect, 1, border_radius=px(4))
    x, y = rect.left + px(8), rect.top + px(4)
    y = draw_text(surface, entry.name, (x, y), 14, ACCENT if chosen else TEXT, bold=True).bottom
    y = draw_text(surface, entry_facts(entry, dates), (x, y), 12, DIM).bottom
    summary = entry.briefing.summary if entry.briefing is not None else ""
    lines = wrap(summary, 12, rect.width - px(16))
    for i, line in enumerate(lines[:2]):
        more = "…" if i == 1 and len(lines) > 2 else ""
        if y + px(14) <= rect.bottom:
            y = draw_text(surface, line + more, (x, y), 12, TEXT).bottom
