"""The Help overlay: keyboard and mouse shortcuts, and the rules in our own words (two pages)."""

from __future__ import annotations

import pygame

from malaya.ui.screens import App, Screen
from malaya.ui.widgets import ACCENT, DIM, TEXT, draw_panel, draw_text, px, wrap

SHORTCUTS: tuple[tuple[str, str], ...] = (
    ("Left click a unit", "select it and show every hex it can reach"),
    ("Left click a highlighted hex", "move the selected unit there (the path and MP cost show under the cursor)"),
    ("Click the selected unit / Esc / right click", "deselect"),
    ("Click a Used unit (nothing selected)", "undo its move or placement while allowed"),
    ("Click a unit in the Stack panel", "select it (also to continue a move with MP left)"),
    ("Click an enemy stack (Combat phase)", "declare a combat; then click your units to add or remove them"),
    ("Click the defender again / Esc", "cancel the combat being declared"),
    ("End Phase", "end the phase (greyed out, with the reason, while it may not end)"),
    ("Drag, arrows, keypad 1–9, Alt + mouse at an edge", "scroll the map"),
    ("Mouse wheel, + / -", "zoom; keypad 5 centres on Singapore"),
    ("Mini-Map: click or drag", "move the view"),
    ("M or Show Strategic Map", "the whole peninsula (clickable; wheel in to zoom there)"),
    ("G", "show/hide the hex grid"),
    ("L", "show/hide the front line (where JP and CW control meet)"),
    ("Space", "fast-forward the computer's turn; skip a combat animation (a click does too)"),
    ("D", "the Dice Ledger: every combat of the game (wheel or arrows scroll)"),
    ("W", "what the computer did in its last player-turn and why"),
    ("Phase panel (side panel, top)", "offers, air split, Force Z, Demolish bridge, rail capacity, last roll"),
    ("Ctrl+S / Ctrl+L", "save the game under a name / open the Load page"),
    ("H or F1", "this help (Tab: next page, Esc: close)"),
)

RULES_TEXT = """\
Two players: Japan (JP) attacks down the Malayan peninsula; the Commonwealth (CW) defends. \
A game-turn is a JP player-turn then a CW player-turn; 28 game-turns from 8 December 1941.
Each player-turn runs: Supply (automatic), Reinforcement, Air, Naval Movement, Movement, Rail \
Movement, Combat, End (automatic).
Counters show Attack-Defense-Movement, size, type, a supply dot (green supplied, red not) and \
stacking squares (white: two steps left, red: one). A dashed outline means the unit may act now; a \
thick yellow outline means selected; a dark corner means it has already acted (Used).
Stacking: at most 4 points per hex (6 in Singapore fortress hexes), checked when a phase ends.
Moving costs MP by terrain; roads cost ½, rivers add to the cost; entering an enemy zone of control \
stops a unit. Enemy units far from yours show only as Unknown counters.
Combat: pick an enemy stack next to your units, add attackers, maybe air points, then Roll Dice. \
The odds and modifiers decide the result; losses and retreats are applied by the game; then your \
units may advance into an emptied hex.
Victory: JP scores for taking Singapore early and holding objectives; CW scores for JP steps lost \
and for holding Singapore. The difference decides the result level.
"""


class HelpScreen(Screen):
    """An overlay over the current screen; any key but Tab, or a click, closes it."""

    opaque = False

    def __init__(self) -> None:
        self.page = 0

    def handle(self, event: pygame.event.Event, app: App) -> None:
        """Tab flips the page; Esc/H/F1 or a click closes."""
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_TAB:
                self.page = 1 - self.page
            elif event.key in (pygame.K_ESCAPE, pygame.K_h, pygame.K_F1, pygame.K_RETURN):
                app.pop()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            app.pop()

    def draw(self, surface: pygame.Surface, app: App) -> None:
        """A dimmed backdrop and the current page."""
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 160))
        surface.blit(shade, (0, 0))
        box = surface.get_rect().inflate(-px(120), -px(80))
        title = "Help — controls (Tab: rules)" if self.page == 0 else "Help — the rules in brief (Tab: controls)"
        inner = draw_panel(surface, box, title)
        if self.page == 0:
            self._shortcuts(surface, inner)
        else:
            self._rules(surface, inner)

    def _shortcuts(self, surface: pygame.Surface, inner: pygame.Rect) -> None:
        """Two columns: input and what it does."""
        y = inner.top + px(6)
        split = inner.left + int(inner.width * 0.42)
        for key, does in SHORTCUTS:
            draw_text(surface, key, (inner.left, y), 14, ACCENT, bold=True)
            lines = wrap(does, 14, inner.right - split)
            for i, line in enumerate(lines):
                draw_text(surface, line, (split, y + i * px(18)), 14, TEXT)
            y += px(18) * max(1, len(lines)) + px(6)

    def _rules(self, surface: pygame.Surface, inner: pygame.Rect) -> None:
        """The brief rules, wrapped."""
        y = inner.top + px(6)
        for paragraph in RULES_TEXT.splitlines():
            for line in wrap(paragraph, 14, inner.width):
                draw_text(surface, line, (inner.left, y), 14, TEXT)
                y += px(19)
            y += px(8)
        draw_text(surface, "The full rulebook: docs/rules-notes.md and RULES R1–R18.", (inner.left, y), 12, DIM)
