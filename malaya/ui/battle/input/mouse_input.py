"""The battle screen's mouse: top-bar buttons, side-panel rows and buttons, the Mini-Map, the map.

:class:`BattleMouse` owns the state of a press (a click or a drag), of a Mini-Map drag and of
Alt + edge scrolling (R18.2); what a click means is carried out on the screen it belongs to.
"""

from __future__ import annotations

import pygame

from malaya.engine import AttackForceZ, Hex
from malaya.render.geometry import hex_to_pixel
from malaya.render.highlights import hex_at
from malaya.session import phase_info as info
from malaya.ui.app.intents import Push, ToBriefing, ToHelp, ToRules, Transition
from malaya.ui.battle.host import BattleHost
from malaya.ui.battle.input.handlers import Demolishing
from malaya.ui.battle.input.mouse import EDGE_PX, MouseIdle, Pressing, edge_direction
from malaya.ui.battle.map_view.layers import focus_destinations
from malaya.ui.battle.panels.combat_panel import AdvanceToggle
from malaya.ui.battle.panels.phase_panel import PanelCommand
from malaya.ui.battle.previews import force_z_question
from malaya.ui.widgets.kit import px

EDGE_SPEED = 900.0
"""Alt + mouse near a map edge scrolls this many screen pixels per second (R18.2)."""
Areas = dict[str, pygame.Rect]


class BattleMouse:
    """The mouse on one battle screen."""

    def __init__(self, screen: BattleHost) -> None:
        self.screen = screen
        self.idle = MouseIdle()
        self.press: Pressing | None = None
        self.minimap_drag = False
        self.pointer: tuple[int, int] | None = None
        """Where the pointer was last seen (window pixels)."""

    def wheel(self, local: tuple[int, int], steps: int) -> None:
        """Zoom the Tactical Map; wheeling in on the Strategic Map opens the Tactical Map there."""
        screen = self.screen
        if screen.show_strategic:
            if steps > 0:
                screen.tactical.center_on(*screen.strategic.screen_to_world(*local))
                screen.apply(screen.input.on_tactical())
            return
        screen.tactical.zoom_at(local, steps)

    def scroll(self, event: pygame.event.Event, areas: Areas) -> None:
        """The wheel: scrolls the side panel under the mouse, or zooms the map under it."""
        mouse = pygame.mouse.get_pos()
        if areas["body"].collidepoint(mouse):
            self.screen.scroll_panel(-event.y * px(40), areas["body"])
        elif areas["map"].collidepoint(mouse):
            self.wheel((mouse[0] - areas["map"].left, mouse[1] - areas["map"].top), event.y)

    def down(self, event: pygame.event.Event, areas: Areas) -> Transition | None:
        """Bar buttons, panel rows and buttons, the Mini-Map, or the start of a map click/drag."""
        screen, pos = self.screen, event.pos
        if areas["bar"].collidepoint(pos):
            return self.bar_click(pos)
        if areas["mini"].collidepoint(pos):
            self.minimap_drag = True
            screen.tactical.center_on(*screen.minimap.world_at(areas["mini"], pos))
            screen.apply(screen.input.on_tactical())
        elif areas["map"].collidepoint(pos) and screen.animator.active and event.button == 1 \
                and not screen.animator.only_moves:
            screen.animator.skip()  # a click skips the combat's animation and does nothing else
        elif areas["panel"].collidepoint(pos):
            return self.panel_click(pos)
        elif areas["map"].collidepoint(pos):
            screen.animator.skip()  # a click during a move finishes it and goes on to act
            self.press = self.idle.press(event)
        return None

    def panel_click(self, pos: tuple[int, int]) -> Transition | None:
        """A panel command, a panel action button, or a unit row."""
        screen, hits = self.screen, self.screen.hits
        command, action, unit = hits.command_at(pos), hits.action_at(pos), hits.unit_at(pos)
        place = hits.place_at(pos)
        if (rule := hits.rule_at(pos)) is not None:  # a rules link (log term, Combat Panel rule)
            return Push(ToRules(screen.client.gd, rule))
        if command is PanelCommand.LEDGER:
            return screen.keys.ledger()
        if place is not None and action is None and command is None:
            screen.tactical.center_on(*hex_to_pixel(place))  # a message-log line: show where it happened
            screen.apply(screen.input.on_tactical())
            return None
        if isinstance(command, AdvanceToggle):
            screen.client.advance_choice.toggle(command.unit)
        elif command is PanelCommand.DEMOLISH:
            screen.apply(screen.selection.demolish())
        elif isinstance(action, AttackForceZ):  # irreversible: its chances first, then the question
            return force_z_question(screen.client, action, lambda: screen.submit(action))
        elif action is not None:
            screen.submit(action)
        elif unit is not None:
            screen.apply(screen.selection.pick(unit, screen.ctx))
            if focus_destinations(screen.tactical, screen.client, screen.selection.selected):
                screen.apply(screen.input.on_tactical())
        elif (refused := hits.tooltip(pos)) is not None:
            screen.refuse(refused)  # a disabled button says why it is disabled
        return None

    def bar_click(self, pos: tuple[int, int]) -> Transition | None:
        """A click on a top-bar button."""
        screen, buttons = self.screen, self.screen.buttons
        if screen.end_phase.rect.collidepoint(pos):
            # why not, from the game as it is now: the button's own reason is the last drawn frame's, and on a busy
            # machine a click can be handled after the game moved on (an automatic End Phase) but before a redraw
            reason = screen.client.end_phase_reason()
            if reason:  # a refused click says why (issue 13 §2)
                screen.refuse(reason)
                return None
            return screen.request_end_phase()
        if (rule := screen.bar.notes.link_at(pos)) is not None or buttons["rules"].hit(pos):
            return Push(ToRules(screen.client.gd, rule))  # the Rules button, the phase name, the turn, the VP box
        if buttons["strategic"].hit(pos):
            screen.apply(screen.input.toggled_map())
        elif buttons["grid"].hit(pos):
            screen.toggle_grid()
        elif buttons["help"].hit(pos):
            return Push(ToHelp())
        elif buttons["briefing"].hit(pos):
            return Push(ToBriefing(screen.client.gd.scenario))
        elif buttons["menu"].hit(pos):
            return screen.keys.main_menu()
        return None

    def motion(self, event: pygame.event.Event, areas: Areas) -> None:
        """Drag the Mini-Map view box or the map; track the hovered hex."""
        screen = self.screen
        if self.minimap_drag:
            screen.tactical.center_on(*screen.minimap.world_at(areas["mini"], event.pos))
        elif self.press is not None:
            delta = self.press.motion(event.pos)
            if delta is not None:
                screen.camera.pan(*delta)
        self.pointer = event.pos
        if areas["map"].collidepoint(event.pos):
            screen.cursor.hide()  # the mouse points again: the keyboard's cursor steps aside
        screen.hover = self.pointed(areas)

    def pointed(self, areas: Areas) -> Hex | None:
        """The hex under the pointer now (the camera may have moved since the pointer did), or None off the map."""
        screen, m = self.screen, areas["map"]
        if self.pointer is None or not m.collidepoint(self.pointer):
            return None
        h = hex_at(screen.camera, (self.pointer[0] - m.left, self.pointer[1] - m.top))
        return h if screen.client.gd.board.on_map(h) else None

    def up(self, event: pygame.event.Event, areas: Areas) -> None:
        """End a drag, or turn a press into a click on a hex (left: act, right: deselect)."""
        screen = self.screen
        self.minimap_drag = False
        press, self.press = self.press, None
        if press is None or press.dragging or press.button != event.button:
            return
        m = areas["map"]
        local = (event.pos[0] - m.left, event.pos[1] - m.top)
        self.pointer = event.pos
        screen.cursor.hide()
        if event.button == 3:
            screen.apply(screen.selection.escape(screen.ctx))
            return
        self.click_map(local)

    def click_map(self, local: tuple[int, int]) -> None:
        """A left click at a map-area pixel (the mouse's, or Enter at the map cursor): a landing-zone stack, a
        bridge in Demolish mode, or a hex for the input handler."""
        screen = self.screen
        human = screen.client.is_human_turn()
        landing = [u for rect, u in screen.landing_hits if rect.collidepoint(local)] if human else []
        h = hex_at(screen.camera, local)
        if landing:
            self.click_landing(landing)
        elif isinstance(screen.selection, Demolishing) and human:
            candidates = {(a.a, a.b): a for a in info.demolitions(screen.client)}
            screen.apply(screen.selection.click_at(screen.camera.screen_to_world(*local), screen.ctx, candidates))
        elif screen.client.gd.board.on_map(h):
            if human:
                screen.apply(screen.selection.click(h, screen.ctx))
            if screen.app.settings.auto_center and not screen.show_strategic:
                screen.tactical.center_on(*screen.tactical.screen_to_world(*local))

    def click_landing(self, units: list[str]) -> None:
        """A click on a landing-zone stack: in combat, the first unit that can join/leave; else pick it."""
        screen = self.screen
        if screen.client.state.combat is not None:
            choice = next((c for u in units if (c := screen.client.combat_choice(u)) is not None), None)
            if choice is not None:
                screen.submit(choice)
                return
        screen.apply(screen.selection.pick(units[0], screen.ctx))

    def edge_scroll(self, dt: float) -> None:
        """Alt + mouse near a map edge scrolls the Tactical Map (R18.2)."""
        dx, dy = self.edge_direction()
        if dx or dy:
            self.screen.tactical.pan(dx * EDGE_SPEED * dt, dy * EDGE_SPEED * dt)

    def edge_direction(self) -> tuple[int, int]:
        """Which way Alt + the mouse at a map edge scrolls now ((0, 0): not scrolling)."""
        surface = pygame.display.get_surface()
        if surface is None or not pygame.key.get_mods() & pygame.KMOD_ALT or self.screen.show_strategic:
            return 0, 0
        return edge_direction(self.screen.areas(surface.get_size())["map"], pygame.mouse.get_pos(), px(EDGE_PX))

    def edge_scrolling(self) -> bool:
        """True while Alt + the mouse at a map edge scrolls the map."""
        return self.edge_direction() != (0, 0)
