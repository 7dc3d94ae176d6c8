"""Interstitial screens: the hotseat hand-over (the map hidden) and the game end with its VP breakdown."""

from __future__ import annotations

import pygame

from malaya.engine import rules
from malaya.engine.numbers import signed_text
from malaya.engine.sides import Side
from malaya.engine.victory import jp_steps_lost
from malaya.persistence.record import GameRecord
from malaya.persistence.replay_log import ReplayLog
from malaya.render.phase_bar import SIDE_COLORS
from malaya.session.event_words import SIDE_ADJECTIVES
from malaya.session.game_client import GameClient
from malaya.session.rules_ref import cached_reference
from malaya.session.rules_ref.phases import VICTORY_RULE
from malaya.ui.app.intents import Pop, Push, Reset, ToMenu, ToReplay, ToRules, Transition
from malaya.ui.app.stack import App, Screen
from malaya.ui.widgets.focus import ButtonFocus
from malaya.ui.widgets.kit import ACCENT, BG, DIM, TEXT, Button, draw_panel, draw_text, draw_tooltip, font, px
from malaya.ui.widgets.layout import Layout
from malaya.ui.widgets.link_text import LinkHits, draw_linked, link_at


class HandoverScreen(Screen):
    """Between hotseat player-turns: hides the map until the next player clicks or presses a key."""

    def __init__(self, side: Side, turn: int, date: str) -> None:
        self.side = side
        self.turn = turn
        self.date = date

    def handle(self, event: pygame.event.Event, app: App) -> Transition | None:
        """Any click or key (but a modifier) continues."""
        if event.type == pygame.MOUSEBUTTONUP or (event.type == pygame.KEYDOWN and event.key not in
                                                  (pygame.K_LALT, pygame.K_RALT, pygame.K_LSHIFT, pygame.K_RSHIFT)):
            return Pop()
        return None

    def draw(self, surface: pygame.Surface, app: App) -> None:
        """A plain screen naming the player whose turn it is."""
        surface.fill(BG)
        cx, cy = surface.get_rect().center
        color = SIDE_COLORS.get(self.side.value, TEXT)
        draw_text(surface, f"{SIDE_ADJECTIVES[self.side]} player-turn", (cx, cy - px(50)), 34, color, bold=True,
                  anchor="center")
        draw_text(surface, f"Game-turn {self.turn} — {self.date}", (cx, cy), 18, TEXT, anchor="center")
        draw_text(surface, f"Hand the computer to the {SIDE_ADJECTIVES[self.side]} player, then click to continue.",
                  (cx, cy + px(44)), 15, DIM, anchor="center")


def _vp(value: int) -> str:
    """``15 VP``, ``−1 VP`` (a true minus, not a hyphen)."""
    return f"{value} VP".replace("-", "−")


def vp_breakdown(client: GameClient) -> list[tuple[str, str]]:
    """(label, value) rows explaining the final VP (R15.2–R15.5)."""
    gd, state = client.gd, client.state
    res = rules.result(gd, state)
    if res is None:
        return [("The game is not over", "")]
    rows: list[tuple[str, str]] = []
    if res.singapore_fell_on is not None:
        rows.append((f"Japanese: Singapore taken on turn {res.singapore_fell_on}",
                     str(gd.victory.singapore_capture_vp(res.singapore_fell_on))))
    for h, vp in sorted(gd.objective_vp.items()):
        if h in state.jp_control:
            rows.append((f"Japanese: holds {gd.place_name(h)}", str(vp)))
    rows.append(("Japanese: options and offered units bought", signed_text(state.vp_of(Side.JP))))
    steps = jp_steps_lost(gd, state)
    rows.append((f"Commonwealth: {steps} Japanese steps eliminated", str(steps * gd.victory.cw_vp_per_jp_step)))
    if res.singapore_fell_on is None:
        rows.append(("Commonwealth: still holds Singapore", str(gd.victory.cw_singapore_held_vp)))
    rows.append(("Commonwealth: options and offered units bought", signed_text(state.vp_of(Side.CW))))
    rows.append((f"Total: Japanese {_vp(res.jp_vp)} minus Commonwealth {_vp(res.cw_vp)}", signed_text(res.margin)))
    return rows


class EndScreen(Screen):
    """The game is over: result level, VP breakdown, back to the main menu."""

    def __init__(self, client: GameClient, record: GameRecord | None = None) -> None:
        self.client = client
        self.record = record
        self.menu = Button("Main Menu", size=15, tip="Back to the main menu (the finished game is kept)")
        self.view = Button("View Map", size=15, tip="Look at the final map (Esc)")
        self.analyse = Button("Analyse this game", size=15,
                              tip="Replay the game with each side's chance of winning after every player-turn (A)",
                              reason=None if record is not None else "This game has no record to analyse")
        self.focus = ButtonFocus()
        self.table = pygame.Rect(0, 0, 0, 0)
        self.rule_links: LinkHits = []

    def layout(self) -> Layout:
        """The VP table and the two buttons."""
        placed = Layout({"table": pygame.Rect(self.table)})
        placed.add("view map", self.view.rect)
        placed.add("main menu", self.menu.rect)
        placed.add("analyse this game", self.analyse.rect)
        return placed

    def analyse_game(self) -> Transition | None:
        """The replay viewer over this game, its win chances worked out in the background."""
        if self.record is None:
            return None
        log = ReplayLog.build(self.client.gd, self.record.to_save("this game"), "this game")
        return Push(ToReplay(log, analyse=True))

    def handle(self, event: pygame.event.Event, app: App) -> Transition | None:
        """Main Menu resets the stack; View Map returns to the (finished) battle; arrows/Tab + Enter too."""
        pressed = self.focus.key(event, [self.view, self.analyse, self.menu])
        if pressed is self.analyse:
            return self.analyse_game()
        if pressed is not None:
            return Reset(ToMenu()) if pressed is self.menu else Pop()
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if (rule := link_at(self.rule_links, event.pos)) is not None:
                return Push(ToRules(self.client.gd, rule))
            if self.menu.hit(event.pos):
                return Reset(ToMenu())
            if self.view.hit(event.pos):
                return Pop()
            if self.analyse.hit(event.pos):
                return self.analyse_game()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return Pop()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_a:
            return self.analyse_game()
        return None

    def draw(self, surface: pygame.Surface, app: App) -> None:
        """The result and the table of VP."""
        surface.fill(BG)
        res = rules.result(self.client.gd, self.client.state)
        cx = surface.get_width() // 2
        level = res.level if res is not None else "—"
        draw_text(surface, "The campaign is over", (cx, px(60)), 20, DIM, anchor="center")
        shown = draw_text(surface, level, (cx, px(110)), 38, ACCENT, bold=True, anchor="center")
        rows = vp_breakdown(self.client)
        box = pygame.Rect(0, 0, px(560), px(40) + len(rows) * px(24))
        box.midtop = (cx, px(160))
        self.table = box
        inner = draw_panel(surface, box, "Victory points")
        link_x = inner.right - font(px(13)).size("R15")[0]  # the rule behind the table, a link to the rules page
        self.rule_links = draw_linked(surface, "R15", (link_x, box.top + px(5)), 13, DIM, pygame.mouse.get_pos())
        self.rule_links.append((shown, VICTORY_RULE))  # the result level: how the margin gives it
        for i, (label, value) in enumerate(rows):
            y = inner.top + i * px(24)
            last = i == len(rows) - 1
            self.rule_links += draw_linked(surface, label, (inner.left, y), 15, TEXT, pygame.mouse.get_pos(),
                                           bold=last)
            draw_text(surface, value, (inner.right, y), 15, TEXT, bold=last, anchor="topright")
        mouse = pygame.mouse.get_pos()
        self.view.rect = pygame.Rect(0, 0, px(150), px(36))
        self.menu.rect = pygame.Rect(0, 0, px(150), px(36))
        self.view.rect.topright = (cx - px(10), box.bottom + px(24))
        self.menu.rect.topleft = (cx + px(10), box.bottom + px(24))
        self.analyse.rect = pygame.Rect(0, 0, px(200), px(36))
        self.analyse.rect.midtop = (cx, self.view.rect.bottom + px(12))
        self.focus.mark([self.view, self.analyse, self.menu])
        self.view.draw(surface, mouse)
        self.menu.draw(surface, mouse)
        self.analyse.draw(surface, mouse)
        tip = self.view.tooltip(mouse) or self.menu.tooltip(mouse) or self.analyse.tooltip(mouse)
        rule = link_at(self.rule_links, mouse)
        tip = tip or (cached_reference(self.client.gd).summary(rule) if rule is not None else None)
        if tip:
            draw_tooltip(surface, tip, mouse)
