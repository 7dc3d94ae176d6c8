"""Keyboard and habits (issue 13 item 7): battle commands on keys, key rebinding, tooltips, menu keys."""

from __future__ import annotations

import pygame
import pytest

from malaya.engine.actions import EndPhase, MoveUnit
from malaya.engine.state import Phase
from malaya.ui.battle.screen import BattleScreen
from malaya.ui.battle.unit_steps import acting_order
from malaya.ui.dialogs.text import TextOverlay
from malaya.ui.input.keymap import DEFAULT_KEYS, Command, KeyMap
from malaya.ui.screens.keys import KeysScreen
from malaya.ui.screens.menu import MenuScreen
from malaya.ui.screens.new_game.screen import NewGameScreen
from malaya.ui.screens.settings import SettingsScreen
from tests.ui.client_driver import Driver


def press(driver: Driver, key: int, mod: int = 0) -> None:
    """A key press with modifiers, then a frame."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod))
    driver.frames(1)


def to_movement(driver: Driver, phase: Phase | None = None) -> BattleScreen:
    """A hotseat battle advanced (End Phase) to the first phase (or ``phase``) with units that can act."""
    screen = driver.new_game()
    for _ in range(12):
        if screen.client.available_units() and phase in (None, screen.client.state.phase):
            break
        screen.submit(EndPhase(side=screen.client.state.side))
        driver.frames(1)
        while not isinstance(driver.app.top, BattleScreen):
            driver.click((640, 400))
    assert len(screen.client.available_units()) >= 2
    return screen


def test_every_command_has_a_distinct_default_key() -> None:
    """Given the default key map, then each command has its own key and the key finds the command back."""
    pygame.init()
    keys = KeyMap.from_settings({})
    assert len(set(DEFAULT_KEYS.values())) == len(Command)
    for command in Command:
        assert keys.command(pygame.key.key_code(DEFAULT_KEYS[command])) is command


def test_tab_and_shift_tab_step_units_whatever_the_bindings() -> None:
    """Tab means next unit, Shift+Tab previous unit."""
    pygame.init()
    keys = KeyMap.from_settings({"next_unit": "x"})
    assert keys.command(pygame.K_TAB) is Command.NEXT_UNIT
    assert keys.command(pygame.K_TAB, pygame.KMOD_LSHIFT) is Command.PREVIOUS_UNIT


def test_rebinding_a_taken_key_swaps_the_two_commands() -> None:
    """Given End Phase on E and Help on H, when End Phase is put on H, then Help moves to E; only changes are stored."""
    pygame.init()
    keys = KeyMap.from_settings({}).rebind(Command.END_PHASE, "h")
    assert keys.label(Command.END_PHASE) == "H" and keys.label(Command.HELP) == "E"
    assert keys.changes() == {"end_phase": "h", "help": "e"}
    assert KeyMap.from_settings({"no_such_command": "q", "grid": "not a key"}).keys == DEFAULT_KEYS


@pytest.mark.slow
def test_n_and_p_step_through_the_units_that_can_still_act(driver: Driver) -> None:
    """Given units to act, when N, N, P and Shift+Tab are pressed, then the first, second, first, last are selected."""
    screen = to_movement(driver)
    order = acting_order(screen.client)
    press(driver, pygame.K_n)
    assert screen.selection.selected == order[0]
    press(driver, pygame.K_n)
    assert screen.selection.selected == order[1]
    press(driver, pygame.K_p)
    assert screen.selection.selected == order[0]
    press(driver, pygame.K_TAB, pygame.KMOD_LSHIFT)
    assert screen.selection.selected == order[-1]


@pytest.mark.slow
def test_e_ends_the_phase_and_esc_cancels_the_selection(driver: Driver) -> None:
    """Given a unit selected, when Esc is pressed it is deselected; when E is pressed the phase ends."""
    screen = to_movement(driver)
    press(driver, pygame.K_n)
    press(driver, pygame.K_ESCAPE)
    assert screen.selection.selected is None
    phase = (screen.client.state.turn, screen.client.state.side, screen.client.state.phase)
    press(driver, pygame.K_e)
    assert (screen.client.state.turn, screen.client.state.side, screen.client.state.phase) != phase


def test_a_rebound_key_does_the_command_and_the_old_key_no_longer_does(driver: Driver) -> None:
    """Given End Phase rebound to K in the settings, then E does nothing and K ends the phase."""
    screen = driver.new_game()
    driver.app.set_settings(driver.app.settings.with_(key_bindings={"end_phase": "k"}))
    phase = screen.client.state.phase
    press(driver, pygame.K_e)
    assert screen.client.state.phase == phase
    press(driver, pygame.K_k)
    assert screen.client.state.phase != phase


@pytest.mark.slow
def test_o_opens_the_message_log(driver: Driver) -> None:
    """Given a battle, when O is pressed, then the message log opens as a page; Esc closes it."""
    driver.new_game()
    press(driver, pygame.K_o)
    assert isinstance(driver.app.top, TextOverlay)
    press(driver, pygame.K_ESCAPE)
    assert isinstance(driver.app.top, BattleScreen)


def test_every_top_bar_button_has_a_tooltip_naming_its_key(driver: Driver) -> None:
    """Given the battle drawn, then End Phase says (E), and every bar button has a tooltip."""
    screen = driver.new_game()
    driver.frames(1)
    assert screen.end_phase.tip is not None and "(E)" in screen.end_phase.tip
    assert all(b.tip for b in screen.buttons.values())
    assert "(M)" in (screen.buttons["strategic"].tip or "")


def test_every_main_menu_button_has_a_tooltip(driver: Driver) -> None:
    """Given the main menu, then each of its buttons explains itself on hover."""
    menu = driver.app.top
    assert isinstance(menu, MenuScreen)
    assert all(b.tip for b in menu.buttons.values())


@pytest.mark.slow
def test_esc_on_the_main_menu_asks_before_quitting(driver: Driver) -> None:
    """Given the main menu, when Esc is pressed the client asks; Esc again stays; Esc then Enter quits."""
    press(driver, pygame.K_ESCAPE)
    assert driver.app.running and isinstance(driver.app.top, MenuScreen) and driver.app.top.quit_question.open
    press(driver, pygame.K_ESCAPE)
    assert driver.app.running and not driver.app.top.quit_question.open
    press(driver, pygame.K_ESCAPE)
    press(driver, pygame.K_RETURN)
    assert not driver.app.running


def test_the_main_menu_works_with_arrows_and_enter(driver: Driver) -> None:
    """Given the main menu with nothing to continue, when Down then Enter are pressed, then the first
    button that can be pressed (New Game: Continue is greyed out in a fresh data folder) opens."""
    menu = driver.app.top
    assert isinstance(menu, MenuScreen)
    assert list(menu.buttons)[:2] == ["continue", "new"] and not menu.buttons["continue"].enabled
    press(driver, pygame.K_DOWN)
    assert menu.buttons["new"].focused
    press(driver, pygame.K_RETURN)
    assert isinstance(driver.app.top, NewGameScreen)


def open_keys_page(driver: Driver) -> KeysScreen:
    """Main menu → Settings → Keys…, by clicks."""
    menu = driver.app.top
    assert isinstance(menu, MenuScreen)
    driver.frames(1)
    driver.click(menu.buttons["settings"].rect.center)
    settings = driver.app.top
    assert isinstance(settings, SettingsScreen)
    driver.frames(1)
    driver.click(settings.keys.rect.center)
    page = driver.app.top
    assert isinstance(page, KeysScreen)
    driver.frames(1)
    return page


def test_a_key_is_rebound_in_settings_by_clicking_it_and_pressing_the_new_key(driver: Driver) -> None:
    """Given Settings → Keys, when End Phase's key is clicked and K (a free key) pressed, then K is stored for End
    Phase."""
    page = open_keys_page(driver)
    driver.click(page.key_buttons[Command.END_PHASE].rect.center)
    assert page.waiting is Command.END_PHASE
    press(driver, pygame.K_k)
    assert driver.app.settings.key_bindings == {"end_phase": "k"}
    assert page.key_buttons[Command.END_PHASE].label == "K"


def test_esc_while_waiting_for_a_key_keeps_the_old_one_and_the_page_works_with_keys(driver: Driver) -> None:
    """Given the Keys page, when Enter on the focused first row then Esc, nothing changes; Esc again goes back."""
    page = open_keys_page(driver)
    press(driver, pygame.K_DOWN)
    press(driver, pygame.K_RETURN)
    assert page.waiting is list(Command)[0]
    press(driver, pygame.K_ESCAPE)
    assert page.waiting is None and driver.app.settings.key_bindings == {}
    press(driver, pygame.K_ESCAPE)
    assert isinstance(driver.app.top, SettingsScreen)


def test_s_selects_the_whole_stack_and_the_others_follow_the_move(driver: Driver) -> None:
    """Given a selected unit in a stack of units that can act, when S is pressed and a hex all can reach is clicked,
    then every unit of the stack moves there."""
    screen = to_movement(driver, Phase.MOVEMENT)
    client = screen.client
    stacks = {h: [u for u in us if u in client.available_units()] for h, us in client.stacks().items()}
    units = next(us for _, us in sorted(stacks.items()) if len(us) >= 2)
    screen.apply(screen.selection.pick(units[0], screen.ctx))
    common = sorted(set(client.destinations(units[0])).intersection(*(client.destinations(u) for u in units[1:])))
    target = next(t for t in common if all(isinstance(client.destinations(u)[t], MoveUnit) for u in units))
    press(driver, pygame.K_s)
    driver.click(driver.hex_pos(target))
    assert all(client.state.units[client.gd.unit_index[u]].hex == target for u in units)


def test_a_reserved_key_is_refused_with_its_reason_and_a_modifier_alone_is_ignored(driver: Driver) -> None:
    """Given Settings → Keys waiting for End Phase's new key, when Tab is pressed, then it is refused (Tab steps
    through units) and the page still waits; Shift alone changes nothing; K (a free key) then binds."""
    page = open_keys_page(driver)
    driver.click(page.key_buttons[Command.END_PHASE].rect.center)
    press(driver, pygame.K_TAB)
    assert page.waiting is Command.END_PHASE and driver.app.settings.key_bindings == {}
    assert driver.app.toasts[-1].text == "Tab cannot be changed: it steps through the units (with Ctrl, through " \
        "the side panel's buttons)." and driver.app.toasts[-1].warning
    press(driver, pygame.K_LSHIFT)
    assert page.waiting is Command.END_PHASE and driver.app.settings.key_bindings == {}
    press(driver, pygame.K_k)
    assert driver.app.settings.key_bindings == {"end_phase": "k"}


def test_every_top_bar_button_names_its_key_and_f10_goes_to_the_main_menu(driver: Driver) -> None:
    """Given the battle drawn, then every top-bar button's tooltip ends with its key in brackets (Menu: F10);
    when F10 is pressed, then the main menu shows."""
    screen = driver.new_game()
    driver.frames(1)
    assert all((b.tip or "").endswith(")") for b in (screen.end_phase, *screen.buttons.values()))
    assert (screen.buttons["menu"].tip or "").endswith("(F10)")
    press(driver, pygame.K_F10)
    assert isinstance(driver.app.top, MenuScreen)


def test_the_main_menu_opens_its_pages_by_their_letters(driver: Driver) -> None:
    """Given the main menu, when S is pressed the Settings open; back with Esc, N opens New Game;
    and every menu button's tooltip names its key (Quit: Esc)."""
    menu = driver.app.top
    assert isinstance(menu, MenuScreen)
    assert all(b.tip and b.tip.endswith(")") for b in menu.buttons.values())
    press(driver, pygame.K_s)
    assert isinstance(driver.app.top, SettingsScreen)
    press(driver, pygame.K_ESCAPE)
    press(driver, pygame.K_n)
    assert isinstance(driver.app.top, NewGameScreen)
