"""The rules reference page: topics on the left, the chosen topic's rules and tables on the right (issue 14 §3).

Opened with R or F2 in battle, from Help, or by clicking a rule link anywhere (it then opens at that
rule's section). ↑/↓ pick a topic, PgUp/PgDn/Space and the wheel scroll, a rule number in the text
is a link, ←/Backspace goes back along the links followed, Esc closes.
"""

from __future__ import annotations

import pygame

from malaya.session.words.catalog import say
from malaya.session.words.rules_ref import Reference, RuleEntry, RuleTable
from malaya.ui.app.intents import Pop, Transition
from malaya.ui.app.stack import App, Screen
from malaya.ui.widgets.kit import (
    ACCENT,
    DIM,
    PANEL,
    PANEL_EDGE,
    TEXT,
    dim_backdrop,
    draw_panel,
    draw_text,
    draw_tooltip,
    font,
    px,
    wrap,
)
from malaya.ui.widgets.layout import Layout
from malaya.ui.widgets.link_text import LinkHits, draw_linked, link_at

BODY = 15
"""Body text size of the page (unscaled px)."""
TABLE = 13
CLOSE_KEYS = (pygame.K_ESCAPE, pygame.K_F2, pygame.K_r)
SCROLL_KEYS = {pygame.K_PAGEUP: -0.8, pygame.K_PAGEDOWN: 0.8, pygame.K_SPACE: 0.8}
HINT = say("rules_dialog.topic_pgup_pgdn_space_or")


class RulesDialog(Screen):
    """The rules reference over the current screen."""

    opaque = False

    def __init__(self, ref: Reference, number: str | None = None) -> None:
        self.ref = ref
        self.topic = 0
        self.scroll = 0
        self.anchor: int | None = None  # a section to bring to the top at the next draw
        self.history: list[tuple[int, int]] = []
        self.content_h = 0
        self.view_h = 1
        self.topic_rows: list[tuple[pygame.Rect, int]] = []
        self.links: LinkHits = []
        self.tips: list[tuple[pygame.Rect, str]] = []
        self.content_rect = pygame.Rect(0, 0, 0, 0)
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.section_tops: list[int] = []
        if number is not None:
            self.open(number, remember=False)

    @property
    def entry(self) -> RuleEntry:
        """The topic shown."""
        return self.ref.entries[self.topic]

    def open(self, number: str, remember: bool = True) -> bool:
        """Show the topic explaining ``number``, scrolled to its section; False when no topic does."""
        found = self.ref.locate(number)
        if found is None:
            return False
        if remember:
            self.history.append((self.topic, self.scroll))
        self.topic, self.anchor = found
        self.scroll = 0
        return True

    def choose(self, topic: int) -> None:
        """Show topic ``topic`` from its top."""
        self.topic = max(0, min(len(self.ref.entries) - 1, topic))
        self.scroll, self.anchor = 0, None

    def back(self) -> None:
        """Return to where the last followed link was clicked."""
        if self.history:
            self.topic, self.scroll = self.history.pop()
            self.anchor = None

    def scroll_by(self, pixels: int) -> None:
        """Scroll the topic's text, kept within it."""
        self.scroll = max(0, min(self.scroll + pixels, max(0, self.content_h - self.view_h)))

    def handle(self, event: pygame.event.Event, app: App) -> Transition | None:
        """Keys pick and scroll; a click picks a topic or follows a link; Esc, R or F2 close."""
        if event.type == pygame.KEYDOWN:
            return self._key(event.key)
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * px(48))
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._click(event.pos)
        return None

    def _key(self, key: int) -> Transition | None:
        """One key press."""
        if key in CLOSE_KEYS:
            return Pop()
        if key in (pygame.K_UP, pygame.K_DOWN):
            self.choose(self.topic + (1 if key == pygame.K_DOWN else -1))
        elif key in SCROLL_KEYS:
            self.scroll_by(round(SCROLL_KEYS[key] * self.view_h))
        elif key == pygame.K_HOME:
            self.scroll = 0
        elif key == pygame.K_END:
            self.scroll_by(self.content_h)
        elif key in (pygame.K_LEFT, pygame.K_BACKSPACE):
            self.back()
        return None

    def _click(self, pos: tuple[int, int]) -> None:
        """A topic row or a link."""
        row = next((i for r, i in self.topic_rows if r.collidepoint(pos)), None)
        if row is not None:
            self.choose(row)
            return
        number = link_at(self.links, pos)
        if number is not None:
            self.open(number)

    def layout(self) -> Layout:
        """The topic list and the topic, with their topic rows and rule links."""
        placed = Layout()
        placed.panel("topics", self.list_rect)
        placed.panel("content", self.content_rect)
        for rect, i in self.topic_rows:
            placed.add(f"topic {self.ref.entries[i].key}", rect, "topics")
        for n, (rect, number) in enumerate(self.links):
            placed.add(f"link {number} #{n}", rect, "content")
        return placed

    # --- drawing ----------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, app: App) -> None:
        """A dimmed backdrop, the topic list and the topic."""
        dim_backdrop(surface)
        box = surface.get_rect().inflate(-px(60), -px(40))
        box.width = min(box.width, px(1300))
        box.centerx = surface.get_rect().centerx
        inner = draw_panel(surface, box, say("rules_dialog.rules_reference"))
        hint = draw_text(surface, HINT, (inner.left, inner.bottom), 12, DIM, anchor="bottomleft")
        body = pygame.Rect(inner.left, inner.top + px(4), inner.width, hint.top - inner.top - px(10))
        split = max(px(230), body.width * 27 // 100)
        mouse = pygame.mouse.get_pos()
        self.list_rect = pygame.Rect(body.left, body.top, split, body.height)
        self._topics(surface, self.list_rect, mouse)
        pygame.draw.line(surface, PANEL_EDGE, (body.left + split + px(8), body.top),
                         (body.left + split + px(8), body.bottom))
        self.content_rect = pygame.Rect(body.left + split + px(20), body.top, body.width - split - px(20),
                                        body.height)
        self._content(surface, self.content_rect, mouse)
        tip = next((t for r, t in self.tips if r.collidepoint(mouse)), None)
        if tip:
            draw_tooltip(surface, tip, mouse)

    def _topics(self, surface: pygame.Surface, area: pygame.Rect, mouse: tuple[int, int]) -> None:
        """One row per topic: its rule number and title; the shown one highlighted."""
        step = font(px(14)).get_linesize() + px(5)
        first = max(0, self.topic - max(1, area.height // step) + 1)
        self.topic_rows = []
        for i, entry in enumerate(self.ref.entries[first:], start=first):
            row = pygame.Rect(area.left, area.top + (i - first) * step, area.width, step)
            if row.bottom > area.bottom:
                break
            if i == self.topic:
                pygame.draw.rect(surface, (70, 78, 92), row, border_radius=px(3))
            colour = ACCENT if i == self.topic or row.collidepoint(mouse) else TEXT
            draw_text(surface, entry.key, (row.left + px(6), row.centery), 13, DIM, anchor="midleft")
            draw_text(surface, entry.title, (row.left + px(58), row.centery), 14, colour,
                      bold=i == self.topic, anchor="midleft")
            self.topic_rows.append((row, i))

    def _content(self, surface: pygame.Surface, area: pygame.Rect, mouse: tuple[int, int]) -> None:
        """The topic's title, sections (headings, linked text) and tables, scrolled; a scroll bar when longer."""
        self.view_h = area.height
        prev = surface.get_clip()
        surface.set_clip(area.clip(prev))
        self.links, self.tips = [], []
        self.content_h = self._layout(surface, area, mouse, self.scroll)
        if self.anchor is not None:
            target = self.section_tops[self.anchor] if self.anchor < len(self.section_tops) else 0
            self.anchor = None
            self.scroll = 0
            self.scroll_by(target)
            surface.fill(PANEL, area)
            self.links, self.tips = [], []
            self._layout(surface, area, mouse, self.scroll)
        surface.set_clip(prev)
        self.links = [(r, n) for r, n in self.links if area.contains(r)]
        if self.content_h > area.height:
            _scrollbar(surface, area, self.scroll, self.content_h)

    def _layout(self, surface: pygame.Surface, area: pygame.Rect, mouse: tuple[int, int], scroll: int) -> int:
        """Draw the topic from ``area.top - scroll``; its whole height (section tops kept for anchors)."""
        y0 = area.top - scroll
        y = draw_text(surface, f"{self.entry.key}  {self.entry.title}", (area.left, y0), 18, ACCENT,
                      bold=True).bottom + px(10)
        step = font(px(BODY)).get_linesize()
        width = area.width - px(12)
        self.section_tops = []
        for section in self.entry.sections:
            self.section_tops.append(y - y0)
            y = draw_text(surface, f"{section.number}  {section.heading}", (area.left, y), BODY, ACCENT,
                          bold=True).bottom + px(2)
            for line in wrap(section.text, BODY, width):
                self.links += draw_linked(surface, line, (area.left, y), BODY, TEXT, mouse, terms=False)
                y += step
            y += px(10)
        for table in self.entry.tables:
            y = self._table(surface, pygame.Rect(area.left, y, width, 0), table) + px(12)
        return y - y0

    def _table(self, surface: pygame.Surface, area: pygame.Rect, table: RuleTable) -> int:
        """A titled table, columns sized by their widest cell; hovering a result code explains it."""
        y = draw_text(surface, table.title, area.topleft, 14, ACCENT, bold=True).bottom + px(4)
        f = font(px(TABLE))
        count = max(len(r) for r in table.rows)
        widths = [max(f.size(r[j])[0] if j < len(r) else 0 for r in table.rows) + px(16) for j in range(count)]
        last = max(px(60), area.width - sum(widths[:-1]))
        for i, row in enumerate(table.rows):
            x, height = area.left, 1
            for j, cell in enumerate(row):
                cell_lines = wrap(cell, TABLE, last) if j == count - 1 else [cell]
                for k, text in enumerate(cell_lines):
                    colour = ACCENT if i == 0 or j == 0 else TEXT
                    r = draw_text(surface, text, (x, y + k * f.get_linesize()), TABLE, colour, bold=i == 0)
                    if (tip := self.ref.glossary.get(text)) is not None and i > 0:
                        self.tips.append((r, tip))
                height = max(height, len(cell_lines))
                x += widths[j]
            y += height * f.get_linesize() + px(2)
        return y


def _scrollbar(surface: pygame.Surface, area: pygame.Rect, scroll: int, content: int) -> None:
    """A thin bar at the right edge showing which part of the topic is in view."""
    track = pygame.Rect(area.right - px(5), area.top, px(5), area.height)
    thumb_h = max(px(24), area.height * area.height // content)
    top = track.top + (area.height - thumb_h) * scroll // max(1, content - area.height)
    pygame.draw.rect(surface, PANEL_EDGE, track, border_radius=px(2))
    pygame.draw.rect(surface, ACCENT, (track.left, top, track.width, thumb_h), border_radius=px(2))
