"""The battle screen's keyboard: the player's key map (Settings → Keys), then the fixed keys.

:class:`BattleKeys` turns a key press into a :class:`~malaya.ui.input.keymap.Command` and carries
it out on the screen it belongs to (End Phase, stepping through units, pages, views, Cancel).
Ctrl+Tab and Ctrl+Shift+Tab move a keyboard focus over the side panel's buttons (Tab alone steps
through the units), Enter presses the focused one; PgUp/PgDn scroll the side panel.
"""

from __future__ import annotations

import pygame

from malaya.render.viewpoints import HOME_PLACE, center_on_place
from malaya.session import phase_info as info
from malaya.session.words.catalog import say
from malaya.ui.app.intents import Push, Reset, ToBriefing, ToHelp, ToLedger, ToMenu, ToRules, ToText, Transition
from malaya.ui.battle.host import BattleHost
from malaya.ui.battle.input.cursor import Step
from malaya.ui.battle.input.cursor_keys import CursorKeys
from malaya.ui.battle.input.handlers import Idle
from malaya.ui.battle.unit_steps import next_unit, show_unit
from malaya.ui.input.keymap import Command, KeyMap
from malaya.ui.input.keys import key_pan
from malaya.ui.widgets.focus import ButtonFocus
from malaya.ui.widgets.kit import Button, draw_focus_ring

ZOOM_IN_KEYS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
ZOOM_OUT_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS)
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
CURSOR_STEPS = {Command.CURSOR_UP: Step.UP, Command.CURSOR_DOWN: Step.DOWN, Command.CURSOR_LEFT: Step.LEFT,
                Command.CURSOR_RIGHT: Step.RIGHT}
AIR_STEPS = {Command.AIR_MORE: 1, Command.AIR_FEWER: -1}
"""The Combat Panel's + and - as keys: the change to the attacking air points."""
PANEL_PAGE_KEYS = {pygame.K_PAGEUP: -1, pygame.K_PAGEDOWN: 1}


class BattleKeys:
    """The keyboard commands of one battle screen."""

    def __init__(self, screen: BattleHost) -> None:
        self.screen = screen
        self.panel = ButtonFocus(arrows=False)
        """The keyboard focus over the side panel's buttons (none until Ctrl+Tab)."""
        self.cursor = CursorKeys(screen)
        """The map cursor's keys: arrows, the cycle key, Enter, Roll Dice."""
        self._panel_for: tuple[object, ...] = ()

    @property
    def keymap(self) -> KeyMap:
        """The battle keys as the player set them."""
        return KeyMap.from_settings(self.screen.app.settings.key_bindings)

    def key(self, event: pygame.event.Event) -> Transition | None:
        """A key press: saving keys, then the player's key map, then fixed keys (see the Help overlay)."""
        screen, key = self.screen, event.key
        saved = screen.saves.key(event)
        if saved is not None:
            return saved
        mod = getattr(event, "mod", 0)
        if key == pygame.K_TAB and mod & pygame.KMOD_CTRL:
            self.panel.key(event, self.panel_buttons())
            return None
        if key in ENTER_KEYS and (focused := self.panel.focused(self.panel_buttons())) is not None:
            return screen.mouse_input.panel_click(focused.rect.center)
        if key in ENTER_KEYS:
            return self.cursor.act()
        command = self.keymap.command(key, mod)
        if command is not None:
            return self.command(command)
        if key == pygame.K_KP5:
            center_on_place(screen.tactical, screen.client.gd.board, HOME_PLACE)
            screen.apply(screen.input.on_tactical())
        elif key in PANEL_PAGE_KEYS:
            surface = pygame.display.get_surface()
            body = screen.areas(surface.get_size() if surface else (1280, 800))["body"]
            screen.scroll_panel(PANEL_PAGE_KEYS[key] * body.height * 3 // 4, body)
        elif key in ZOOM_IN_KEYS or key in ZOOM_OUT_KEYS:
            screen.mouse_input.wheel((screen.tactical.width // 2, screen.tactical.height // 2),
                                     1 if key in ZOOM_IN_KEYS else -1)
        else:
            key_pan(screen.tactical, key)
        return None

    def command(self, command: Command) -> Transition | None:
        """Carry out a keyboard command."""
        screen = self.screen
        pages = {Command.HELP: lambda: Push(ToHelp()), Command.DICE_LEDGER: self.ledger,
                 Command.COMPUTER_REASONING: screen.ai.report_page, Command.MESSAGE_LOG: self.message_log,
                 Command.BRIEFING: lambda: Push(ToBriefing(screen.client.gd.scenario)),
                 Command.MAIN_MENU: self.main_menu, Command.RULES: lambda: Push(ToRules(screen.client.gd))}
        if command in pages:
            return pages[command]()
        if command is Command.END_PHASE:
            return self.end_phase()
        if command is Command.ROLL_DICE:
            return self.cursor.roll()
        if command in AIR_STEPS:
            self.cursor.air(AIR_STEPS[command])
            return None
        if command in CURSOR_STEPS:
            self.cursor.move(CURSOR_STEPS[command])
        elif command is Command.CURSOR_NEXT:
            self.cursor.cycle()
        elif command in (Command.NEXT_UNIT, Command.PREVIOUS_UNIT):
            self.step_unit(1 if command is Command.NEXT_UNIT else -1)
        elif command is Command.SELECT_STACK:
            screen.app.toast(screen.group.select(screen.client, screen.selection.selected))
        elif command is Command.GRID:
            screen.toggle_grid()
        elif command is Command.FRONT_LINE:
            screen.app.set_settings(screen.app.settings.with_(show_front=not screen.app.settings.show_front))
        elif command is Command.ATTACK_ARROWS:
            settings = screen.app.settings
            screen.app.set_settings(settings.with_(show_attack_arrows=not settings.show_attack_arrows))
        elif command is Command.STRATEGIC_MAP:
            screen.apply(screen.input.toggled_map())
        elif command is Command.CANCEL:
            self.panel.index = None
            screen.apply(screen.selection.escape(screen.ctx))
        elif command is Command.SKIP_COMPUTER:
            screen.ai.skip = not screen.client.is_human_turn()
            screen.animator.skip()
        return None

    def panel_buttons(self) -> list[Button]:
        """The side panel's buttons in view, top to bottom and left to right (the focus order)."""
        hits = self.screen.hits
        return sorted((b for b, _ in (*hits.commands, *hits.buttons)), key=lambda b: (b.rect.top, b.rect.left))

    def keep_panel_focus(self) -> None:
        """Drop the panel focus when the phase or the combat changes (its buttons are others then)."""
        state = self.screen.client.state
        key = (state.turn, state.side, state.phase, None if state.combat is None else state.combat.defender_hex)
        if key != self._panel_for:
            self._panel_for, self.panel.index = key, None

    def draw_panel_focus(self, surface: pygame.Surface) -> None:
        """The focus ring around the focused side-panel button, if any."""
        focused = self.panel.focused(self.panel_buttons())
        if focused is not None:
            draw_focus_ring(surface, focused.rect)

    def end_phase(self) -> Transition | None:
        """End Phase from the keyboard: as the button (asking first when units are left), or say why not."""
        reason = self.screen.client.end_phase_reason()
        if reason:
            self.screen.app.toast(reason, warning=True)
            return None
        return self.screen.request_end_phase()

    def step_unit(self, direction: int) -> None:
        """Select the next (or previous) unit that can still act and bring it into view."""
        screen = self.screen
        unit = next_unit(screen.client, screen.selection.selected, direction)
        if unit is None:
            screen.app.toast(say("battle_keyboard.no_unit_can_act_now"))
            return
        screen.apply(Idle().pick(unit, screen.ctx))
        show_unit(screen.tactical, screen.client, unit)
        screen.apply(screen.input.on_tactical())
        self.cursor.jump(unit)  # the cursor is ready on it: arrows or C, then Enter

    def main_menu(self) -> Transition:
        """Leave for the main menu, as the Menu button does (the game is autosaved on the way)."""
        self.screen.close()
        return Reset(ToMenu())

    def message_log(self) -> Transition:
        """The whole message log as a page."""
        return Push(ToText(say("battle_keyboard.message_log"),
                           list(self.screen.client.messages) or [say("battle_keyboard.no_messages_yet")]))

    def ledger(self) -> Transition:
        """The Dice Ledger overlay."""
        client = self.screen.client
        return Push(ToLedger(client.gd, info.rolls(client)))
