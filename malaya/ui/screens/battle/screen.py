"""The battle screen: Tactical/Strategic Map, top bar, side panel with Mini-Map; all play goes via the gate.

Clicks go to the current input handler (:mod:`malaya.ui.input.handlers`), which answers with
the next handler, one legal action to submit, or a hint; the screen applies that answer in
:meth:`BattleScreen.apply` — submitting through the
:class:`~malaya.session.game_client.GameClient`, where a refusal becomes a log line and a toast.
Computer-played sides are driven by an :class:`~.ai_driver.AiDriver`; its answers are submitted
here, on the main thread, one per frame at most. Other pages are reached by returning a Transition.
"""

from __future__ import annotations

import pygame

from malaya.engine.actions import Action, AttackForceZ, EndPhase, MoveUnit, RailMove
from malaya.engine.hexgrid import Hex
from malaya.engine.sides import Side
from malaya.persistence.record import GameRecord
from malaya.render.attack_arrows import draw_attack_arrows
from malaya.render.camera import Camera
from malaya.render.counters import CounterPainter
from malaya.render.geometry import hex_to_pixel
from malaya.render.highlights import hex_at
from malaya.render.map_painter import MapRenderer
from malaya.render.marks import MapMarks, draw_marks_top, draw_marks_under
from malaya.render.objectives import draw_objectives
from malaya.render.places import draw_labels_over_stacks
from malaya.render.side_palette import side_palette
from malaya.render.stacks import draw_stacks
from malaya.render.viewpoints import HOME_PLACE, center_on_place, start_view
from malaya.session import phase_info as info
from malaya.session.game_client import GameClient
from malaya.session.leftovers import LeftUndone
from malaya.session.match import Controller
from malaya.session.plain_words import plain_reason
from malaya.session.standing import objectives
from malaya.session.views import CounterView
from malaya.ui.app.intents import Push, Reset, ToBriefing, ToHelp, ToLedger, ToMenu, ToRules, ToText, Transition
from malaya.ui.app.stack import App, Screen
from malaya.ui.audio.cues import Sound, Track
from malaya.ui.audio.event_cues import CueContext
from malaya.ui.input.handlers import BattleContext, Demolishing, Handler, Hint, Idle, Result, Submit
from malaya.ui.input.keymap import Command, KeyMap, with_key
from malaya.ui.input.keys import key_pan
from malaya.ui.input.mouse import EDGE_PX, MouseIdle, Pressing, edge_direction
from malaya.ui.map_view.animation import Animator
from malaya.ui.map_view.minimap import MiniMap
from malaya.ui.panels.phase_panel import PanelCommand
from malaya.ui.panels.side_panel import PanelHits, draw_side_panel
from malaya.ui.panels.top_bar import BarButton, BarLayout, draw_banner, draw_bar
from malaya.ui.screens.battle.ai_driver import AiDriver, AiFailed, follow, follow_path
from malaya.ui.screens.battle.autoskip import AutoSkip
from malaya.ui.screens.battle.end_phase import EndPhaseGuard, press_end_phase, review_focus
from malaya.ui.screens.battle.hover_tips import HoverTip
from malaya.ui.screens.battle.layers import (
    CounterViewCache,
    LandingHits,
    banner_text,
    battle_marks,
    draw_over_counters,
    draw_under_counters,
    focus_destinations,
    minimap_stacks,
)
from malaya.ui.screens.battle.previews import LandingTip, force_z_question
from malaya.ui.screens.battle.saves import BattleSaves
from malaya.ui.screens.battle.stack_group import StackGroup, follow_move
from malaya.ui.screens.battle.standing import StandingCache
from malaya.ui.screens.battle.unit_steps import next_unit, show_unit
from malaya.ui.widgets.kit import BG, Button, draw_tooltip, px, screen_areas
from malaya.ui.widgets.layout import Layout

BAR_H = 40
PANEL_W = 320
MINIMAP_H = 170
EDGE_SPEED = 900.0
"""Alt + mouse near a map edge scrolls this many screen pixels per second (R18.2)."""
ZOOM_IN_KEYS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
ZOOM_OUT_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS)


class BattleScreen(Screen):
    """See module docstring."""

    music = Track.PLAY

    def __init__(self, app: App, client: GameClient, ai: dict[Side, Controller] | None = None,
                 record: GameRecord | None = None) -> None:
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
        self.selection: Handler = Idle()
        self.mouse = MouseIdle()
        self.press: Pressing | None = None
        self.minimap_drag = False
        self.hover: Hex | None = None
        self.hits = PanelHits()
        self.buttons: dict[str, Button] = {
            "strategic": BarButton("Show Strategic Map", size=13,
                                   alternatives=("Show Strategic Map", "Hide Strategic Map")),
            **{k: BarButton(label, size=13) for k, label in (("grid", "Grid"), ("help", "Help"), ("menu", "Menu"))}}
        self.end_phase = Button("End Phase", size=14)
        self.bar = BarLayout()
        self.panel_scroll = 0
        self._scroll_key: tuple[object, ...] = ()
        self._standing = StandingCache()
        self.ai = AiDriver(ai or {}, client)
        self.autoskip = AutoSkip()
        self.buttons["briefing"] = BarButton("Briefing", size=13)  # the scenario's briefing and objectives (B)
        self.buttons["rules"] = BarButton("Rules", size=13)  # the rules page (R / F2, issue 14 §3)
        self.end_guard = EndPhaseGuard()
        self.landing_tip = LandingTip()
        self.ctx = BattleContext(client)
        self.animator = Animator()
        self.landing_hits: LandingHits = []
        self._views = CounterViewCache()
        self.saves = BattleSaves(app, client, record)
        self.prefetched = 0
        self.group = StackGroup()
        listener = next(iter(client.humans)) if len(client.humans) == 1 else None
        self.cues = CueContext.for_game(client.gd, listener)
        self.hover_tip = HoverTip()  # a hex the mouse rests on explains itself (issue 14 §3)

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
            reason = plain_reason(rejection.message)
            self.client.note(f"Refused: {reason}")
            self.refuse(reason)
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
        """Stop the AI thread."""
        self.ai.close()

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
            return self._key(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            return self._press(event, areas)
        if event.type == pygame.MOUSEMOTION:
            self._motion(event, areas)
        elif event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3):
            self._release(event, areas)
        elif event.type == pygame.MOUSEWHEEL and event.y:
            mouse = pygame.mouse.get_pos()
            if areas["body"].collidepoint(mouse):
                self.scroll_panel(-event.y * px(40), areas["body"])
            elif areas["map"].collidepoint(mouse):
                self._wheel((mouse[0] - areas["map"].left, mouse[1] - areas["map"].top), event.y)
        return None

    def _key(self, event: pygame.event.Event) -> Transition | None:
        """Keyboard shortcuts: the player's key map (Settings → Keys), then fixed keys (see the Help overlay)."""
        key = event.key
        saved = self.saves.key(event)
        if saved is not None:
            return saved
        command = self.keymap.command(key, getattr(event, "mod", 0))
        if command is not None:
            return self.command(command)
        if key == pygame.K_KP5:
            center_on_place(self.tactical, self.client.gd.board, HOME_PLACE)
            self.show_strategic = False
        elif key in ZOOM_IN_KEYS or key in ZOOM_OUT_KEYS:
            self._wheel((self.tactical.width // 2, self.tactical.height // 2), 1 if key in ZOOM_IN_KEYS else -1)
        else:
            key_pan(self.tactical, key)
        return None

    @property
    def keymap(self) -> KeyMap:
        """The battle keys as the player set them."""
        return KeyMap.from_settings(self.app.settings.key_bindings)

    def command(self, command: Command) -> Transition | None:
        """Carry out a keyboard command."""
        pages = {Command.HELP: lambda: Push(ToHelp()), Command.DICE_LEDGER: self._ledger,
                 Command.COMPUTER_REASONING: self.ai.report_page, Command.MESSAGE_LOG: self._message_log,
                 Command.BRIEFING: lambda: Push(ToBriefing(self.client.gd.scenario)),
                 Command.RULES: lambda: Push(ToRules(self.client.gd))}
        if command in pages:
            return pages[command]()
        if command is Command.END_PHASE:
            return self._end_phase()
        if command in (Command.NEXT_UNIT, Command.PREVIOUS_UNIT):
            self._step_unit(1 if command is Command.NEXT_UNIT else -1)
        elif command is Command.SELECT_STACK:
            self.app.toast(self.group.select(self.client, self.selection.selected))
        elif command is Command.GRID:
            self.toggle_grid()
        elif command is Command.FRONT_LINE:
            self.app.set_settings(self.app.settings.with_(show_front=not self.app.settings.show_front))
        elif command is Command.ATTACK_ARROWS:
            self.app.set_settings(self.app.settings.with_(show_attack_arrows=not self.app.settings.show_attack_arrows))
        elif command is Command.STRATEGIC_MAP:
            self.show_strategic = not self.show_strategic
        elif command is Command.CANCEL:
            self.apply(self.selection.escape(self.ctx))
        elif command is Command.SKIP_COMPUTER:
            self.ai.skip = not self.client.is_human_turn()
            self.animator.skip()
        return None

    def _end_phase(self) -> Transition | None:
        """End Phase from the keyboard: as the button (asking first when units are left), or say why not."""
        reason = self.client.status().end_phase_reason
        if reason:
            self.app.toast(reason, warning=True)
            return None
        return self.request_end_phase()

    def _step_unit(self, direction: int) -> None:
        """Select the next (or previous) unit that can still act and bring it into view."""
        unit = next_unit(self.client, self.selection.selected, direction)
        if unit is None:
            self.app.toast("No unit can act now.")
            return
        self.apply(Idle().pick(unit, self.ctx))
        show_unit(self.tactical, self.client, unit)
        self.show_strategic = False

    def _follow(self, units: tuple[str, ...], action: MoveUnit | RailMove) -> None:
        """The rest of a selected stack makes the same move where it can; says who stayed behind."""
        stayed = []
        for unit in units:
            move = follow_move(self.client, unit, action)
            if move is None or not self.submit(move):
                stayed.append(self.client.gd.unit_def(unit).name)
        if stayed:
            self.app.toast(f"Could not follow: {', '.join(stayed)}.", warning=True)

    def _message_log(self) -> Transition:
        """The whole message log as a page."""
        return Push(ToText("Message log", list(self.client.messages) or ["No messages yet."]))

    def scroll_panel(self, by: int, body: pygame.Rect) -> None:
        """Scroll the side panel by ``by`` pixels (within what it drew last frame)."""
        self.panel_scroll = max(0, min(self.hits.content_height - body.height, self.panel_scroll + by))

    def _ledger(self) -> Transition:
        """The Dice Ledger overlay."""
        return Push(ToLedger(self.client.gd, info.rolls(self.client)))

    def _wheel(self, local: tuple[int, int], steps: int) -> None:
        """Zoom the Tactical Map; wheeling in on the Strategic Map opens the Tactical Map there."""
        if self.show_strategic:
            if steps > 0:
                self.tactical.center_on(*self.strategic.screen_to_world(*local))
                self.show_strategic = False
            return
        self.tactical.zoom_at(local, steps)

    def _press(self, event: pygame.event.Event, areas: dict[str, pygame.Rect]) -> Transition | None:
        """Bar buttons, panel rows and buttons, the Mini-Map, or the start of a map click/drag."""
        pos = event.pos
        if areas["bar"].collidepoint(pos):
            return self._bar_click(pos)
        if areas["mini"].collidepoint(pos):
            self.minimap_drag = True
            self.tactical.center_on(*self.minimap.world_at(areas["mini"], pos))
            self.show_strategic = False
        elif areas["map"].collidepoint(pos) and self.animator.active and event.button == 1 \
                and not self.animator.only_moves:
            self.animator.skip()  # a click skips the combat's animation and does nothing else
        elif areas["panel"].collidepoint(pos):
            return self._panel_click(pos)
        elif areas["map"].collidepoint(pos):
            self.animator.skip()  # a click during a move finishes it and goes on to act
            self.press = self.mouse.press(event)
        return None

    def _panel_click(self, pos: tuple[int, int]) -> Transition | None:
        """A panel command, a panel action button, or a unit row."""
        command, action, unit = self.hits.command_at(pos), self.hits.action_at(pos), self.hits.unit_at(pos)
        place = self.hits.place_at(pos)
        if (rule := self.hits.rule_at(pos)) is not None:  # a rules link (log term, Combat Panel rule)
            return Push(ToRules(self.client.gd, rule))
        if command is PanelCommand.LEDGER:
            return self._ledger()
        if place is not None and action is None and command is None:
            self.tactical.center_on(*hex_to_pixel(place))  # a message-log line: show where it happened
            self.show_strategic = False
            return None
        if command is PanelCommand.DEMOLISH:
            self.selection = Idle() if self.demolish_mode else Demolishing()
        elif isinstance(action, AttackForceZ):  # irreversible: its chances first, then the question
            return force_z_question(self.client, action, lambda: self.submit(action))
        elif action is not None:
            self.submit(action)
        elif unit is not None:
            self.apply(self.selection.pick(unit, self.ctx))
            if focus_destinations(self.tactical, self.client, self.selection.selected):
                self.show_strategic = False
        elif (refused := self.hits.tooltip(pos)) is not None:
            self.refuse(refused)  # a disabled button says why it is disabled
        return None

    def _bar_click(self, pos: tuple[int, int]) -> Transition | None:
        """A click on a top-bar button."""
        if self.end_phase.rect.collidepoint(pos):
            if self.end_phase.reason:  # a refused click says why (issue 13 §2)
                self.refuse(self.end_phase.reason)
                return None
            return self.request_end_phase()
        if (rule := self.bar.notes.link_at(pos)) is not None or self.buttons["rules"].hit(pos):
            return Push(ToRules(self.client.gd, rule))  # the Rules button, the phase name, the VP box
        if self.buttons["strategic"].hit(pos):
            self.show_strategic = not self.show_strategic
        elif self.buttons["grid"].hit(pos):
            self.toggle_grid()
        elif self.buttons["help"].hit(pos):
            return Push(ToHelp())
        elif self.buttons["briefing"].hit(pos):
            return Push(ToBriefing(self.client.gd.scenario))
        elif self.buttons["menu"].hit(pos):
            self.close()
            return Reset(ToMenu())
        return None

    def request_end_phase(self) -> Transition | None:
        """End Phase pressed: ignored right after another press; asks first when units or attacks are left."""
        return press_end_phase(self.end_guard, self.client, self.app.settings.confirm_end_phase, self.end_phase_now,
                               self.review)

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

    def _motion(self, event: pygame.event.Event, areas: dict[str, pygame.Rect]) -> None:
        """Drag the Mini-Map view box or the map; track the hovered hex."""
        if self.minimap_drag:
            self.tactical.center_on(*self.minimap.world_at(areas["mini"], event.pos))
        elif self.press is not None:
            delta = self.press.motion(event.pos)
            if delta is not None:
                self.camera.pan(*delta)
        m = areas["map"]
        inside = m.collidepoint(event.pos)
        hover = hex_at(self.camera, (event.pos[0] - m.left, event.pos[1] - m.top)) if inside else None
        self.hover = hover if hover is not None and self.client.gd.board.on_map(hover) else None

    def _release(self, event: pygame.event.Event, areas: dict[str, pygame.Rect]) -> None:
        """End a drag, or turn a press into a click on a hex (left: act, right: deselect)."""
        self.minimap_drag = False
        press, self.press = self.press, None
        if press is None or press.dragging or press.button != event.button:
            return
        m = areas["map"]
        local = (event.pos[0] - m.left, event.pos[1] - m.top)
        if event.button == 3:
            self.apply(self.selection.escape(self.ctx))
            return
        human = self.client.is_human_turn()
        landing = [u for rect, u in self.landing_hits if rect.collidepoint(local)] if human else []
        h = hex_at(self.camera, local)
        if landing:
            self._click_landing(landing)
        elif isinstance(self.selection, Demolishing) and human:
            candidates = {(a.a, a.b): a for a in info.demolitions(self.client)}
            self.apply(self.selection.click_at(self.camera.screen_to_world(*local), self.ctx, candidates))
        elif self.client.gd.board.on_map(h):
            if human:
                self.apply(self.selection.click(h, self.ctx))
            if self.app.settings.auto_center and not self.show_strategic:
                self.tactical.center_on(*self.tactical.screen_to_world(*local))

    def _click_landing(self, units: list[str]) -> None:
        """A click on a landing-zone stack: in combat, the first unit that can join/leave; else pick it."""
        if self.client.state.combat is not None:
            choice = next((c for u in units if (c := self.client.combat_choice(u)) is not None), None)
            if choice is not None:
                self.submit(choice)
                return
        self.apply(self.selection.pick(units[0], self.ctx))

    # --- time -------------------------------------------------------------------------------------

    def update(self, dt: float, app: App) -> Transition | None:
        """Edge scrolling, the computer's moves, hand-over and game-end screens, chunk prefetch."""
        self.end_guard.tick(dt)
        self._edge_scroll(dt)
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
        news = self.ai.watch_turn(self.client)
        if news.changed:
            self.selection = Idle()
        self.prefetched = self.renderer.prefetch(self.camera, 0.003)
        return news.show

    def busy(self, app: App) -> bool:
        """Animating, the computer playing, an auto-skip pending, map chunks to prefetch or Alt-edge scrolling."""
        computer = self.ai.worker is not None and not self.client.is_human_turn() and not self.client.state.finished
        return (self.animator.active or computer or self.autoskip.empty_for > 0 or self.prefetched > 0
                or self._edge_scrolling())

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

    def _edge_scroll(self, dt: float) -> None:
        """Alt + mouse near a map edge scrolls the Tactical Map (R18.2)."""
        dx, dy = self._edge_direction()
        if dx or dy:
            self.tactical.pan(dx * EDGE_SPEED * dt, dy * EDGE_SPEED * dt)

    def _edge_direction(self) -> tuple[int, int]:
        """Which way Alt + the mouse at a map edge scrolls now ((0, 0): not scrolling)."""
        surface = pygame.display.get_surface()
        if surface is None or not pygame.key.get_mods() & pygame.KMOD_ALT or self.show_strategic:
            return 0, 0
        return edge_direction(self.areas(surface.get_size())["map"], pygame.mouse.get_pos(), px(EDGE_PX))

    def _edge_scrolling(self) -> bool:
        """True while Alt + the mouse at a map edge scrolls the map."""
        return self._edge_direction() != (0, 0)

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
        self.bar = draw_bar(surface, areas["bar"], status, list(self.buttons.values()), self.end_phase, mouse, standing)
        self.minimap.draw(surface, areas["mini"], self.tactical, minimap_stacks(self.client))
        self._keep_scroll_for(areas["body"])
        self.hits = draw_side_panel(surface, areas["body"], self.client, self.selection.selected, self.hover, mouse,
                                    self.demolish_mode, self.panel_scroll)
        banner = banner_text(self.client, self.ai.busy_for, self.demolish_mode)
        if banner:
            draw_banner(surface, areas["map"], banner)
        self._set_tips()
        tip = next((t for b in (self.end_phase, *self.buttons.values()) if (t := b.tooltip(mouse))), None)
        tip = tip or self.hits.tooltip(mouse) or self.landing_tip(self.client, self.selection.selected, self.hover)
        tip = tip or self.hover_tip(self.client, self.hover, self.selection.selected)
        tip = tip or self.bar.notes.tip_at(mouse)  # the phase name, the VP breakdown
        if tip:
            draw_tooltip(surface, tip, mouse)

    def _set_tips(self) -> None:
        """Each top-bar button's tooltip says what it does and its key."""
        keys = self.keymap
        self.end_phase.tip = with_key("End this phase", keys, Command.END_PHASE)
        self.buttons["strategic"].tip = with_key("Show or hide the Strategic Map", keys, Command.STRATEGIC_MAP)
        self.buttons["grid"].tip = with_key("Show or hide the hex grid", keys, Command.GRID)
        self.buttons["help"].tip = with_key("Rules, keys and counters", keys, Command.HELP)
        self.buttons["menu"].tip = "Back to the main menu (the game is autosaved)"
        self.buttons["briefing"].tip = with_key("The scenario's briefing and objectives", keys, Command.BRIEFING)
        self.buttons["rules"].tip = with_key("The rules, with this game's numbers", keys, Command.RULES)

    def _keep_scroll_for(self, body: pygame.Rect) -> None:
        """Back to the panel's top when the phase or the combat changes; never past its end."""
        combat = self.client.state.combat
        key = (self.client.state.phase, None if combat is None else combat.defender_hex, body.size)
        if key != self._scroll_key:
            self._scroll_key, self.panel_scroll = key, 0
        self.panel_scroll = max(0, min(self.panel_scroll, self.hits.content_height - body.height))

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
        draw_under_counters(target, cam, client, show_front=self.app.settings.show_front,
                            demolishing=self.demolish_mode, selected=selected, palette=palette)
        draw_objectives(target, cam, objectives(client.gd, client.state))
        views = self.views()
        draw_stacks(target, cam, self.painter, views)
        draw_labels_over_stacks(target, cam, client.gd.board, {h: min(4, len(v)) for h, v in views.items()})
        if self.app.settings.show_attack_arrows:
            draw_attack_arrows(target, cam, self.ai.arrows)
        self.landing_hits = draw_over_counters(target, cam, self.painter, client, selected, self.animator)
        draw_marks_top(target, cam, marks)

    def views(self) -> dict[Hex, list[CounterView]]:
        """Counter views for this state and selection (recomputed only when either changes)."""
        return self._views(self.client, self.selection.selected, self.animator.hidden_units())

    def marks(self) -> MapMarks:
        """What the current handler highlights (destinations, path, attackable hexes, the combat)."""
        return battle_marks(self.client, self.selection, self.hover)
