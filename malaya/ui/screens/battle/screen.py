"""The battle screen: Tactical/Strategic Map, top bar, side panel with Mini-Map; all play goes via the gate.

Clicks go to the current input handler (:mod:`malaya.ui.input.handlers`), which answers with
the next handler, one legal action to submit, or a hint; the screen applies that answer in
:meth:`BattleScreen.apply` — submitting through the
:class:`~malaya.session.game_client.GameClient`, where a refusal becomes a log line and a toast.
Computer-played sides are driven by an :class:`~.ai_driver.AiDriver`; its answers are submitted
here, on the main thread, one per frame at most. Other pages are reached by returning a Transition.
The keyboard (:class:`~.keyboard.BattleKeys`), the mouse (:class:`~.mouse_input.BattleMouse`), the
side panel's scroll (:class:`~.panel_scroll.PanelScroll`) and the tooltips
(:class:`~.tooltips.BattleTips`) are objects of their own, as the computer's driver is.
"""

from __future__ import annotations

from dataclasses import replace

import pygame

from malaya.engine import Action, EndPhase, Hex, MoveUnit, RailMove, Side
from malaya.persistence.record import GameRecord
from malaya.persistence.views import View
from malaya.render.attack_arrows import draw_attack_arrows
from malaya.render.camera import ZOOM_LEVELS, Camera
from malaya.render.counters import CounterPainter
from malaya.render.geometry import hex_to_pixel, pixel_to_hex
from malaya.render.label_layout import draw_place_names
from malaya.render.map_painter import MapRenderer
from malaya.render.marks import MapMarks, draw_marks_top, draw_marks_under
from malaya.render.objectives import draw_objectives
from malaya.render.side_palette import side_palette
from malaya.render.stacks import draw_stacks
from malaya.render.viewpoints import start_view
from malaya.session import phase_info as info
from malaya.session.game_client import GameClient
from malaya.session.leftovers import LeftUndone
from malaya.session.match import Controller
from malaya.session.standing import objectives
from malaya.session.views import CounterView
from malaya.session.words.plain_words import plain_reason
from malaya.ui.app.intents import Transition
from malaya.ui.app.stack import App, Screen
from malaya.ui.audio.cues import Sound, Track
from malaya.ui.audio.event_cues import CueContext
from malaya.ui.input.cursor import HexCursor
from malaya.ui.input.handlers import BattleContext, Demolishing, Handler, Hint, Idle, Result, Submit
from malaya.ui.input.keymap import Command
from malaya.ui.map_view.animation import Animator
from malaya.ui.map_view.minimap import MiniMap
from malaya.ui.panels.side_panel import PanelHits, draw_side_panel
from malaya.ui.panels.top_bar import BarButton, BarLayout, draw_banner, draw_bar
from malaya.ui.screens.battle.ai_driver import AiDriver, AiFailed, follow, follow_path
from malaya.ui.screens.battle.autoskip import AutoSkip
from malaya.ui.screens.battle.end_phase import EndPhaseGuard, EndPhasePress, press_end_phase, review_focus
from malaya.ui.screens.battle.hover_tips import HoverTip
from malaya.ui.screens.battle.keyboard import BattleKeys
from malaya.ui.screens.battle.layers import (
    CounterViewCache,
    LandingHits,
    banner_text,
    battle_marks,
    draw_over_counters,
    draw_under_counters,
    minimap_stacks,
)
from malaya.ui.screens.battle.live_chances import LiveChances, draw_live_chances, solo_side
from malaya.ui.screens.battle.mouse_input import BattleMouse
from malaya.ui.screens.battle.panel_scroll import PanelScroll
from malaya.ui.screens.battle.save_check import SaveCheck
from malaya.ui.screens.battle.saves import BattleSaves
from malaya.ui.screens.battle.stack_group import StackGroup, follow_move
from malaya.ui.screens.battle.standing import StandingCache
from malaya.ui.screens.battle.status import battle_status
from malaya.ui.screens.battle.tooltips import BattleTips, bridge_tip, cursor_anchor
from malaya.ui.widgets.kit import BG, Button, draw_tooltip, screen_areas
from malaya.ui.widgets.layout import Layout

BAR_H = 40
PANEL_W = 320
MINIMAP_H = 170


class BattleScreen(Screen):
    """See module docstring."""

    music = Track.PLAY
    live_chances_allowed = True
    """Win chances may be shown during play (a solo game, when the player turned them on; never in a lesson)."""

    def __init__(self, app: App, client: GameClient, ai: dict[Side, Controller] | None = None,
                 record: GameRecord | None = None, view: View | None = None) -> None:
        self.app = app
        self.client = client
        board = client.gd.board
        self.renderer = MapRenderer(board, grid=app.settings.show_grid, progressive=True)
        bounds = self.renderer.index.bounds
        self.tactical = Camera(bounds, 800, 600)
        start_view(self.tactical, board)
        if view is not None:  # a loaded game: where the player was looking when it was saved
            self.tactical.zoom = min(ZOOM_LEVELS, key=lambda z: abs(z - view.zoom))
            self.tactical.center_on(*hex_to_pixel(view.centre))
        self.strategic = Camera(bounds, 800, 600)
        self.strategic.fit_overview()
        self.show_strategic = False
        self.minimap = MiniMap(board, bounds)
        self.painter = CounterPainter()
        self.selection: Handler = Idle()
        self.hover: Hex | None = None
        self.cursor = HexCursor()  # the keyboard's map cursor (issue 26 §2)
        self.hits = PanelHits()
        self.buttons: dict[str, Button] = {
            "strategic": BarButton("Show Strategic Map", size=13,
                                   alternatives=("Show Strategic Map", "Hide Strategic Map")),
            **{k: BarButton(label, size=13) for k, label in (("grid", "Grid"), ("help", "Help"), ("menu", "Menu"))}}
        self.end_phase = Button("End Phase", size=14)
        self.bar = BarLayout()
        self.scroll = PanelScroll()
        self.keys = BattleKeys(self)
        self.mouse_input = BattleMouse(self)
        self._standing = StandingCache()
        self.banner = pygame.Rect(0, 0, 0, 0)
        """Where the banner over the map was drawn last frame (empty: none); a lesson card keeps off it."""
        self.ai = AiDriver(ai or {}, client)
        self.autoskip = AutoSkip()
        self.buttons["briefing"] = BarButton("Briefing", size=13)  # the scenario's briefing and objectives (B)
        self.buttons["rules"] = BarButton("Rules", size=13)  # the rules page (R / F2, issue 14 §3)
        self.end_guard = EndPhaseGuard()
        self.ctx = BattleContext(client)
        self.animator = Animator()
        self.landing_hits: LandingHits = []
        self._views = CounterViewCache()
        self.saves = BattleSaves(app, client, record)
        self.saves.view = self.map_view
        self.save_check = SaveCheck(client, record)  # a loaded save is checked in full off the frame loop
        self.prefetched = 0
        self.group = StackGroup()
        listener = next(iter(client.humans)) if len(client.humans) == 1 else None
        self.cues = CueContext.for_game(client.gd, listener)
        self.hover_tip = HoverTip()  # a hex the mouse rests on explains itself (issue 14 §3)
        self.tips = BattleTips(self.hover_tip)
        solo = solo_side(client, ai or {}) if self.live_chances_allowed else None
        self.chances = LiveChances(client.gd, solo) if solo is not None else None
        """The win chances during a solo game (None: hotseat, PBEM, a lesson: never shown there)."""

    # --- layout ----------------------------------------------------------------------------------

    def areas(self, size: tuple[int, int]) -> dict[str, pygame.Rect]:
        """Screen rectangles of the bar, the map, the side panel and the Mini-Map."""
        return screen_areas(size, BAR_H, PANEL_W, MINIMAP_H, inset=4)

    @property
    def camera(self) -> Camera:
        """The camera of the map shown now (Strategic or Tactical)."""
        return self.strategic if self.show_strategic else self.tactical

    @property
    def demolish_mode(self) -> bool:
        """True while the CW's Demolish mode is armed (R7.7)."""
        return isinstance(self.selection, Demolishing)

    def map_view(self) -> View:
        """Where the map looks now: the hex at its centre and the zoom (kept with each save of the game)."""
        return View(pixel_to_hex(*self.tactical.center()), self.tactical.zoom)

    def _sync_cameras(self, map_rect: pygame.Rect) -> None:
        """Keep both cameras the size of the map area."""
        if (self.tactical.width, self.tactical.height) != map_rect.size:
            self.tactical.resize(*map_rect.size)
            self.strategic.width, self.strategic.height = map_rect.size
            self.strategic.fit_overview()

    # --- acting ---------------------------------------------------------------------------------

    def submit(self, action: Action) -> bool:
        """Submit through the gate; a refusal is logged and toasted, never raised."""
        before, seen = self.client.state, len(self.client.match.events)
        rejection = self.client.submit(action)
        if rejection is not None:
            self.refuse(self.client.refused(action, rejection))  # logged with its place; rule numbers kept apart
            return False
        events = self.client.match.events[seen:]
        speed = "instant" if self.ai.skip else self.app.settings.animation_speed
        self.animator.feed(self.client.gd, before, self.client.state, events, speed, self.visible_units())
        self.app.sound.play_events(events, self.cues)
        return True

    def visible_units(self) -> frozenset[str]:
        """The units the viewer sees now (not the Unknown counters of R2.5): only their moves are animated."""
        return frozenset(v.unit_id for views in self.client.counter_views().values() for v in views if v.unit_id)

    def refuse(self, reason: str) -> None:
        """A refused click: the reason as a warning toast, and the refusal sound."""
        self.app.toast(reason, warning=True)
        self.app.sound.play(Sound.ILLEGAL)

    def apply(self, result: Result) -> None:
        """Carry out a handler's answer: submit its action, show its hint, or switch handler."""
        if isinstance(result, Submit):
            moved = self.submit(result.action)
            self.selection = result.then
            followers = self.group.followers(result.action)
            if moved and followers and isinstance(result.action, MoveUnit | RailMove):
                self._follow(followers, result.action)
        elif isinstance(result, Hint) and result.warning:
            self.refuse(plain_reason(result.text))
        elif isinstance(result, Hint):
            self.app.toast(plain_reason(result.text))
        else:
            if result.selected is not None and result.selected != self.selection.selected:
                self.app.sound.play(Sound.SELECT)
            self.selection = result

    def close(self) -> None:
        """Stop the AI thread and the win chances' work."""
        self.ai.close()
        if self.chances is not None:
            self.chances.close()

    def leave(self) -> None:
        """The battle is left (menu, another game, quit): the quit autosave, then stop the AI."""
        self.saves.leave()
        self.close()

    # --- events ----------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event, app: App) -> Transition | None:
        """Keys, then mouse: bar, panel, Mini-Map, map."""
        surface = pygame.display.get_surface()
        areas = self.areas(surface.get_size() if surface else (1280, 800))
        if event.type == pygame.KEYDOWN:
            return self.keys.key(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            return self.mouse_input.down(event, areas)
        if event.type == pygame.MOUSEMOTION:
            self.mouse_input.motion(event, areas)
        elif event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3):
            self.mouse_input.up(event, areas)
        elif event.type == pygame.MOUSEWHEEL and event.y:
            self.mouse_input.scroll(event, areas)
        return None

    def command(self, command: Command) -> Transition | None:
        """Carry out a keyboard command."""
        return self.keys.command(command)

    def _follow(self, units: tuple[str, ...], action: MoveUnit | RailMove) -> None:
        """The rest of a selected stack makes the same move where it can; says who stayed behind."""
        stayed = []
        for unit in units:
            move = follow_move(self.client, unit, action)
            if move is None or not self.submit(move):
                stayed.append(self.client.gd.unit_def(unit).name)
        if stayed:
            self.app.toast(f"Could not follow: {', '.join(stayed)}.", warning=True)

    def scroll_panel(self, by: int, body: pygame.Rect) -> None:
        """Scroll the side panel by ``by`` pixels (within what it drew last frame)."""
        self.scroll.by(by, body, self.hits.content_height)

    @property
    def panel_scroll(self) -> int:
        """How far the side panel is scrolled, in pixels."""
        return self.scroll.offset

    def request_end_phase(self) -> Transition | None:
        """End Phase pressed: a double press ends one phase (the second is toasted); asks first when work is left."""
        press = EndPhasePress(self.app.clock(), self.app.settings.confirm_end_phase, self.end_phase_now, self.review,
                              self.refuse)
        return press_end_phase(self.end_guard, self.client, press)

    def end_phase_now(self) -> None:
        """Submit End Phase (a refusal is toasted) and drop the selection."""
        if self.submit(EndPhase(side=self.client.state.side)):
            self.selection = Idle()

    def review(self, left: LeftUndone) -> None:
        """Back to the phase: select the first unit left (or show the first hex left) on the Tactical Map."""
        selection, where = review_focus(self.client, left)
        self.selection = selection or self.selection
        if where is not None:
            self.tactical.center_on(*hex_to_pixel(where))
            self.show_strategic = False

    def toggle_grid(self) -> None:
        """Show or hide the hex grid (remembered in the settings)."""
        self.renderer.toggle_grid()
        self.app.set_settings(self.app.settings.with_(show_grid=self.renderer.grid))

    # --- time -------------------------------------------------------------------------------------

    def update(self, dt: float, app: App) -> Transition | None:
        """Edge scrolling, the computer's moves, hand-over and game-end screens, chunk prefetch."""
        waiting = self.save_check.update()  # a loaded save not yet checked in full: the game waits (issue 16)
        if waiting is not None or self.save_check.busy:
            return waiting
        self.mouse_input.edge_scroll(dt)
        self.animator.update(dt)
        self._computer_move(dt)
        if self.client.is_human_turn():
            end = self.autoskip.update(dt, self.client, app.settings.auto_skip, self.animator.active)
            if end is not None:
                self.submit(end)
            if self.demolish_mode and not info.demolitions(self.client):
                self.selection = Idle()
        self.saves.update()
        if self.selection.selected is not None and self.selection.selected not in self.client.available_units():
            self.selection = Idle()
        news = self.ai.watch_turn(self.client, self.saves.files(), self.saves.record)
        if news.changed:
            self.selection = Idle()
        self.prefetched = self.renderer.prefetch(self.camera, 0.003)
        self.hover = self.pointed()
        if self.chances is not None:
            self.chances.update(self.client.state, app.settings.live_win_chances)
        return news.show

    def pointed(self) -> Hex | None:
        """The hex the player points at now: the map cursor while shown, else the hex under the pointer as the
        camera shows it now (keys, the Mini-Map or a lesson may have moved it since the pointer moved)."""
        if self.cursor.shown:
            return self.cursor.at
        surface = pygame.display.get_surface()
        return self.mouse_input.pointed(self.areas(surface.get_size() if surface else (1280, 800)))

    def status(self) -> dict[str, object]:
        """The game as a real-window test watches it (``$MALAYA_STATE_FILE``)."""
        return battle_status(self)

    def busy(self, app: App) -> bool:
        """Animating, the computer playing, an auto-skip pending, map chunks to prefetch or Alt-edge scrolling."""
        computer = self.ai.worker is not None and not self.client.is_human_turn() and not self.client.state.finished
        return (self.animator.active or computer or self.autoskip.empty_for > 0 or self.prefetched > 0
                or self.mouse_input.edge_scrolling() or self.save_check.busy)

    def _computer_move(self, dt: float) -> None:
        """Submit the computer side's next action, if one is due (following its combats and moves into view)."""
        settings = self.app.settings
        move = self.ai.next_action(dt, self.client, self.animator.active, settings.ai_delay)
        if isinstance(move, AiFailed):
            self.app.toast(f"The computer player failed: {move.error}", warning=True)
            return
        if move is None:
            return
        following = settings.follow_computer and not self.ai.skip and not self.show_strategic
        if following:
            follow(self.tactical, move)
        if self.submit(move):
            self.ai.hold_for_combat(self.client, settings.ai_delay)
            path = self.animator.newest_move()
            if following and path is not None:
                follow_path(self.tactical, path)

    # --- drawing ----------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, app: App) -> None:
        """Map, bar, panel (Mini-Map first), banner, tooltip."""
        areas = self.areas(surface.get_size())
        self._sync_cameras(areas["map"])
        mouse = pygame.mouse.get_pos()
        surface.fill(BG)
        self._draw_map(surface.subsurface(areas["map"]))
        self.buttons["strategic"].label = "Hide Strategic Map" if self.show_strategic else "Show Strategic Map"
        self.buttons["strategic"].toggled = self.show_strategic
        self.buttons["grid"].toggled = self.renderer.grid
        status = self.client.status()
        self.end_phase.reason = status.end_phase_reason
        standing = self._standing(self.client)
        self.bar = draw_bar(surface, areas["bar"], status, list(self.buttons.values()), self.end_phase, mouse, standing,
                            self._standing.trend())
        self.minimap.draw(surface, areas["mini"], self.tactical, minimap_stacks(self.client))
        self.scroll.keep_for(self.client, areas["body"], self.hits.content_height)
        self.hits = draw_side_panel(surface, areas["body"], self.client, self.selection.selected, self.hover, mouse,
                                    self.demolish_mode, self.scroll.offset,
                                    self.keys.keymap.label(Command.DICE_LEDGER))
        banner = banner_text(self.client, self.ai.busy_for, self.demolish_mode)
        self.banner = draw_banner(surface, areas["map"], banner) if banner else pygame.Rect(0, 0, 0, 0)
        if self.chances is not None and app.settings.live_win_chances and not self.client.state.finished:
            draw_live_chances(surface, areas["map"], self.bar, self.chances, mouse)
        self.keys.keep_panel_focus()
        self.keys.draw_panel_focus(surface)
        self.tips.label(self.buttons, self.end_phase, self.keys.keymap)
        self.tips.label_panel(self.hits, self.keys.keymap)
        tip = self.tips.pick(mouse, [self.end_phase, *self.buttons.values()], self.hits, self.bar)
        if tip:
            draw_tooltip(surface, tip, mouse)
        elif (tip := self.map_tip(areas["map"])) is not None:
            pointer = self.mouse_input.pointer or mouse
            anchor = pointer if not self.cursor.shown else cursor_anchor(self.camera, areas["map"], self.cursor)
            draw_tooltip(surface, tip, anchor, within=areas["map"])

    def map_tip(self, map_area: pygame.Rect) -> str | None:
        """The map's tooltip: the bridge pointed at in Demolish mode, a landing preview, the hex's explanation."""
        bridge = bridge_tip(self.client, self.camera, map_area, self.mouse_input.pointer, self.cursor) \
            if self.demolish_mode else None
        return bridge or self.tips.on_map(self.client, self.selection.selected, self.hover)


    def layout(self) -> Layout:
        """The bar, map, Mini-Map and panel, with the bar's buttons and the panel's rows and buttons."""
        surface = pygame.display.get_surface()
        areas = self.areas(surface.get_size() if surface else (1280, 800))
        placed = Layout({name: pygame.Rect(r) for name, r in areas.items()})
        for b in self.bar.buttons:
            placed.add(b.label, b.rect, "bar")
        if self.bar.vp.width:
            placed.add("VP", self.bar.vp, "bar")
        for name, rect in self.hits.rects():
            placed.add(name, rect, "body")
        return placed

    def _draw_map(self, target: pygame.Surface) -> None:
        """The map, highlights, counters, hover and path."""
        cam, client, selected = self.camera, self.client, self.selection.selected
        palette = side_palette(self.app.settings.palette_name)
        self.painter.use_palette(palette)
        self.renderer.draw(target, cam)
        marks = self.marks()
        draw_marks_under(target, cam, marks, palette.combat)
        draw_under_counters(target, cam, client, show_front=self.app.settings.show_front, selected=selected,
                            palette=palette)
        draw_objectives(target, cam, objectives(client.gd, client.state))
        views = self.views()
        draw_stacks(target, cam, self.painter, views)
        draw_place_names(target, cam, client.gd.board)
        if self.app.settings.show_attack_arrows:
            draw_attack_arrows(target, cam, self.ai.arrows)
        self.landing_hits = draw_over_counters(target, cam, self.painter, client, selected, self.animator,
                                               self.demolish_mode)
        draw_marks_top(target, cam, marks)

    def views(self) -> dict[Hex, list[CounterView]]:
        """Counter views for this state and selection (recomputed only when either changes)."""
        return self._views(self.client, self.selection.selected, self.animator.hidden_units())

    def marks(self) -> MapMarks:
        """What the current handler highlights (destinations, path, attackable hexes, the combat)."""
        marks = battle_marks(self.client, self.selection, self.hover)
        if not self.cursor.shown:
            return marks
        landing = self.cursor.at if self.cursor.landing else None
        return replace(marks, cursor=self.cursor.at, cursor_bridge=self.cursor.bridge, cursor_landing=landing,
                       board=self.client.gd.board)
