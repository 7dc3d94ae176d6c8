"""The replay viewer (``malaya replay FILE``, or the menu's Replay): a saved game played back.

The map shows the position after the current action as the chosen side saw it (R2.5 limited
intelligence) or everything; the side panel has the controls, the timeline, the action in words
and the dice ledger. "Continue from here" starts a new game from the current position.
Keys: Space play/pause, ←/→ step, ↑/↓ phase, PgUp/PgDn player-turn, Home/End, 1–4 speed,
V view, M whole map, G each side's chance of winning (worked out in the background; click to jump), Esc back.
"""

from __future__ import annotations

import pygame

from malaya.engine import DeclareCombat, Hex, turn_date
from malaya.persistence.replay_cursor import SPEEDS, VIEWS, ReplayCursor
from malaya.persistence.replay_log import ReplayLog
from malaya.render.camera import Camera
from malaya.render.counters import CounterPainter
from malaya.render.highlights import draw_outline
from malaya.render.label_layout import draw_place_names
from malaya.render.map_painter import MapRenderer
from malaya.render.marks import draw_demolished, draw_front
from malaya.render.objectives import draw_objectives
from malaya.render.phase_bar import SIDE_COLORS
from malaya.render.stacks import draw_stacks
from malaya.render.viewpoints import start_view
from malaya.session.front import front_edges
from malaya.session.game_client import destination_of
from malaya.session.presenter import replay_views
from malaya.session.standing import objectives
from malaya.session.views import CounterView
from malaya.session.words.catalog import say
from malaya.session.words.event_words import PHASE_TITLES, SIDE_ADJECTIVES
from malaya.ui.app.intents import Pop, Push, ToBranch, ToRules, Transition
from malaya.ui.app.stack import App, Screen
from malaya.ui.app.win_chances import WinChanceWork
from malaya.ui.map_view.minimap import MiniMap
from malaya.ui.panels.replay_panel import ReplayControls, draw_replay_panel
from malaya.ui.panels.win_graph import STRIP_H, WinGraph, draw_win_graph
from malaya.ui.widgets.kit import (
    BG,
    DIM,
    PANEL_EDGE,
    TEXT,
    Button,
    draw_text,
    px,
    screen_areas,
    text_surface,
)
from malaya.ui.widgets.layout import Layout
from malaya.ui.widgets.link_text import link_at
from malaya.ui.widgets.tips import draw_button_tip

BAR_H = 40
PANEL_W = 380
MINIMAP_H = 150
_KEYS = {pygame.K_RIGHT: ("step", 1), pygame.K_LEFT: ("step", -1), pygame.K_DOWN: ("phase", 1),
         pygame.K_UP: ("phase", -1), pygame.K_PAGEDOWN: ("turn", 1), pygame.K_PAGEUP: ("turn", -1)}


HIDDEN_SIDES = say("replay.not_in_a_game_played")


class ReplayScreen(Screen):
    """See module docstring."""

    def __init__(self, app: App, log: ReplayLog, analyse: bool = False) -> None:
        self.app = app
        self.cursor = ReplayCursor(log, index=log.start_index)
        self.prefetched = 0
        board = log.gd.board
        self.renderer = MapRenderer(board, grid=app.settings.show_grid, progressive=True)
        self.camera = Camera(self.renderer.index.bounds, 800, 600)
        start_view(self.camera, board)
        self.minimap = MiniMap(board, self.renderer.index.bounds)
        self.painter = CounterPainter()
        self.controls = ReplayControls()
        self.branch = Button(say("replay.continue_from_here"), HIDDEN_SIDES if log.only_for else None, size=13,
                             tip=say("replay.play_on_from_this_moment"))
        self.back = Button(say("replay.back"), size=13, tip=say("replay.leave_the_replay_esc"))
        self.chances = Button(say("replay.win_chances"), size=13,
                              tip=say("replay.each_side_s_chance_of"))
        self.win: WinChanceWork | None = None
        self.show_win = False
        self.graph: WinGraph | None = None
        if analyse:
            self.toggle_win()
        self.drag: tuple[int, int] | None = None
        self._views_key: tuple[int, str] | None = None
        self._views: dict[Hex, list[CounterView]] = {}

    @property
    def name(self) -> str:
        """The save's name."""
        return self.cursor.log.save.name

    def areas(self, size: tuple[int, int]) -> dict[str, pygame.Rect]:
        """Bar, map, panel, Mini-Map and the panel body; with the win chances shown, their strip under the map."""
        areas = screen_areas(size, BAR_H, PANEL_W, MINIMAP_H, inset=6)
        if self.show_win:
            m = areas["map"]
            strip = min(px(STRIP_H), m.height // 3)
            areas["win"] = pygame.Rect(m.left, m.bottom - strip, m.width, strip)
            areas["map"] = pygame.Rect(m.left, m.top, m.width, m.height - strip)
        return areas

    def toggle_win(self) -> None:
        """Show or hide the win chances; the first time, start working them out in the background."""
        self.show_win = not self.show_win
        if self.show_win and self.win is None:
            self.win = WinChanceWork(self.cursor.log).start()

    def leave(self) -> None:
        """Stop the analysis workers (what they played stays in the cache)."""
        if self.win is not None:
            self.win.close()

    def close(self) -> None:
        """The window is closing: stop the analysis workers."""
        self.leave()

    # --- input ------------------------------------------------------------------------------------

    def layout(self) -> Layout:
        """The bar, map, Mini-Map and panel, with the bar's and the panel's buttons."""
        surface = pygame.display.get_surface()
        areas = self.areas(surface.get_size() if surface else (1280, 800))
        placed = Layout({name: pygame.Rect(r) for name, r in areas.items()})
        for b in (self.chances, self.branch, self.back):
            placed.add(b.label, b.rect, "bar")
        for name, b in self.controls.buttons.items():
            placed.add(name, b.rect, "panel")
        return placed

    def handle(self, event: pygame.event.Event, app: App) -> Transition | None:
        """Keys, the panel's buttons and timeline, the Mini-Map, and map drag/zoom."""
        surface = pygame.display.get_surface()
        areas = self.areas(surface.get_size() if surface else (1280, 800))
        if event.type == pygame.KEYDOWN:
            return self._key(event.key)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            if areas["map"].collidepoint(event.pos):
                self.drag = event.pos
            elif event.button == 1 and areas["mini"].collidepoint(event.pos):
                self.camera.center_on(*self.minimap.world_at(areas["mini"], event.pos))
        elif event.type == pygame.MOUSEMOTION and self.drag is not None:
            self.camera.pan(self.drag[0] - event.pos[0], self.drag[1] - event.pos[1])
            self.drag = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.drag = None
            return self._click(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP:
            self.drag = None
        elif event.type == pygame.MOUSEWHEEL and event.y:
            mouse = pygame.mouse.get_pos()
            if areas["map"].collidepoint(mouse):
                m = areas["map"]
                self.camera.zoom_at((mouse[0] - m.left, mouse[1] - m.top), 1 if event.y > 0 else -1)
        return None

    def _key(self, key: int) -> Transition | None:
        """Keyboard shortcuts (module docstring)."""
        c = self.cursor
        if key == pygame.K_ESCAPE:
            return Pop()
        elif key == pygame.K_SPACE:
            c.toggle_play()
        elif key in _KEYS:
            self.command(*_KEYS[key])
        elif key == pygame.K_HOME:
            c.jump(0)
        elif key == pygame.K_END:
            c.jump(len(c.log))
        elif pygame.K_1 <= key <= pygame.K_4:
            c.set_speed(SPEEDS[key - pygame.K_1])
        elif key == pygame.K_v:
            c.view = VIEWS[(VIEWS.index(c.view) + 1) % len(VIEWS)]
        elif key == pygame.K_m:
            self.camera.fit_overview()
        elif key == pygame.K_c and self.branch.enabled:
            return self.continue_here()
        elif key == pygame.K_g:
            self.toggle_win()
        return None

    def command(self, what: str, direction: int) -> None:
        """Step one action, or jump to the next/previous phase or player-turn."""
        c = self.cursor
        c.playing = False
        if what == "step":
            c.step(direction)
        elif direction > 0:
            c.next_mark(turns=what == "turn")
        else:
            c.prev_mark(turns=what == "turn")

    def _click(self, pos: tuple[int, int]) -> Transition | None:
        """A click on a bar button, a panel button or the timeline."""
        c = self.cursor
        if self.back.hit(pos):
            return Pop()
        if self.branch.hit(pos):
            return self.continue_here()
        if self.chances.hit(pos):
            self.toggle_win()
            return None
        if self.show_win and self.graph is not None and (p := self.graph.position_at(pos)) is not None:
            c.playing = False
            c.jump(p.index)
            return None
        if (rule := link_at(self.controls.links, pos)) is not None:  # a term in the panel's lines
            return Push(ToRules(self.cursor.gd, rule))
        name = self.controls.hit(pos)
        commands = {"step": ("step", 1), "step_back": ("step", -1), "phase": ("phase", 1),
                    "phase_back": ("phase", -1), "turn": ("turn", 1), "turn_back": ("turn", -1)}
        if name == "play":
            c.toggle_play()
        elif name in commands:
            self.command(*commands[name])
        elif name and name.startswith("speed:"):
            c.set_speed(int(name.split(":")[1]))
        elif name and name.startswith("view:"):
            c.view = name.split(":")[1]  # type: ignore[assignment]
        else:
            index = self.controls.timeline_index(pos, len(c.log))
            if index is not None:
                c.playing = False
                c.jump(index)
        return None

    def continue_here(self) -> Transition:
        """Open the "Continue from here" choice (solo or hotseat) for the current position."""
        self.cursor.playing = False
        return Push(ToBranch(self.cursor.log, self.cursor.index))

    # --- time and drawing ------------------------------------------------------------------------

    def update(self, dt: float, app: App) -> Transition | None:
        """Playback, and map chunks prefetched in spare time."""
        self.cursor.tick(dt)
        if self.win is not None:
            self.win.poll()
        self.prefetched = self.renderer.prefetch(self.camera, 0.003)
        return None

    def busy(self, app: App) -> bool:
        """Playing back, or map chunks left to prefetch."""
        return self.cursor.playing or self.prefetched > 0 or (self.win is not None and self.win.busy)

    def views(self) -> dict[Hex, list[CounterView]]:
        """Counter views of the current position and view (recomputed when either changes)."""
        key = (self.cursor.index, self.cursor.view)
        if key != self._views_key:
            self._views = replay_views(self.cursor.gd, self.cursor.state, self.cursor.viewer)
            self._views_key = key
        return self._views

    def focus_hex(self) -> Hex | None:
        """The hex the current action is about (a move's destination, a combat's defender), if any."""
        action = self.cursor.action()
        if action is None:
            return None
        if isinstance(action, DeclareCombat):
            return action.defender
        combat = self.cursor.state.combat
        return destination_of(action) or (combat.defender_hex if combat is not None else None)

    def draw(self, surface: pygame.Surface, app: App) -> None:
        """Bar, map, Mini-Map and panel."""
        areas = self.areas(surface.get_size())
        if (self.camera.width, self.camera.height) != areas["map"].size:
            self.camera.resize(*areas["map"].size)
        surface.fill(BG)
        target = surface.subsurface(areas["map"])
        self.renderer.draw(target, self.camera)
        state = self.cursor.state
        if app.settings.show_front:
            draw_front(target, self.camera, front_edges(self.cursor.gd, state.jp_control))
        if state.demolished:
            draw_demolished(target, self.camera, sorted(state.demolished))
        draw_objectives(target, self.camera, objectives(self.cursor.gd, state))
        views = self.views()
        draw_stacks(target, self.camera, self.painter, views)
        draw_place_names(target, self.camera, self.cursor.gd.board)
        focus = self.focus_hex()
        if focus is not None and self.cursor.gd.board.on_map(focus):
            draw_outline(target, self.camera, focus, (0, 0, 0), 6)
            draw_outline(target, self.camera, focus, (255, 236, 0), 3)
        mouse = pygame.mouse.get_pos()
        self._bar(surface, areas["bar"], mouse)
        stacks = [(h, vs[0].side) for h, vs in self.views().items()]
        self.minimap.draw(surface, areas["mini"], self.camera, stacks)
        draw_replay_panel(surface, areas["body"], self.controls, self.cursor, mouse)
        if self.show_win and self.win is not None:
            self.graph = draw_win_graph(surface, areas["win"], self.win.positions(), len(self.cursor.log),
                                        self.cursor.index, self.win.progress, self.win.busy, self.win.error, mouse)
        draw_button_tip(surface, (self.chances, self.branch, self.back, *self.controls.buttons.values()), mouse)

    def _bar(self, surface: pygame.Surface, rect: pygame.Rect, mouse: tuple[int, int]) -> None:
        """``Replay: name``, turn, date, side chip, phase; Back and Continue from here at the right."""
        surface.fill(BG, rect)
        pygame.draw.line(surface, PANEL_EDGE, rect.bottomleft, rect.bottomright)
        state, gd, mid = self.cursor.state, self.cursor.gd, rect.centery
        x = draw_text(surface, say("replay.replay", name=self.name[:40]), (rect.left + px(12), mid), 14, DIM,
                      anchor="midleft").right + px(16)
        date = turn_date(gd.scenario.calendar, max(1, min(state.turn, gd.last_turn)))
        when = say("replay.turn_date", turn=state.turn, day=date.day, month=format(date, "%b %Y"))
        x = draw_text(surface, when, (x, mid), 16, TEXT, bold=True,
                      anchor="midleft").right + px(14)
        img = text_surface(SIDE_ADJECTIVES[state.side], 15, (16, 16, 16), bold=True)
        chip = pygame.Rect(x, rect.top + px(8), img.get_width() + px(18), rect.height - px(16))
        pygame.draw.rect(surface, SIDE_COLORS.get(state.side.value, (200, 200, 200)), chip, border_radius=px(4))
        surface.blit(img, img.get_rect(center=chip.center))
        phase = say("replay.game_over") if state.finished else PHASE_TITLES[state.phase]
        draw_text(surface, phase, (chip.right + px(14), mid), 16, TEXT, bold=True, anchor="midleft")
        self.back.rect = pygame.Rect(rect.right - px(90), rect.top + px(6), px(80), rect.height - px(12))
        self.branch.rect = pygame.Rect(self.back.rect.left - px(176), self.back.rect.top, px(168),
                                       self.back.rect.height)
        self.chances.rect = pygame.Rect(self.branch.rect.left - px(128), self.back.rect.top, px(120),
                                        self.back.rect.height)
        self.chances.toggled = self.show_win
        self.chances.draw(surface, mouse)
        self.branch.draw(surface, mouse)
        self.back.draw(surface, mouse)
