"""The battle screen: Tactical/Strategic Map, top bar, side panel with Mini-Map; all play goes via the gate.

Clicks become legal actions (see :mod:`malaya.ui.battle_input`) submitted through the
:class:`~malaya.session.game_client.GameClient`; a refusal becomes a log line and a
toast. Computer-played sides are driven by an :class:`~malaya.session.ai_worker.AIWorker`
thread; its answers are submitted here, on the main thread, one per frame at most.
"""

from __future__ import annotations

import pygame

from malaya.engine.actions import Action, EndPhase, MoveUnit, RailMove
from malaya.engine.sides import Side
from malaya.render.camera import Camera
from malaya.render.counters import CounterPainter
from malaya.render.highlights import hex_at
from malaya.render.map_painter import MapRenderer
from malaya.render.marks import MapMarks, draw_marks_top, draw_marks_under
from malaya.render.stacks import draw_stacks
from malaya.render.viewpoints import HOME_PLACE, center_on_place, start_view
from malaya.session.ai_worker import AIWorker
from malaya.session.game_client import GameClient
from malaya.session.match import Controller
from malaya.ui import battle_ai
from malaya.ui import battle_layers as layers
from malaya.ui.animation import Animator
from malaya.ui.battle_draw import draw_banner, draw_bar
from malaya.ui.battle_input import BattleContext, Idle, MouseIdle, Pressing, Selection, UnitSelected
from malaya.ui.battle_saves import BattleSaves
from malaya.ui.input.keys import key_pan
from malaya.ui.minimap import MiniMap
from malaya.ui.screens import App, Screen
from malaya.ui.side_panel import PanelHits, draw_side_panel
from malaya.ui.widgets import BG, Button, draw_tooltip, px, screen_areas

BAR_H = 40
PANEL_W = 320
MINIMAP_H = 170
EDGE_PX = 24
EDGE_SPEED = 900.0
"""Alt + mouse near a map edge scrolls this many screen pixels per second (R18.2)."""


class BattleScreen(Screen):
    """See module docstring."""

    def __init__(self, app: App, client: GameClient, ai: dict[Side, Controller] | None = None) -> None:
        self.app = app
        self.client = client
        board = client.gd.board
        self.renderer = MapRenderer(board, grid=app.settings.show_grid)
        bounds = self.renderer.index.bounds
        self.tactical = Camera(bounds, 800, 600)
        start_view(self.tactical, board)
        self.strategic = Camera(bounds, 800, 600)
        self.strategic.fit()
        self.show_strategic = False
        self.minimap = MiniMap(board, bounds)
        self.painter = CounterPainter()
        self.selection: Selection = Idle()
        self.mouse = MouseIdle()
        self.press: Pressing | None = None
        self.minimap_drag = False
        self.hover = None
        self.hits = PanelHits()
        self.buttons = {k: Button(label, size=13) for k, label in
                        (("strategic", "Strategic Map"), ("grid", "Grid"), ("help", "Help"), ("menu", "Menu"))}
        self.end_phase = Button("End Phase", size=14)
        self.controllers = dict(ai or {})
        self.worker = AIWorker(self._ai_move) if self.controllers else None
        self.ai_wait = 0.0
        self.skip = False
        self.player_turn = (client.state.turn, client.state.side)
        self.ended_shown = False
        self.ctx = BattleContext(client, self.submit, lambda text: app.toast(text))
        self.animator = Animator()
        self.demolish_mode = False
        self.landing_hits: list[tuple[pygame.Rect, str]] = []
        self.empty_for = 0.0
        self.ai_busy_for = 0.0
        self.ai_report: list[str] = []
        self._views_key: tuple[object, ...] | None = None
        self._views: dict = {}
        self.saves = BattleSaves(app, client)

    # --- layout ----------------------------------------------------------------------------------

    def areas(self, size: tuple[int, int]) -> dict[str, pygame.Rect]:
        """Screen rectangles of the bar, the map, the side panel and the Mini-Map."""
        return screen_areas(size, BAR_H, PANEL_W, MINIMAP_H, inset=4)

    @property
    def camera(self) -> Camera:
        """The camera of the map shown now (Strategic or Tactical)."""
        return self.strategic if self.show_strategic else self.tactical

    def _sync_cameras(self, map_rect: pygame.Rect) -> None:
        """Keep both cameras the size of the map area."""
        if (self.tactical.width, self.tactical.height) != map_rect.size:
            self.tactical.resize(*map_rect.size)
            self.strategic.width, self.strategic.height = map_rect.size
            self.strategic.fit()

    # --- acting ---------------------------------------------------------------------------------

    def submit(self, action: Action) -> bool:
        """Submit through the gate; a refusal is logged and toasted, never raised."""
        before, seen = self.client.state, len(self.client.match.events)
        rejection = self.client.submit(action)
        if rejection is not None:
            self.client.note(f"Refused: {rejection.message}")
            self.app.toast(rejection.message, warning=True)
            return False
        speed = "instant" if self.skip else self.app.settings.animation_speed
        self.animator.feed(self.client.gd, before, self.client.state, self.client.match.events[seen:], speed)
        return True

    def _ai_move(self, gd, state):  # type: ignore[no-untyped-def]
        """The controller of the side to act (runs in the worker thread)."""
        return self.controllers[state.side](gd, state)

    def close(self) -> None:
        """Stop the AI thread."""
        if self.worker is not None:
            self.worker.close()
            self.worker = None

    def leave(self) -> None:
        """The battle is left (menu, another game, quit): the quit autosave, then stop the AI."""
        self.saves.leave()
        self.close()

    # --- events ----------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event, app: App) -> None:
        """Keys, then mouse: bar, panel, Mini-Map, map."""
        areas = self.areas(pygame.display.get_surface().get_size() if pygame.display.get_surface() else (1280, 800))
        if event.type == pygame.KEYDOWN:
            self._key(event, app)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            self._press(event, areas)
        elif event.type == pygame.MOUSEMOTION:
            self._motion(event, areas)
        elif event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3):
            self._release(event, areas)
        elif event.type == pygame.MOUSEWHEEL and event.y:
            mouse = pygame.mouse.get_pos()
            if areas["map"].collidepoint(mouse):
                local = (mouse[0] - areas["map"].left, mouse[1] - areas["map"].top)
                self._wheel(local, event.y)

    def _key(self, event: pygame.event.Event, app: App) -> None:
        """Keyboard shortcuts (see the Help overlay)."""
        key = event.key
        if self.saves.key(event):
            return
        if key in (pygame.K_h, pygame.K_F1):
            from malaya.ui.help_screen import HelpScreen

            app.push(HelpScreen())
        elif key == pygame.K_g:
            self.toggle_grid()
        elif key == pygame.K_l:
            self.app.set_settings(self.app.settings.with_(show_front=not self.app.settings.show_front))
        elif key == pygame.K_m:
            self.show_strategic = not self.show_strategic
        elif key == pygame.K_ESCAPE:
            self.demolish_mode = False
            self.selection = self.selection.escape(self.ctx)
        elif key == pygame.K_SPACE:
            self.skip = not self.client.is_human_turn()
            self.animator.skip()
        elif key == pygame.K_d:
            layers.open_ledger(self)
        elif key == pygame.K_w:
            battle_ai.open_report(self)
        elif key == pygame.K_KP5:
            center_on_place(self.tactical, self.client.gd.board, HOME_PLACE)
            self.show_strategic = False
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_MINUS, pygame.K_KP_MINUS):
            cam = self.tactical
            self._wheel((cam.width // 2, cam.height // 2), 1 if key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS) else -1)
        else:
            key_pan(self.camera if not self.show_strategic else self.tactical, key)

    def _wheel(self, local: tuple[int, int], steps: int) -> None:
        """Zoom the Tactical Map; wheeling in on the Strategic Map opens the Tactical Map there."""
        if self.show_strategic:
            if steps > 0:
                self.tactical.center_on(*self.strategic.screen_to_world(*local))
                self.show_strategic = False
            return
        self.tactical.zoom_at(local, steps)

    def _press(self, event: pygame.event.Event, areas: dict[str, pygame.Rect]) -> None:
        """Bar buttons, panel rows and buttons, the Mini-Map, or the start of a map click/drag."""
        pos = event.pos
        if areas["bar"].collidepoint(pos):
            self._bar_click(pos)
        elif areas["mini"].collidepoint(pos):
            self.minimap_drag = True
            self.tactical.center_on(*self.minimap.world_at(areas["mini"], pos))
            self.show_strategic = False
        elif areas["map"].collidepoint(pos) and self.animator.active and event.button == 1:
            self.animator.skip()  # a click skips the animation and does nothing else
        elif areas["panel"].collidepoint(pos):
            action = self.hits.action_at(pos)
            unit = self.hits.unit_at(pos)
            command = self.hits.command_at(pos)
            if command is not None:
                layers.run_command(self, command)
            elif action is not None:
                self.submit(action)
            elif unit is not None:
                self.selection = self.selection.pick(unit, self.ctx)
                layers.focus_destinations(self)
        elif areas["map"].collidepoint(pos):
            self.press = self.mouse.press(event)

    def _bar_click(self, pos: tuple[int, int]) -> None:
        """A click on a top-bar button."""
        if self.end_phase.hit(pos):
            if self.submit(EndPhase(side=self.client.state.side)):
                self.selection = Idle()
        elif self.buttons["strategic"].hit(pos):
            self.show_strategic = not self.show_strategic
        elif self.buttons["grid"].hit(pos):
            self.toggle_grid()
        elif self.buttons["help"].hit(pos):
            from malaya.ui.help_screen import HelpScreen

            self.app.push(HelpScreen())
        elif self.buttons["menu"].hit(pos):
            from malaya.ui.menu_screen import MenuScreen

            self.close()
            self.app.reset(MenuScreen(self.app))

    def toggle_grid(self) -> None:
        """Show or hide the hex grid (remembered in the settings)."""
        self.renderer.toggle_grid()
        self.app.set_settings(self.app.settings.with_(show_grid=self.renderer.grid))

    def _motion(self, event: pygame.event.Event, areas: dict[str, pygame.Rect]) -> None:
        """Drag the Mini-Map view box or the map; track the hovered hex."""
        if self.minimap_drag:
            self.tactical.center_on(*self.minimap.world_at(areas["mini"], event.pos))
        elif self.press is not None:
            delta = self.press.motion(event.pos)
            if delta is not None:
                self.camera.pan(*delta)
        m = areas["map"]
        self.hover = hex_at(self.camera, (event.pos[0] - m.left, event.pos[1] - m.top)) if m.collidepoint(event.pos) else None
        if self.hover is not None and not self.client.gd.board.on_map(self.hover):
            self.hover = None

    def _release(self, event: pygame.event.Event, areas: dict[str, pygame.Rect]) -> None:
        """End a drag, or turn a press into a click on a hex (left: act, right: deselect)."""
        self.minimap_drag = False
        press, self.press = self.press, None
        if press is None or press.dragging or press.button != event.button:
            return
        m = areas["map"]
        local = (event.pos[0] - m.left, event.pos[1] - m.top)
        h = hex_at(self.camera, local)
        if event.button == 3:
            self.demolish_mode = False
            self.selection = self.selection.escape(self.ctx)
            return
        landing = layers.landing_unit_at(self, local) if self.client.is_human_turn() else []
        if landing:
            layers.click_landing(self, landing)
        elif self.demolish_mode and self.client.is_human_turn():
            layers.click_demolish(self, self.camera.screen_to_world(*local))
        elif self.client.gd.board.on_map(h):
            if self.client.is_human_turn():
                self.selection = self.selection.click(h, self.ctx)
            if self.app.settings.auto_center and not self.show_strategic:
                self.tactical.center_on(*self.tactical.screen_to_world(*local))

    # --- time -------------------------------------------------------------------------------------

    def update(self, dt: float, app: App) -> None:
        """Edge scrolling, the computer's moves, hand-over and game-end screens, chunk prefetch."""
        self._edge_scroll(dt)
        self.animator.update(dt)
        battle_ai.drive(self, dt)
        if self.client.is_human_turn():
            layers.auto_skip(self, dt)
            layers.leave_modes(self)
        self.saves.update()
        if self.selection.selected is not None and self.selection.selected not in self.client.available_units():
            self.selection = Idle()
        battle_ai.turn_change(self, app)
        self.renderer.prefetch(self.camera, 0.003)

    def _edge_scroll(self, dt: float) -> None:
        """Alt + mouse near a map edge scrolls the Tactical Map (R18.2)."""
        surface = pygame.display.get_surface()
        if surface is None or not pygame.key.get_mods() & pygame.KMOD_ALT or self.show_strategic:
            return
        m = self.areas(surface.get_size())["map"]
        x, y = pygame.mouse.get_pos()
        if not m.collidepoint(x, y):
            return
        dx = -1 if x < m.left + px(EDGE_PX) else 1 if x > m.right - px(EDGE_PX) else 0
        dy = -1 if y < m.top + px(EDGE_PX) else 1 if y > m.bottom - px(EDGE_PX) else 0
        if dx or dy:
            self.tactical.pan(dx * EDGE_SPEED * dt, dy * EDGE_SPEED * dt)

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
        draw_bar(surface, areas["bar"], status, list(self.buttons.values()), self.end_phase, mouse)
        self.minimap.draw(surface, areas["mini"], self.tactical, self._minimap_stacks())
        self.hits = draw_side_panel(surface, areas["body"], self.client, self.selection.selected, self.hover, mouse,
                                    self.demolish_mode)
        if not self.client.is_human_turn() and not self.client.state.finished:
            thinking = "thinking" + "." * (1 + int(self.ai_busy_for * 3) % 3) if self.ai_busy_for > 0.3 else "playing"
            draw_banner(surface, areas["map"], f"{self.client.state.side.value} (computer) is {thinking}"
                        " — Space: skip to your turn")
        elif self.demolish_mode:
            draw_banner(surface, areas["map"], "Demolish bridge: click a ringed bridge — Esc leaves the mode")
        tip = self.end_phase.tooltip(mouse) or self.hits.tooltip(mouse)
        if tip:
            draw_tooltip(surface, tip, mouse)

    def _draw_map(self, target: pygame.Surface) -> None:
        """The map, highlights, counters, hover and path."""
        cam = self.camera
        self.renderer.draw(target, cam)
        marks = self.marks()
        draw_marks_under(target, cam, marks)
        layers.draw_under_counters(self, target)
        draw_stacks(target, cam, self.painter, self.views())
        layers.draw_over_counters(self, target)
        draw_marks_top(target, cam, marks)

    def views(self) -> dict:
        """Counter views for this state and selection (recomputed only when either changes)."""
        hidden = self.animator.hidden_units()
        key = (self.client.state, self.selection.selected, self.client.viewer, hidden)
        if key != self._views_key:
            selected = [self.selection.selected] if self.selection.selected else []
            views = self.client.counter_views(selected)
            if hidden:
                views = {h: kept for h, vs in views.items() if (kept := [v for v in vs if v.unit_id not in hidden])}
            self._views = views
            self._views_key = key
        return self._views

    def marks(self) -> MapMarks:
        """What to highlight: the selected unit's destinations and path, attackable hexes, the combat."""
        client = self.client
        combat = client.state.combat
        combat_hex = None if combat is None else combat.defender_hex
        if isinstance(self.selection, UnitSelected) and self.selection.selected:
            unit = self.selection.selected
            destinations = client.destinations(unit)
            cost, path = None, ()
            if self.hover in destinations and isinstance(destinations[self.hover], MoveUnit | RailMove):
                route = client.route(unit, self.hover)
                if route is not None:
                    cost, path = route
            return MapMarks(destinations=list(destinations), combat_hex=combat_hex, hover=self.hover,
                            path=path, cost=cost)
        targets = list(client.declarable_hexes()) if combat is None else []
        return MapMarks(targets=targets, combat_hex=combat_hex, hover=self.hover)

    def _minimap_stacks(self) -> list[tuple]:
        """(hex, side) of every stack, for the Mini-Map dots."""
        gd = self.client.gd
        return [(h, gd.side_of(ids[0]).value) for h, ids in self.client.stacks().items()]
