"""The Load page (and the Replay page): save slots and autosaves, newest first, as a table.

Each row shows the slot's name, scenario, turn, side and date; files that cannot be read are
listed with their one-line reason. Clicking a row loads that game (Load) or opens it in the
replay viewer (Replay). A file that fails to load gives a message here — nothing on disk
changes and the client never crashes.
"""

from __future__ import annotations

import datetime
from pathlib import Path

import pygame

from malaya.persistence import SlotInfo, list_slots
from malaya.persistence.autosave import autosave_dir
from malaya.ui.app.flow import open_replay, open_saved_game
from malaya.ui.app.intents import LoadPurpose, Pop, Problem, Transition
from malaya.ui.app.stack import App, Screen
from malaya.ui.widgets.kit import ACCENT, BG, DIM, TEXT, WARN, Button, draw_panel, draw_text, px
from malaya.ui.widgets.layout import Layout

ROW = 26
COLUMNS = (("Name", 0.0), ("Scenario", 0.36), ("Turn", 0.51), ("Side", 0.70), ("Saved", 0.78))


def slot_date(text: str) -> str:
    """An ISO save time as local ``YYYY-MM-DD HH:MM`` (the text itself if it is not one)."""
    try:
        when = datetime.datetime.fromisoformat(text)
    except ValueError:
        return text[:19]
    if when.tzinfo is not None:
        when = when.astimezone()
    return when.strftime("%Y-%m-%d %H:%M")


def gather() -> tuple[list[tuple[str, SlotInfo]], list[str]]:
    """(section, slot) rows — saves, then autosaves — and one line per unreadable file."""
    rows: list[tuple[str, SlotInfo]] = []
    problems: list[str] = []
    for section, folder in (("Saves", None), ("Autosaves", "auto")):
        try:
            listing = list_slots(autosave_dir() if folder else None)
        except Exception as exc:  # a broken data folder must not break the menu
            problems.append(f"Cannot list the {section.lower()}: {exc}")
            continue
        rows += [(section, slot) for slot in listing.slots]
        problems += [f"Unreadable: {reason}" for _, reason in listing.unreadable]
    return rows, problems


class LoadScreen(Screen):
    """See module docstring."""

    def __init__(self, purpose: LoadPurpose = LoadPurpose.LOAD) -> None:
        self.purpose = purpose
        self.back = Button("Back", size=16)
        self.page = pygame.Rect(0, 0, 0, 0)
        self.rows: list[tuple[pygame.Rect, SlotInfo]] = []
        self.slots, self.problems = gather()
        self.scroll = 0
        self.message: str | None = None

    @property
    def title(self) -> str:
        """The page title."""
        return "Load a game" if self.purpose is LoadPurpose.LOAD else "Replay a game"

    def handle(self, event: pygame.event.Event, app: App) -> Transition | None:
        """Click a row to open it; the wheel scrolls; Back/Esc returns."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return Pop()
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(len(self.slots) - 1, self.scroll - event.y * 3))
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.back.hit(event.pos):
                return Pop()
            for rect, slot in self.rows:
                if rect.collidepoint(event.pos):
                    return self.open(app, slot.path)
        return None

    def layout(self) -> Layout:
        """The page's panel with its slot rows and Back."""
        placed = Layout({"page": pygame.Rect(self.page)})
        for rect, slot in self.rows:
            placed.add(f"slot {slot.name}", rect, "page")
        placed.add("back", self.back.rect, "page")
        return placed

    def open(self, app: App, path: Path) -> Transition | None:
        """Load or replay a file; a problem becomes the page's message and a toast."""
        opened = open_replay(app, path) if self.purpose is LoadPurpose.REPLAY else open_saved_game(app, path)
        if isinstance(opened, Problem):
            self.message = opened.reason
            app.toast(f"Cannot open: {opened.reason}", warning=True)
            return None
        return opened

    def draw(self, surface: pygame.Surface, app: App) -> None:
        """The table of slots, the unreadable files and any message."""
        surface.fill(BG)
        mouse = pygame.mouse.get_pos()
        box = pygame.Rect(0, 0, min(surface.get_width() - px(40), px(900)), min(surface.get_height() - px(40), px(660)))
        box.center = surface.get_rect().center
        self.page = box
        inner = draw_panel(surface, box, self.title)
        footer = px(48) + px(16) * (min(4, len(self.problems)) + (1 if self.message else 0))
        y = self._header(surface, inner, inner.top)
        self.rows = []
        if not self.slots:
            draw_text(surface, "No saved games yet.", (inner.left, y + px(4)), 14, DIM)
        section = None
        for name, slot in self.slots[self.scroll:]:
            if y + px(ROW) * 2 > inner.bottom - footer:
                break
            if name != section:
                section = name
                y = draw_text(surface, name, (inner.left, y + px(6)), 13, ACCENT, bold=True).bottom + px(2)
            y = self._row(surface, inner, y, slot, mouse)
        self._footer(surface, inner, mouse)

    def _header(self, surface: pygame.Surface, inner: pygame.Rect, y: int) -> int:
        """Column titles; the y below them."""
        for title, at in COLUMNS:
            draw_text(surface, title, (inner.left + px(4) + round(at * inner.width), y), 12, DIM, bold=True)
        return y + px(18)

    def _row(self, surface: pygame.Surface, inner: pygame.Rect, y: int, slot: SlotInfo,
             mouse: tuple[int, int]) -> int:
        """One clickable slot row; the y below it."""
        rect = pygame.Rect(inner.left, y, inner.width, px(ROW))
        if rect.collidepoint(mouse):
            pygame.draw.rect(surface, (60, 70, 84), rect)
        turn = "finished" if slot.finished else f"{slot.turn} ({slot.phase.replace('_', ' ')})"
        cells = (slot.name[:44], slot.scenario, turn, slot.side.value, slot_date(slot.date))
        for (_, at), text in zip(COLUMNS, cells, strict=True):
            draw_text(surface, text, (inner.left + px(4) + round(at * inner.width), rect.centery), 14, TEXT,
                      anchor="midleft")
        self.rows.append((rect, slot))
        return rect.bottom + px(2)

    def _footer(self, surface: pygame.Surface, inner: pygame.Rect, mouse: tuple[int, int]) -> None:
        """Unreadable files, the last message, and Back."""
        self.back.rect = pygame.Rect(inner.left, inner.bottom - px(40), px(140), px(40))
        y = self.back.rect.top - px(6)
        lines = [(p, WARN) for p in self.problems[:4]]
        if len(self.problems) > 4:
            lines[-1] = (f"… and {len(self.problems) - 3} more unreadable files", WARN)
        if self.message:
            lines.append((self.message, (255, 120, 110)))
        for text, color in reversed(lines):
            y = draw_text(surface, text[:150], (inner.left, y), 12, color, anchor="bottomleft").top - px(2)
        self.back.draw(surface, mouse)
