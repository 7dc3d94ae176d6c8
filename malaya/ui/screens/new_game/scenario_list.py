"""The New Game page's list of scenarios: one clickable row each (name, turns, dates, difficulty, summary).

Rows keep their height; when there are more scenarios than fit (the player's own beside the bundled ones),
the list scrolls (:class:`ListWindow`) and a cue above and below says how many rows are out of sight.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from malaya.content.scenario_catalog import ScenarioEntry
from malaya.session.words.catalog import say
from malaya.session.words.content_words import said_text
from malaya.ui.widgets.kit import ACCENT, DIM, PANEL_EDGE, TEXT, draw_text, px, wrap

ROW_H = 84


BROKEN_FILL = (44, 40, 40)


def entry_facts(entry: ScenarioEntry, dates: str) -> str:
    """``5 turns · 29 Dec 1941 – 12 Jan 1942 · moderate`` (``· your own`` for the player's scenarios)."""
    if entry.difficulty is None:
        return say("scenario_list.cannot_be_played_own" if entry.own else "scenario_list.cannot_be_played")
    key = "scenario_list.facts_own" if entry.own else "scenario_list.facts"
    return say(key, turns=entry.turns, dates=dates, difficulty=entry.difficulty.value)


CUE_H = 18
"""Room for the scroll cue above and below the rows (scaled)."""


@dataclass
class ListWindow:
    """Which rows of a long list are shown: the first one, and how many fit (set each time it is drawn)."""

    top: int = 0
    fit: int = 1

    def place(self, area: pygame.Rect, count: int) -> tuple[list[pygame.Rect], pygame.Rect, pygame.Rect]:
        """The rects of the shown rows (from row ``top``) in ``area``, and where the cues above and below go."""
        whole = area.height // px(ROW_H)
        rows_area = area if count <= whole else area.inflate(0, -2 * px(CUE_H))
        self.fit = max(1, rows_area.height // px(ROW_H))
        self.top = max(0, min(self.top, count - self.fit))
        shown = min(self.fit, count - self.top)
        rects = [pygame.Rect(area.left, rows_area.top + i * px(ROW_H), area.width, px(ROW_H) - px(4))
                 for i in range(shown)]
        above = pygame.Rect(area.left, area.top, area.width, px(CUE_H))
        below = pygame.Rect(area.left, rows_area.top + shown * px(ROW_H), area.width, px(CUE_H))
        return rects, above, below

    def reveal(self, index: int) -> None:
        """Scroll just enough that row ``index`` is shown."""
        self.top = min(max(self.top, index - self.fit + 1), index)

    def scroll(self, rows: int, count: int) -> None:
        """Scroll by ``rows`` (negative: up), within the list."""
        self.top = max(0, min(self.top + rows, count - self.fit))

    def hidden(self, count: int) -> tuple[int, int]:
        """How many rows are above and below the shown ones."""
        return self.top, max(0, count - self.top - self.fit)


def draw_cues(surface: pygame.Surface, above: pygame.Rect, below: pygame.Rect, hidden: tuple[int, int]) -> None:
    """``▲ 3 more above`` and ``▼ 12 more below`` (with the keys that scroll) where rows are out of sight."""
    up, down = hidden
    if up:
        draw_text(surface, say("scenario_list.more_above_wheel_pgup_home", up=up), above.midleft, 12, ACCENT,
                  anchor="midleft")
    if down:
        draw_text(surface, say("scenario_list.more_below_wheel_pgdn_end", down=down), below.midleft, 12, ACCENT,
                  anchor="midleft")


def draw_row(surface: pygame.Surface, rect: pygame.Rect, entry: ScenarioEntry, dates: str, chosen: bool,
             hover: bool) -> None:
    """One scenario's row, framed in the accent colour when chosen."""
    fill = (70, 64, 36) if chosen else (56, 62, 72) if hover else (38, 43, 51)
    if not entry.playable:
        fill = (60, 54, 46) if chosen else BROKEN_FILL
    pygame.draw.rect(surface, fill, rect, border_radius=px(4))
    pygame.draw.rect(surface, ACCENT if chosen else PANEL_EDGE, rect, 1, border_radius=px(4))
    x, y = rect.left + px(8), rect.top + px(4)
    name = entry.name if entry.playable else say("scenario_list.broken", name=entry.name) if entry.scenario is None \
        else say("scenario_list.folder", name=entry.name, folder=entry.path.parent.name)
    y = draw_text(surface, name, (x, y), 14, ACCENT if chosen else TEXT if entry.playable else DIM, bold=True).bottom
    unplayable = "scenario_list.cannot_be_played_dates_own" if entry.own else "scenario_list.cannot_be_played_dates"
    facts = entry_facts(entry, dates) if entry.playable or entry.difficulty is None else say(unplayable, dates=dates)
    y = draw_text(surface, facts, (x, y), 12, DIM).bottom
    summary = entry.briefing.summary if entry.briefing is not None and entry.playable else _why(entry)
    lines = wrap(summary, 12, rect.width - px(16))
    for i, line in enumerate(lines[:2]):
        more = "…" if i == 1 and len(lines) > 2 else ""
        if y + px(14) <= rect.bottom:
            y = draw_text(surface, line + more, (x, y), 12, TEXT).bottom


def _why(entry: ScenarioEntry) -> str:
    """Why the scenario cannot be played, in words ("" when it can)."""
    return "" if entry.problem is None else said_text(entry.problem)


def draw_problem(surface: pygame.Surface, area: pygame.Rect, entry: ScenarioEntry) -> None:
    """Where the briefing goes, for a scenario that cannot be played: why, and where its files are."""
    title = say("scenario_list.name_cannot_be_played", name=entry.name)
    y = draw_text(surface, title, (area.left, area.top), 16, ACCENT, bold=True).bottom
    y += px(8)
    for line in wrap(_why(entry), 14, area.width):
        y = draw_text(surface, line, (area.left, y), 14, TEXT).bottom
    y += px(12)
    hint = say("scenario_list.mend_hint", folder=entry.path.parent)
    for line in wrap(hint, 13, area.width):
        y = draw_text(surface, line, (area.left, y), 13, DIM).bottom
