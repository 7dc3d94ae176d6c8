"""The Dice Ledger overlay: every combat of the game (turn, hexes, odds, die, modifiers, result), scrollable."""

from __future__ import annotations

import pygame

from malaya.engine import GameDef, crt_of, join_words, number_text, odds_text
from malaya.session.phase_info import Roll
from malaya.session.words.catalog import say
from malaya.session.words.combat_text import result_text
from malaya.session.words.event_words import SIDE_ADJECTIVES
from malaya.session.words.rules_ref.links import Link
from malaya.ui.app.intents import Pop, Push, ToRules, Transition
from malaya.ui.app.stack import App, Screen
from malaya.ui.panels.crt_words import explain_result
from malaya.ui.widgets.kit import ACCENT, DIM, TEXT, dim_backdrop, draw_panel, draw_text, draw_tooltip, px, text_surface
from malaya.ui.widgets.link_text import LinkHits, draw_linked, link_at

HEADERS = (say("ledger.turn"), say("ledger.attacker"), say("ledger.attack_on"), say("ledger.attacking_from"),
           say("ledger.strength"), say("ledger.odds"), say("ledger.die"), say("ledger.air_points"),
           say("ledger.result"))
WIDTHS = (0.045, 0.1, 0.13, 0.16, 0.09, 0.05, 0.08, 0.135, 0.21)
HEADER_RULES = {say("ledger.strength"): "R12.3", say("ledger.odds"): "R12.4", say("ledger.die"): "R12.5",
                say("ledger.air_points"): "R11.3", say("ledger.result"): "R12.6"}
"""Column headings that link to the rule explaining the column."""


def ledger_row(gd: GameDef, roll: Roll) -> tuple[str, ...]:
    """One combat as table cells, in plain words (places, sides, ``13½``, the result spelled out)."""
    sources = list(dict.fromkeys(gd.place_name(h) for h in roll.attacker_hexes if gd.board.on_map(h)))
    die = f"{roll.die}" if not roll.modifier else f"{roll.die} {'+' if roll.modifier > 0 else '−'} " \
        f"{abs(roll.modifier)} = {roll.modified_roll}"
    return (str(roll.turn), SIDE_ADJECTIVES[roll.side], gd.place_name(roll.defender_hex), join_words(sources) or "—",
            f"{number_text(roll.attack)} : {number_text(roll.defense)}", odds_text(roll.column), die, air_text(roll),
            result_text(gd, roll.result))


def air_text(roll: Roll) -> str:
    """The air points each side put into the combat (R11.3): ``3 attacking, 1 defending``, ``2 defending``, ``none``."""
    parts = [f"{points} {role}" for points, role in ((roll.attack_air, "attacking"), (roll.defense_air, "defending"))
             if points]
    return ", ".join(parts) or "none"


class LedgerScreen(Screen):
    """An overlay; the newest combat at the bottom. Esc, D or a click outside closes it."""

    opaque = False

    def __init__(self, gd: GameDef, rolls: list[Roll]) -> None:
        self.gd = gd
        self.rows = [ledger_row(gd, r) for r in rolls]
        crt = crt_of(gd).results
        self.result_tips = [explain_result(r.result, crt[r.result]) if r.result in crt else None for r in rolls]
        """Each row's result code spelled out, for a hover on its Result cell."""
        self.links: LinkHits = []
        self.tips: list[tuple[pygame.Rect, str]] = []
        self.top = 0
        self.visible = 1
        self.box = pygame.Rect(0, 0, 0, 0)

    def scroll(self, lines: int) -> None:
        """Move the view by ``lines`` rows (clamped)."""
        self.top = max(0, min(len(self.rows) - self.visible, self.top + lines))

    def handle(self, event: pygame.event.Event, app: App) -> Transition | None:
        """Wheel / arrows / PgUp/PgDn scroll; Esc, D, Enter or a click outside closes."""
        if event.type == pygame.KEYDOWN:
            steps = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self.visible, pygame.K_PAGEDOWN: self.visible}
            if event.key in steps:
                self.scroll(steps[event.key])
            elif event.key in (pygame.K_ESCAPE, pygame.K_d, pygame.K_RETURN):
                return Pop()
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll(-3 * event.y)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and (rule := link_at(self.links, event.pos)):
            return Push(ToRules(self.gd, rule))  # a column heading: the rule behind the column
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and not self.box.collidepoint(event.pos):
            return Pop()
        return None

    def draw(self, surface: pygame.Surface, app: App) -> None:
        """A dimmed backdrop and the table."""
        dim_backdrop(surface)
        self.box = surface.get_rect().inflate(-px(80), -px(80))
        title = say("ledger.dice_ledger_wheel_arrows_scroll", combats=len(self.rows))
        inner = draw_panel(surface, self.box, title)
        xs = [inner.left + round(sum(WIDTHS[:i]) * inner.width) for i in range(len(WIDTHS))]
        mouse = pygame.mouse.get_pos()
        self.links, self.tips = _draw_headers(surface, xs, inner.top, mouse), []
        row_h = px(19)
        body_top = inner.top + px(22)
        first = self.visible == 1 and self.top == 0
        self.visible = max(1, (inner.bottom - body_top) // row_h)
        if first:
            self.top = max(0, len(self.rows) - self.visible)  # open at the newest combat
        if not self.rows:
            draw_text(surface, say("ledger.no_combat_has_been_resolved"), (inner.left, body_top), 13, DIM)
        for i, row in enumerate(self.rows[self.top:self.top + self.visible]):
            y = body_top + i * row_h
            for x, w, cell in zip(xs, WIDTHS, row, strict=True):
                draw_text(surface, _fit(cell, round(w * inner.width) - px(6)), (x, y), 12, TEXT)
            tip = self.result_tips[self.top + i]
            if tip is not None:
                self.tips.append((pygame.Rect(xs[-1], y, inner.right - xs[-1], row_h), tip))
        if len(self.rows) > self.visible:
            last = min(len(self.rows), self.top + self.visible)
            draw_text(surface, say("ledger.rows_of", first=self.top + 1, last=last, n_rows=len(self.rows)),
                      (inner.right, inner.bottom), 11, DIM, anchor="bottomright")
        self._draw_tip(surface, mouse)

    def _draw_tip(self, surface: pygame.Surface, mouse: tuple[int, int]) -> None:
        """A Result cell's code spelled out, or the rule behind a column heading."""
        tip = next((t for r, t in self.tips if r.collidepoint(mouse)), None)
        if tip is None and (rule := link_at(self.links, mouse)) is not None:
            tip = say("ledger.what_this_column_means_click", rule=rule)
        if tip:
            draw_tooltip(surface, tip, mouse)


def _draw_headers(surface: pygame.Surface, xs: list[int], top: int, mouse: tuple[int, int]) -> LinkHits:
    """The column headings; those a rule explains are links to it (returned)."""
    links: LinkHits = []
    for x, h in zip(xs, HEADERS, strict=True):
        rule = HEADER_RULES.get(h)
        if rule is None:
            draw_text(surface, h, (x, top), 12, ACCENT, bold=True)
        else:
            links += draw_linked(surface, h, (x, top), 12, ACCENT, mouse, bold=True,
                                 links=[Link(0, len(h), rule, term=True)])
    return links


def _fit(text: str, width: int) -> str:
    """Shorten text with an ellipsis to fit ``width`` pixels at size 12."""
    while len(text) > 1 and text_surface(text, 12).get_width() > width:
        text = text[:-2] + "…"
    return text
