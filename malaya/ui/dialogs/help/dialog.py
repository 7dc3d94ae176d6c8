"""The Help overlay: shortcuts, the rules in our own words, and the tables (three pages, Tab flips)."""

from __future__ import annotations

import pygame

from malaya.ui.app.intents import Pop, Push, ToRules, Transition
from malaya.ui.app.stack import App, Screen
from malaya.ui.dialogs.help.tables import (
    crt_rows,
    hexside_rows,
    modifier_lines,
    rules_text,
    terrain_rows,
)
from malaya.ui.widgets.kit import ACCENT, DIM, TEXT, dim_backdrop, draw_panel, draw_text, px, wrap
from malaya.ui.widgets.link_text import LinkHits, draw_linked, link_at, split_links

SHORTCUTS: tuple[tuple[str, str], ...] = (
    ("Left click a unit", "select it and show every hex it can reach"),
    ("Left click a highlighted hex",
     "move the selected unit there (the path and its cost in movement points show under the cursor)"),
    ("Click the selected unit / Esc / right click", "deselect"),
    ("Click a unit that moved (nothing selected)", "take its move or placement back, while allowed"),
    ("Click a unit in the Stack panel", "select it (also to go on moving a unit with movement points left)"),
    ("Click an enemy stack (Combat phase)", "declare a combat; then click your units to add or remove them"),
    ("Click the defender again / Esc", "cancel the combat being declared"),
    ("E or End Phase", "end the phase (greyed out, with the reason, while it may not end)"),
    ("N / P, Tab / Shift+Tab", "select the next / previous unit that can still act (the map follows)"),
    ("S", "select the whole stack: the others follow the selected unit's move where they can"),
    ("O", "the whole message log"),
    ("Arrows, C, Enter", "the map cursor (white corners): arrows move it, C jumps to the next highlighted hex or "
                         "landing stack, Enter clicks its hex (select, move, declare a combat, add an attacker, "
                         "advance)"),
    ("X", "Roll Dice for the combat declared; after the roll, end the combat"),
    ("] / [", "one more / one fewer air point for the combat declared (the Combat Panel's + and -)"),
    ("Drag, keypad 1–9, Alt + mouse at an edge", "scroll the map (it also follows the map cursor)"),
    ("Mouse wheel, + / -", "zoom; keypad 5 centres on Singapore"),
    ("Mini-Map: click or drag", "move the view"),
    ("M or Show Strategic Map", "the whole peninsula (clickable; wheel in to zoom there)"),
    ("G", "show/hide the hex grid"),
    ("L", "show/hide the front line (where Japanese and Commonwealth control meet)"),
    ("Space", "fast-forward the computer's turn; skip a combat animation (a click does too)"),
    ("B or Briefing", "the scenario's briefing: the situation, each side's task, the objectives and their VP"),
    ("D", "the Dice Ledger: every combat of the game (wheel or arrows scroll)"),
    ("W", "what the computer did in its last player-turn and why"),
    ("Phase panel (side panel, top)", "offers, air split, Force Z, Demolish bridge, rail capacity, last roll"),
    ("Ctrl+Tab / Ctrl+Shift+Tab, Enter", "move to the side panel's next / previous button; Enter presses it"),
    ("PgUp / PgDn", "scroll the side panel"),
    ("Ctrl+S / Ctrl+L", "save the game under a name / open the Load page"),
    ("F10 or Menu", "back to the main menu (the game is autosaved)"),
    ("H or F1 · R or F2", "this help (Tab: next page, Esc: close) · the rules reference, every rule by topic"),
    ("Settings → Keys", "change the battle keys (these are the usual ones)"),
)

class HelpScreen(Screen):
    """An overlay over the current screen; any key but Tab, or a click, closes it."""

    opaque = False

    PAGES = ("controls", "rules in brief", "tables")

    def __init__(self) -> None:
        self.page = 0
        self.inner = pygame.Rect(0, 0, 0, 0)
        """The page's text area, last drawn."""
        self.text_bottom = 0
        """Where the last drawn page's text ends (it must not pass ``inner.bottom``)."""
        self.links: LinkHits = []
        """The game's terms on the rules-in-brief page: a click opens the rules page there."""

    def handle(self, event: pygame.event.Event, app: App) -> Transition | None:
        """Tab flips the page; Esc/H/F1 or a click closes."""
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_TAB:
                self.page = (self.page + 1) % len(self.PAGES)
            elif event.key in (pygame.K_r, pygame.K_F2):
                return Push(ToRules(app.gd))
            elif event.key in (pygame.K_ESCAPE, pygame.K_h, pygame.K_F1, pygame.K_RETURN):
                return Pop()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            rule = link_at(self.links, event.pos) if self.page == 1 else None
            return Pop() if rule is None else Push(ToRules(app.gd, rule))
        return None

    def draw(self, surface: pygame.Surface, app: App) -> None:
        """A dimmed backdrop and the current page."""
        dim_backdrop(surface, 160)
        box = surface.get_rect().inflate(-px(120), -px(40))
        following = self.PAGES[(self.page + 1) % len(self.PAGES)]
        inner = self.inner = draw_panel(surface, box,
                                        f"Help — {self.PAGES[self.page]} (Tab: {following} · R: the rules reference)")
        if self.page == 0:
            self.text_bottom = self._shortcuts(surface, inner)
        elif self.page == 1:
            self._rules(surface, inner, app)
        else:
            self._tables(surface, inner, app)

    def _shortcuts(self, surface: pygame.Surface, inner: pygame.Rect) -> int:
        """Two columns: input and what it does (rows closer together where the window is short); the text's end."""
        split = inner.left + int(inner.width * 0.42)
        wrapped = [(key, wrap(does, 14, inner.right - split) or [""]) for key, does in SHORTCUTS]
        lines = sum(len(w) for _, w in wrapped)
        gap = max(0, min(px(6), (inner.height - px(6) - lines * px(18)) // len(wrapped)))
        y = inner.top + px(6)
        for key, rows in wrapped:
            draw_text(surface, key, (inner.left, y), 14, ACCENT, bold=True)
            for i, line in enumerate(rows):
                draw_text(surface, line, (split, y + i * px(18)), 14, TEXT)
            y += px(18) * len(rows) + gap
        return y - gap

    def _rules(self, surface: pygame.Surface, inner: pygame.Rect, app: App) -> None:
        """The brief rules with this scenario's numbers, wrapped; the game's terms link to the rules page."""
        y = inner.top + px(6)
        mouse = pygame.mouse.get_pos()
        self.links = []
        for paragraph in rules_text(app.gd).splitlines():
            lines = wrap(paragraph, 14, inner.width)
            for line, found in zip(lines, split_links(paragraph, lines), strict=True):
                self.links += draw_linked(surface, line, (inner.left, y), 14, TEXT, mouse, links=found)
                y += px(19)
            y += px(8)
        draw_text(surface, "More: press R for the rules reference, every rule by topic.",
                  (inner.left, y), 12, DIM)

    def _tables(self, surface: pygame.Surface, inner: pygame.Rect, app: App) -> None:
        """Terrain and hexside effects, the CRT and the die modifiers, from the ruleset."""
        gd = app.gd
        half = inner.width // 2 - px(10)
        left = pygame.Rect(inner.left, inner.top + px(4), half, inner.height)
        right = pygame.Rect(inner.left + half + px(20), inner.top + px(4), half, inner.height)
        y = _table(surface, left, terrain_rows(gd), left.top)
        _table(surface, left, hexside_rows(gd), y + px(14), weights=(1.1, 0.7, 0.7, 2.5))
        y = _table(surface, right, crt_rows(gd), right.top) + px(8)
        for line in modifier_lines(gd):
            for part in wrap(line, 12, right.width):
                draw_text(surface, part, (right.left, y), 12, TEXT)
                y += px(LINE)


LINE = 19
"""Line height of the tables page (unscaled px)."""


def _table(surface: pygame.Surface, area: pygame.Rect, rows: list[tuple[str, ...]], top: int,
           weights: tuple[float, ...] | None = None) -> int:
    """Draw rows as columns sized by ``weights`` (the first row as a header); the y below the table."""
    count = max(len(r) for r in rows)
    weights = weights or (1.0,) * count
    edges = [area.left + int(area.width * sum(weights[:j]) / sum(weights)) for j in range(count)]
    y = top
    for i, row in enumerate(rows):
        for j, cell in enumerate(row):
            colour = ACCENT if i == 0 or j == 0 else TEXT
            draw_text(surface, cell, (edges[j], y), 12, colour, bold=i == 0)
        y += px(LINE)
    return y
