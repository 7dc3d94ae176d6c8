"""The battle screen: Tactical/Strategic Map, top bar, side panel with Mini-Map; all play goes via the gate.

Clicks go to the current input handler (:mod:`malaya.ui.battle.input.handlers`), which answers with
the next handler or map view, one legal action to submit, or a hint; the screen applies that answer
in :meth:`BattleScreen.apply` — the only place its input state (:class:`~.input.handlers.MapInput`:
the selection, Demolish mode, the Strategic Map) changes — submitting through the
:class:`~malaya.session.game_client.GameClient`, where a refusal becomes a log line and a toast.
Computer-played sides are driven by an :class:`~.ai_driver.AiDriver`; its answers are submitted
here, on the main thread, one per frame at most. Other pages are reached by returning a Transition.
The keyboard (:class:`~.keyboard.BattleKeys`), the mouse (:class:`~.mouse_input.BattleMouse`), the
side panel's scroll (:class:`~.panel_scroll.PanelScroll`) and the tooltips
(:class:`~.tooltips.BattleTips`) and the drawing (:class:`~.drawing.BattleDrawing`) are objects of their
own, as the computer's driver is.
"""

from __future__ import annotations

import pygame

from malaya.engine import Action, EndPhase, Hex, MoveUnit, RailMove, Side
from malaya.persistence.record import GameRecord
from malaya.persistence.views import View
from malaya.render.camera import ZOOM_LEVELS, Camera
from malaya.render.geometry import hex_to_pixel, pixel_to_hex
from malaya.render.map_painter import MapRenderer
from malaya.render.marks import MapMarks
from malaya.render.viewpoints import start_view
from malaya.session.game_client import GameClient
from malaya.session.leftovers import LeftUndone
from malaya.session.match import Controller
from malaya.session.views import CounterView
from malaya.session.words.catalog import say
from malaya.session.words.plain_words import plain_reason
from malaya.ui.app.intents import Transition
from malaya.ui.app.stack import App, Screen
from malaya.ui.audio.cues import Sound, Track
from malaya.ui.audio.event_cues import CueContext
from malaya.ui.battle.ai_driver import AiDriver, AiFailed, follow, follow_path
from malaya.ui.battle.autoskip import AutoSkip
from malaya.ui.battle.drawing import BattleDrawing
from malaya.ui.battle.end_phase import EndPhaseGuard, EndPhasePress, press_end_phase, review_focus
from malaya.ui.battle.hover_tips import HoverTip
from malaya.ui.battle.input.cursor import HexCursor
from malaya.ui.battle.input.handlers import BattleContext, Demolishing, Handler, Hint, MapInput, Result, Submit
from malaya.ui.battle.input.keyboard import BattleKeys
from malaya.ui.battle.input.mouse_input import BattleMouse
from malaya.ui.battle.live_chances import LiveChances, solo_side
from malaya.ui.battle.map_view.animation import Animator
from malaya.ui.battle.map_view.layers import LandingHits
from malaya.ui.battle.panel_scroll import PanelScroll
from malaya.ui.battle.panels.side_panel import PanelHits
from malaya.ui.battle.panels.top_bar import BarButton, BarLayout
from malaya.ui.battle.save_check import SaveCheck
from malaya.ui.battle.saves import BattleSaves
from malaya.ui.battle.stack_group import StackGroup, follow_move
from malaya.ui.battle.status import battle_status
from malaya.ui.battle.tooltips import BattleTips
from malaya.ui.input.keymap import Command
from malaya.ui.map_view.minimap import MiniMap
from malaya.ui.widgets.kit import Button, screen_areas
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
        self.minimap = MiniMap(board, bounds)
        self.input = MapInput()
        """The selection, Demolish mode and the map shown: changed only by :meth:`apply`, to what a handler said."""
        self.hover: Hex | None = None
        self.cursor = HexCursor()  # the keyboard's map cursor (issue 26 §2)
        self.drawing = BattleDrawing()
        self.buttons: dict[str, Button] = {
            "strategic": BarButton(say("battle.show_strategic_map"), size=13,
                                   alternatives=(say("battle.show_strategic_map"), say("battle.hide_strategic_map"))),
            **{k: BarButton(label, size=13) for k,
               label in (("grid", say("battle.grid")), ("help", say("battle.help")), ("menu", say("battle.menu")))}}
        self.end_phase = Button(say("battle.end_phase"), size=14)
        self.scroll = PanelScroll()
        self.keys = BattleKeys(self)
        self.mouse_input = BattleMouse(self)
        self.ai = AiDriver(ai or {}, client)
        self.autoskip = AutoSkip()
        self.buttons["briefing"] = BarButton(say("battle.briefing"),
                                             size=13)  # the scenario's briefing and objectives (B)
        self.buttons["rules"] = BarButton(say("battle.rules"), size=13)  # the rules page (R / F2, issue 14 §3)
        self.end_guard = EndPhaseGuard()
        self.animator = Animator()
        self.saves = BattleSaves(app, client, record)
        self.saves.view = self.map_view
        self.save_check = SaveCheck(client, record)  # a loaded save is checked in full off the frame loop
        self.prefetched = 0
        self.group = StackGroup()
        listener = next(iter(client.humans)) if len(client.humans) == 1 else None
        self.cues = CueContext.for_game(client.gd, listener)
        self.tips = BattleTips(HoverTip())  # a hex the mouse rests on explains itself (issue 14 §3)
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
    def selection(self) -> Handler:
        """The input handler now: what a click on the map means (read only: :meth:`apply` changes it)."""
        return self.input.handler

    @property
    def show_strategic(self) -> bool:
        """True while the Strategic Map is shown (read only: :meth:`apply` changes it)."""
        return self.input.strategic

    @property
    def demolish_mode(self) -> bool:
        """True while the CW's Demolish mode is armed (R7.7)."""
        return isinstance(self.selection, Demolishing)

    @property
    def ctx(self) -> BattleContext:
        """What the input handlers ask of the game."""
        return BattleContext(self.client)

    @property
    def bar(self) -> BarLayout:
        """Where the top bar put things last frame."""
        return self.drawing.bar

    @property
    def hits(self) -> PanelHits:
        """What can be clicked in the side panel this frame."""
        return self.drawing.hits

    @property
    def banner(self) -> pygame.Rect:
        """Where the banner over the map was drawn last frame (empty: none)."""
        return self.drawing.banner

    @property
    def landing_hits(self) -> LandingHits:
        """Landing-zone stacks drawn last frame."""
        return self.drawing.landing_hits

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
        """Carry out an input answer: submit its action, show its hint, or take the next handler or map view.

        The only place the input state (selection, Demolish mode, the map shown) changes."""
        if isinstance(result, Hint):
            (self.refuse if result.warning else self.app.toast)(plain_reason(result.text))
            return
        if isinstance(result, Submit):
            moved = self.submit(result.action)
            self.input = self.input.then(result.then)
            followers = self.group.followers(result.action)  # asked after every action: the group is forgotten
            if moved and followers and isinstance(result.action, MoveUnit | RailMove):
                self._follow(followers, result.action)
            return
        if not isinstance(result, MapInput) and result.selected not in (None, self.selection.selected):
            self.app.sound.play(Sound.SELECT)
        self.input = result if isinstance(result, MapInput) else self.input.then(result)

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
            self.app.toast(say("battle.could_not_follow", join=', '.join(stayed)), warning=True)

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
            self.apply(self.input.dropped())

    def review(self, left: LeftUndone) -> None:
        """Back to the phase: select the first unit left (or show the first hex left) on the Tactical Map."""
        unit, where = review_focus(self.client, left)
        if unit is not None:
            self.apply(self.input.then(self.selection.focus(unit)))
        if where is not None:
            self.tactical.center_on(*hex_to_pixel(where))
            self.apply(self.input.on_tactical())

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
        self.saves.update()
        self.apply(self.input.settled(self.ctx))  # a unit that cannot act, Demolish with no bridge left: let go
        news = self.ai.watch_turn(self.client, self.saves.files(), self.saves.record)
        if news.changed:
            self.apply(self.input.dropped())
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
            self.app.toast(say("battle.the_computer_player_failed", error=move.error), warning=True)
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
        """Map, bar, panel (Mini-Map first), banner, tooltip (see :class:`~.drawing.BattleDrawing`)."""
        self._sync_cameras(self.areas(surface.get_size())["map"])
        self.drawing.draw(self, surface, app)

    def map_tip(self, map_area: pygame.Rect) -> str | None:
        """The map's tooltip: the bridge pointed at in Demolish mode, a landing preview, the hex's explanation."""
        return self.drawing.map_tip(self, map_area)

    def layout(self) -> Layout:
        """The bar, map, Mini-Map and panel, with the bar's buttons and the panel's rows and buttons."""
        return self.drawing.layout(self)

    def views(self) -> dict[Hex, list[CounterView]]:
        """Counter views for this state and selection (recomputed only when either changes)."""
        return self.drawing.counter_views(self)

    def marks(self) -> MapMarks:
        """What the current handler highlights (destinations, path, attackable hexes, the combat)."""
        return self.drawing.marks(self)
