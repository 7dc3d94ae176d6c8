"""Interstitial screens: the hotseat hand-over (the map hidden) and the game end with its VP breakdown."""

from __future__ import annotations

import webbrowser
from pathlib import Path

import pygame

from malaya import engine
from malaya.engine import Side, signed_text
from malaya.persistence.record import GameRecord
from malaya.persistence.replay_log import ReplayLog
from malaya.render.phase_bar import SIDE_COLORS
from malaya.session.game_client import GameClient
from malaya.session.standing import vp_rows
from malaya.session.words.catalog import say
from malaya.session.words.event_words import SIDE_ADJECTIVES
from malaya.session.words.rules_ref import cached_reference
from malaya.session.words.rules_ref.phases import VICTORY_RULE
from malaya.ui.app.background import Background, finished, started
from malaya.ui.app.flow import open_replay
from malaya.ui.app.intents import (
    GameFiles,
    Pop,
    Problem,
    Push,
    Reset,
    ToMenu,
    ToReplay,
    ToRules,
    ToSaveAs,
    Transition,
)
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
        draw_text(surface, say("end_screen.player_turn", side=SIDE_ADJECTIVES[self.side]), (cx, cy - px(50)), 34,
                  color, bold=True,
                  anchor="center")
        draw_text(surface, say("end_screen.game_turn", turn=self.turn, date=self.date), (cx, cy), 18, TEXT,
                  anchor="center")
        draw_text(surface, say("end_screen.hand_the_computer_to_the", side=SIDE_ADJECTIVES[self.side]),
                  (cx, cy + px(44)), 15, DIM, anchor="center")


def _vp(value: int) -> str:
    """``15 VP``, ``−1 VP`` (a true minus, not a hyphen)."""
    return say("end_screen.vp", vp=value).replace("-", "−")


def vp_breakdown(client: GameClient) -> list[tuple[str, str]]:
    """(label, value) rows explaining the final VP (R15.2–R15.5)."""
    gd, state = client.gd, client.state
    res = engine.result(gd, state)
    if res is None:
        return [(say("end_screen.the_game_is_not_over"), "")]
    rows = [(label, str(vp) if vp >= 0 else signed_text(vp)) for label, vp in vp_rows(gd, state, res)]
    rows.append((say("end_screen.total_japanese_minus_commonwealth", jp_vp=_vp(res.jp_vp), cw_vp=_vp(res.cw_vp)),
                 signed_text(res.margin)))
    return rows


class EndScreen(Screen):
    """The game is over: the scenario's result level and VP breakdown; View Map, Replay, Report, Save, Main Menu."""

    def __init__(self, client: GameClient, files: GameFiles | None = None, record: GameRecord | None = None) -> None:
        self.client = client
        self.files = files
        self.record = record
        self.view = Button(say("end_screen.view_map"), size=15, tip=say("end_screen.look_at_the_final_map"))
        self.replay = Button(say("end_screen.replay"), size=15, tip=say("end_screen.watch_this_game_again_move"))
        self.report = Button(say("end_screen.report"), size=15, tip=say("end_screen.write_the_after_action_report"))
        self.save = Button(say("end_screen.save"), size=15, tip=say("end_screen.save_this_game_under_a"))
        self.analyse = Button(say("end_screen.analyse"), size=15,
                              tip=say("end_screen.replay_the_game_with_each"),
                              reason=None if record is not None else say("end_screen.this_game_has_no_record"))
        self.menu = Button(say("end_screen.main_menu"), size=15, tip=say("end_screen.back_to_the_main_menu"))
        self.focus = ButtonFocus()
        self.table = pygame.Rect(0, 0, 0, 0)
        self.rule_links: LinkHits = []
        self.writing: Background[Path] | None = None
        self.loading: Background[Transition | Problem] | None = None
        """The game's file being opened in the replay viewer, off the window's thread."""
        self.report_at: Path | None = None
        self.said = ""
        """The last word on a file: where the report was written, or why it was not."""
        if files is None:
            for b in (self.replay, self.report, self.save):
                b.reason = say("end_screen.this_game_is_not_recorded")

    @property
    def buttons(self) -> list[Button]:
        """The row of buttons, left to right."""
        return [self.view, self.replay, self.report, self.save, self.analyse, self.menu]

    def layout(self) -> Layout:
        """The VP table and the buttons."""
        placed = Layout({"table": pygame.Rect(self.table)})
        for b in self.buttons:
            placed.add(b.label.lower(), b.rect)
        return placed

    def handle(self, event: pygame.event.Event, app: App) -> Transition | None:
        """A button by click or by arrows/Tab + Enter; Esc returns to the (finished) battle's map."""
        pressed = self.focus.key(event, self.buttons)
        if pressed is not None:
            return self._press(pressed, app)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if (rule := link_at(self.rule_links, event.pos)) is not None:
                return Push(ToRules(self.client.gd, rule))
            hit = next((b for b in self.buttons if b.hit(event.pos)), None)
            return self._press(hit, app) if hit is not None else None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return Pop()
        if event.type == pygame.KEYDOWN and event.key == pygame.K_a:
            return self.analyse_game()
        return None

    def analyse_game(self) -> Transition | None:
        """The replay viewer over this game, its win chances worked out in the background."""
        if self.record is None:
            return None
        log = ReplayLog.build(self.client.gd, self.record.to_save("this game"), "this game")
        return Push(ToReplay(log, analyse=True))

    def _press(self, button: Button, app: App) -> Transition | None:
        """What each button does."""
        files = self.files
        if button is self.menu:
            return Reset(ToMenu())
        if button is self.view:
            return Pop()
        if button is self.analyse:
            return self.analyse_game()
        if files is None:
            return None
        if button is self.save:
            return Push(ToSaveAs(files.default_name, files.folder, files.save_as))
        if button is self.report and self.report_at is not None:
            self._open_report(self.report_at)
            return None
        kept = files.kept()
        if isinstance(kept, str):
            self.said = kept
            return None
        if button is self.replay and self.loading is None:
            self.loading = started(lambda: open_replay(app, kept), kept.stem)
            self.said = say("end_screen.opening_the_replay")
            return self._opened()
        if button is self.report and self.writing is None and app.write_report is not None:
            write = app.write_report
            self.writing = Background(lambda: write(kept), "report").start()
            self.said = say("end_screen.writing_the_after_action_report")
        return None

    def _open_report(self, index: Path) -> None:
        """Open the written report in the web browser (or say where it is if none opens)."""
        if not webbrowser.open(index.as_uri()):
            self.said = say("end_screen.no_web_browser_opened_the", path=index)

    def _opened(self) -> Transition | None:
        """The way into the replay once its file is open, or why it is not as the page's word."""
        opened = finished(self.loading)
        if opened is None:
            return None
        self.loading, self.said = None, ""
        if isinstance(opened, Problem):
            self.said = opened.reason
            return None
        return opened

    def update(self, dt: float, app: App) -> Transition | None:
        """Follow the report being written and the replay being opened; say where the report is (or why not)."""
        writing = self.writing
        if writing is not None and writing.done:
            self.writing = None
            try:
                self.report_at = writing.result()
            except Exception as exc:  # a full disk or a bad file: say so, keep the page
                self.said = say("end_screen.the_report_could_not_be", vp=getattr(exc, 'strerror', None) or exc)
            else:
                self.said = say("end_screen.report_written", path=self.report_at)
                self.report.label = say("end_screen.open_report")
                self.report.tip = say("end_screen.open_the_after_action_report")
        if self.files is not None:
            self.report.reason = None if app.write_report is not None else \
                say("end_screen.reports_are_written_by_the")
        return self._opened()

    def busy(self, app: App) -> bool:
        """True while the report is being written or the replay opened (to show their progress)."""
        return self.writing is not None or self.loading is not None

    def draw(self, surface: pygame.Surface, app: App) -> None:
        """The result and the table of VP, the buttons and the last word on a file."""
        surface.fill(BG)
        gd = self.client.gd
        res = engine.result(gd, self.client.state)
        cx = surface.get_width() // 2
        level = res.level if res is not None else "—"
        draw_text(surface, say("end_screen.game_over", name=gd.scenario.name),
                  (cx, px(60)), 20, DIM, anchor="center")
        shown = draw_text(surface, level, (cx, px(110)), 38, ACCENT, bold=True, anchor="center")
        rows = vp_breakdown(self.client)
        box = pygame.Rect(0, 0, px(560), px(40) + len(rows) * px(24))
        box.midtop = (cx, px(160))
        self.table = box
        inner = draw_panel(surface, box, say("end_screen.victory_points"))
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
        self._place_buttons(cx, box.bottom + px(24))
        self.focus.mark(self.buttons)
        for b in self.buttons:
            b.draw(surface, mouse)
        running = self.writing or self.loading
        said = self.said + (f" {running.elapsed():.0f} s" if running is not None else "")
        if said:
            draw_text(surface, said, (cx, self.view.rect.bottom + px(24)), 14, TEXT, anchor="center")
        tip = next((t for b in self.buttons if (t := b.tooltip(mouse))), None)
        rule = link_at(self.rule_links, mouse)
        tip = tip or (cached_reference(gd).summary(rule) if rule is not None else None)
        if tip:
            draw_tooltip(surface, tip, mouse)

    def _place_buttons(self, cx: int, top: int) -> None:
        """The buttons in one centred row (room is left for one more)."""
        w, gap = px(140), px(16)
        left = cx - (len(self.buttons) * w + (len(self.buttons) - 1) * gap) // 2
        for i, b in enumerate(self.buttons):
            b.rect = pygame.Rect(left + i * (w + gap), top, w, px(36))
