"""Keyboard focus (issue 13 item 7): Tab and Shift+Tab reach every control of a page; Enter or Space presses it."""

from __future__ import annotations

import pygame
import pytest

from malaya.engine.actions import EndPhase
from malaya.engine.state import Phase
from malaya.ui.battle.screen import BattleScreen
from malaya.ui.screens.menu import MenuScreen
from malaya.ui.screens.new_game.screen import NewGameScreen
from malaya.ui.screens.settings import SettingsScreen
from tests.ui.client_driver import Driver


def press(driver: Driver, key: int, mod: int = 0) -> None:
    """A key press with modifiers, then a frame."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod))
    driver.frames(1)


def open_page(driver: Driver, name: str) -> object:
    """Main menu → a page, by a click on its button; the page after one frame."""
    menu = driver.app.top
    assert isinstance(menu, MenuScreen)
    driver.frames(1)
    driver.click(menu.buttons[name].rect.center)
    driver.frames(1)
    return driver.app.top


def _air_phase(driver: Driver) -> BattleScreen:
    """Setup only: a new game with its phases ended until the Air phase, whose panel has buttons."""
    screen = driver.new_game()
    for _ in range(5):
        if screen.client.state.phase is Phase.AIR:
            break
        screen.submit(EndPhase(side=screen.client.state.side))
        driver.frames(1)
    driver.frames(1)
    return screen


def test_tab_reaches_a_settings_checkbox_and_enter_ticks_it(driver: Driver) -> None:
    """Given Settings, when Tab is pressed past the value buttons and Full screen onto Auto Center and Enter
    pressed, then that setting flips and is saved."""
    page = open_page(driver, "settings")
    assert isinstance(page, SettingsScreen)
    order = page.focus_order()
    target = page.checks["auto_center"]
    for _ in range(sum(1 for c in order[:order.index(target) + 1] if c.enabled)):
        press(driver, pygame.K_TAB)
    assert target.focused and sum(1 for c in order if c.focused) == 1
    before = driver.app.settings.auto_center
    press(driver, pygame.K_RETURN)
    assert driver.app.settings.auto_center is not before


def test_shift_tab_from_nothing_focuses_the_last_control_of_settings(driver: Driver) -> None:
    """Given Settings with nothing focused, when Shift+Tab is pressed, then Back (the last control) has the focus."""
    page = open_page(driver, "settings")
    assert isinstance(page, SettingsScreen)
    press(driver, pygame.K_TAB, pygame.KMOD_LSHIFT)
    assert page.back.focused


def test_tab_reaches_a_new_game_option_and_space_ticks_it(driver: Driver) -> None:
    """Given New Game as hotseat (both sides' options may be ticked), when Tab goes to the first option and Space
    is pressed, then the option is ticked; Up and Down still choose the scenario, not the focus."""
    page = open_page(driver, "new")
    assert isinstance(page, NewGameScreen)
    driver.click(page.side_buttons["hotseat"].rect.center)
    assert page.options, "the chosen scenario has options"
    first = next(iter(page.options.values()))
    order = page.focus_order()
    for _ in range(sum(1 for c in order[:order.index(first) + 1] if c.enabled)):  # the levels are greyed out
        press(driver, pygame.K_TAB)
    assert first.focused and not first.checked
    press(driver, pygame.K_SPACE)
    assert first.checked
    assert isinstance(driver.app.top, NewGameScreen), "Space on a focused option does not start the game"


@pytest.mark.slow
def test_new_game_back_by_keys_and_enter_with_nothing_focused_still_starts(driver: Driver) -> None:
    """Given New Game, when Shift+Tab twice (Start, then Back) and Enter, then the main menu is back;
    given New Game again with nothing focused, Enter starts the game."""
    page = open_page(driver, "new")
    assert isinstance(page, NewGameScreen)
    press(driver, pygame.K_TAB, pygame.KMOD_LSHIFT)
    assert page.start.focused
    press(driver, pygame.K_TAB, pygame.KMOD_LSHIFT)
    assert page.back.focused
    press(driver, pygame.K_RETURN)
    assert isinstance(driver.app.top, MenuScreen)
    page = open_page(driver, "new")
    press(driver, pygame.K_RETURN)
    driver.settle()
    assert not isinstance(driver.app.top, (NewGameScreen, MenuScreen))


@pytest.mark.slow
def test_the_load_page_works_with_tab_and_enter(driver: Driver, campaign) -> None:  # type: ignore[no-untyped-def]
    """Given two saves on the Load page, when Tab twice (the first row, then its Delete) and Enter, then the delete
    question asks about that save; Esc keeps it; when Shift+Tab back to the first row and Enter, then it loads."""
    from malaya.persistence import save_record
    from malaya.persistence.sample import play_random
    from malaya.ui.app.intents import Push, ToLoad
    from malaya.ui.screens.load import LoadScreen

    save_record(play_random(campaign, seed=31, player_turns=1), "older")
    save_record(play_random(campaign, seed=32, player_turns=1), "newer")
    driver.app.apply(Push(ToLoad()))
    driver.frames(1)
    page = driver.app.top
    assert isinstance(page, LoadScreen)
    first = page.rows[0][1]
    press(driver, pygame.K_TAB)
    press(driver, pygame.K_TAB)
    press(driver, pygame.K_RETURN)
    assert page.confirm is not None and page.confirm.name == first.name
    press(driver, pygame.K_ESCAPE)
    assert page.confirm is None and first.path.exists()
    press(driver, pygame.K_TAB, pygame.KMOD_LSHIFT)
    press(driver, pygame.K_RETURN)
    driver.settle()
    for _ in range(3):
        if not isinstance(driver.app.top, BattleScreen):
            driver.click((640, 400))  # past the hand-over screen, if one shows
    assert isinstance(driver.app.top, BattleScreen)


@pytest.mark.slow
def test_ctrl_tab_focuses_a_side_panel_button_and_enter_presses_it(driver: Driver) -> None:
    """Given the JP Air phase (its panel has air-point buttons), when Ctrl+Tab is pressed, then the panel's first
    button has the focus (Tab alone still means the next unit); when Enter is pressed, then its action is done."""
    screen = _air_phase(driver)
    buttons = screen.keys.panel_buttons()
    assert buttons, "the Air phase panel has buttons"
    press(driver, pygame.K_TAB, pygame.KMOD_LCTRL)
    first = next(b for b in buttons if b.enabled)
    assert screen.keys.panel.focused(screen.keys.panel_buttons()) is not None
    assert screen.keys.panel.focused(screen.keys.panel_buttons()).label == first.label
    before = screen.client.state
    press(driver, pygame.K_RETURN)
    assert screen.client.state is not before, "Enter pressed the focused panel button"


def test_every_side_panel_button_has_a_tooltip_saying_how_to_reach_it_by_keys(driver: Driver) -> None:
    """Given the battle screen in a phase with panel buttons, then each one has a tooltip naming its key,
    or how to reach it from the keyboard."""
    screen = _air_phase(driver)
    buttons = screen.keys.panel_buttons()
    assert buttons and all(b.tip and ("Ctrl+Tab" in b.tip or "(D)" in b.tip) for b in buttons)


def test_a_focused_volume_slider_moves_a_step_with_left_and_right(driver: Driver) -> None:
    """Given Settings with sound on, when Shift+Tab goes back past Back and Keys… onto the Music slider and Right is
    pressed, then the music volume is one step (10 %) louder and saved; Left brings it back."""
    driver.app.set_settings(driver.app.settings.with_(sound=True))
    page = open_page(driver, "settings")
    assert isinstance(page, SettingsScreen)
    for _ in range(3):
        press(driver, pygame.K_TAB, pygame.KMOD_LSHIFT)
    assert page.sliders["music_volume"].focused
    before = driver.app.settings.music_volume
    press(driver, pygame.K_LEFT if before == 100 else pygame.K_RIGHT)
    after = driver.app.settings.music_volume
    assert abs(after - before) == 10
    press(driver, pygame.K_RIGHT if before == 100 else pygame.K_LEFT)
    assert driver.app.settings.music_volume == before


def test_every_replay_control_has_a_tooltip_naming_its_key() -> None:
    """Given the replay viewer's controls, then each button says what it does and its key in brackets."""
    from malaya.ui.panels.replay_panel import ReplayControls

    controls = ReplayControls()
    assert all(b.tip and b.tip.endswith(")") and "(" in b.tip for b in controls.buttons.values())


def test_every_button_of_new_game_settings_and_load_has_a_tooltip(driver: Driver, campaign) -> None:  # type: ignore[no-untyped-def]
    """Given New Game, Settings and a Load page with a save (and its delete question), then every button there
    has a tooltip."""
    from malaya.persistence import save_record
    from malaya.persistence.sample import play_random
    from malaya.ui.app.intents import Push, ToLoad
    from malaya.ui.screens.load import LoadScreen
    from malaya.ui.widgets.kit import Button

    page = open_page(driver, "new")
    assert isinstance(page, NewGameScreen)
    assert all(c.tip for c in page.focus_order() if isinstance(c, Button))
    press(driver, pygame.K_ESCAPE)
    settings = open_page(driver, "settings")
    assert isinstance(settings, SettingsScreen)
    assert all(c.tip for c in settings.focus_order() if isinstance(c, Button))
    press(driver, pygame.K_ESCAPE)
    save_record(play_random(campaign, seed=33, player_turns=1), "one")
    driver.app.apply(Push(ToLoad()))
    driver.frames(1)
    load = driver.app.top
    assert isinstance(load, LoadScreen)
    assert load.back.tip and all(b.tip for b, _ in load.deletes)
    assert all(b.tip for b in load.answer.values())


def test_every_page_and_dialog_over_the_menu_closes_with_esc(driver: Driver, campaign) -> None:  # type: ignore[no-untyped-def]
    """Given the main menu, when each page or dialog is opened over it and Esc pressed, then the menu is back
    (Esc answers a question with its "no" button, which says so)."""
    from malaya.ui.app.intents import (
        Push,
        ToBriefing,
        ToConfirm,
        ToHelp,
        ToKeys,
        ToLedger,
        ToLoad,
        ToNewGame,
        ToSaveAs,
        ToSettings,
        ToText,
    )

    answers: list[str] = []
    pages = [ToNewGame(), ToSettings(), ToKeys(), ToHelp(), ToLoad(), ToLedger(campaign, []), ToText("Log", ["a"]),
             ToBriefing(campaign.scenario), ToSaveAs("name", None, lambda _: None),
             ToConfirm("Sure?", ["It cannot be undone."], "Yes (Enter)", "No (Esc)", lambda: answers.append("yes"),
                       lambda: answers.append("no"))]
    menu = driver.app.top
    for intent in pages:
        driver.app.apply(Push(intent))
        driver.frames(1)
        assert driver.app.top is not menu, f"{type(intent).__name__} opened"
        press(driver, pygame.K_ESCAPE)
        assert driver.app.top is menu, f"Esc closed {type(intent).__name__}"
    assert answers == ["no"]


@pytest.mark.slow
def test_tab_onto_the_seed_lets_the_player_type_a_seed(driver: Driver) -> None:
    """Given New Game, when Tab goes past the three side buttons onto the seed, Ctrl+A selects it and 4, 2 are
    typed, then the seed reads 42; a further Tab leaves the field for New seed."""
    page = open_page(driver, "new")
    assert isinstance(page, NewGameScreen)
    for _ in range(4):
        press(driver, pygame.K_TAB)
    assert page.seed.focused
    press(driver, pygame.K_a, pygame.KMOD_LCTRL)
    driver.key(pygame.K_4, "4")
    driver.key(pygame.K_2, "2")
    assert page.seed.text == "42"
    press(driver, pygame.K_TAB)
    assert not page.seed.focused and page.reseed.focused


@pytest.mark.slow
def test_page_down_scrolls_a_long_side_panel_and_ctrl_tab_then_reaches_its_last_button(campaign) -> None:  # type: ignore[no-untyped-def]
    """Given a combat being declared in a short 1280x540 window (the side panel is taller than its room), when PgDn is
    pressed until the panel's end, then it has scrolled there and Ctrl+Shift+Tab focuses a button in view."""
    from malaya.engine.state import Phase
    from tests.ui.screen_tour import at_combat, battle_at, frames, open_app

    app = open_app(campaign, (1280, 540))
    battle = battle_at(app, at_combat(campaign), Phase.COMBAT, combat=True)
    frames(app)
    body = battle.areas((1280, 540))["body"]
    end = battle.hits.content_height - body.height
    assert end > 0
    for _ in range(6):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode=""))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_PAGEDOWN, mod=0))
        frames(app, 1)
    assert battle.panel_scroll == end
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT,
                                         unicode=""))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_TAB, mod=pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT))
    frames(app, 1)
    focused = battle.keys.panel.focused(battle.keys.panel_buttons())
    assert focused is not None and body.contains(focused.rect)
    battle.close()
