"""The New Game page's list of scenarios: one clickable row each (name, turns, dates, difficulty, summary)."""

from __future__ import annotations

import pygame

from malaya.content.scenario_catalog import ScenarioEntry
from malaya.ui.widgets.kit import ACCENT, DIM, PANEL_EDGE, TEXT, draw_text, px, wrap

ROW_H = 84


OWN_MARK = "your own"
BROKEN_FILL = (44, 40, 40)


def entry_facts(entry: ScenarioEntry, dates: str) -> str:
    """``5 turns · 29 Dec 1941 – 12 Jan 1942 · moderate`` (``· your own`` for the player's scenarios)."""
    own = f" · {OWN_MARK}" if entry.own else ""
    if entry.difficulty is None:
        return f"cannot be played{own}"
    return f"{entry.turns} turns · {dates} · {entry.difficulty.value}{own}"


def row_rects(area: pygame.Rect, count: int) -> list[pygame.Rect]:
    """Where each row goes in ``area`` (top down; rows that do not fit are squeezed to the area)."""
    h = min(px(ROW_H), area.height // max(1, count))
    return [pygame.Rect(area.left, area.top + i * h, area.width, h - px(4)) for i in range(count)]


def draw_row(surface: pygame.Surface, rect: pygame.Rect, entry: ScenarioEntry, dates: str, chosen: bool,
             hover: bool) -> None:
    """One scenario's row, framed in the accent colour when chosen."""
    fill = (70, 64, 36) if chosen else (56, 62, 72) if hover else (38, 43, 51)
    if not entry.playable:
        fill = (60, 54, 46) if chosen else BROKEN_FILL
    pygame.draw.rect(surface, fill, rect, border_radius=px(4))
    pygame.draw.rect(surface, ACCENT if chosen else PANEL_EDGE, rect, 1, border_radius=px(4))
    x, y = rect.left + px(8), rect.top + px(4)
    name = entry.name if entry.playable else f"✕ {entry.name}" if entry.scenario is None \
        else f"✕ {entry.name} (folder {entry.path.parent.name})"
    y = draw_text(surface, name, (x, y), 14, ACCENT if chosen else TEXT if entry.playable else DIM, bold=True).bottom
    own = f" · {OWN_MARK}" if entry.own else ""
    facts = entry_facts(entry, dates) if entry.playable or entry.difficulty is None \
        else f"cannot be played · {dates}{own}"
    y = draw_text(surface, facts, (x, y), 12, DIM).bottom
    summary = entry.briefing.summary if entry.briefing is not None and entry.playable else entry.problem or ""
    lines = wrap(summary, 12, rect.width - px(16))
    for i, line in enumerate(lines[:2]):
        more = "…" if i == 1 and len(lines) > 2 else ""
        if y + px(14) <= rect.bottom:
            y = draw_text(surface, line + more, (x, y), 12, TEXT).bottom


def draw_problem(surface: pygame.Surface, area: pygame.Rect, entry: ScenarioEntry) -> None:
    """Where the briefing goes, for a scenario that cannot be played: why, and where its files are."""
    y = draw_text(surface, f"{entry.name} cannot be played", (area.left, area.top), 16, ACCENT, bold=True).bottom
    y += px(8)
    for line in wrap(entry.problem or "", 14, area.width):
        y = draw_text(surface, line, (area.left, y), 14, TEXT).bottom
    y += px(12)
    hint = f"Its files are in {entry.path.parent}. Mend them, or run  malaya check-scenario \"{entry.path.parent}\""
    hint += "  for every problem at once."
    for line in wrap(hint, 13, area.width):
        y = draw_text(surface, line, (area.left, y), 13, DIM).bottom
