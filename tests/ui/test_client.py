"""The game client driven headless by synthetic mouse and keyboard events, on the real campaign."""

from __future__ import annotations

import json
import time

import pygame
import pytest

from malaya.engine.actions import MoveUnit, RollDice
from malaya.engine.sides import Side
from malaya.engine.state import Phase
from malaya.ui.app.settings import settings_path
from malaya.ui.battle.input.handlers import UnitSelected
from malaya.ui.battle.screen import BattleScreen
from malaya.ui.dialogs.help.dialog import HelpScreen
from malaya.ui.screens.end import EndScreen, HandoverScreen
from malaya.ui.screens.menu import MenuScreen
from malaya.ui.screens.new_game.screen import NewGameScreen
from malaya.ui.screens.settings import SettingsScreen
from tests.ui.client_driver import Driver


def _end_phases_until(driver: Driver, phase: Phase, side: Side | None = None, limit: int = 40) -> None:
    """Click End Phase (and past hand-over screens) until the phase (and side) is reached."""
    battle = driver.battle()
    for _ in range(limit):
        state = battle.client.state
        if state.phase is phase and (side is None or state.side is side):
            return
        if isinstance(driver.app.top, HandoverScreen):
            driver.click((640, 400))
        else:
            driver.end_phase()
    raise AssertionError(f"never reached {phase}")


@pytest.mark.slow
def test_the_menu_leads_to_a_new_game_with_the_chosen_seed_and_options(driver: Driver) -> None:
    # given the main menu
    assert isinstance(driver.app.top, MenuScreen)
    driver.frames(1)
    # when New Game is clicked, CW vs computer chosen, the seed typed and a CW option ticked
    driver.click(driver.app.top.buttons["new"].rect.center)
    page = driver.app.top
    assert isinstance(page, NewGameScreen)
    driver.frames(1)
    driver.click(page.side_buttons["CW"].rect.center)
    driver.click(page.seed.rect.center)
    for _ in range(10):
        driver.key(pygame.K_BACKSPACE)
    for ch in "4242":
        driver.key(getattr(pygame, f"K_{ch}"), ch)
    driver.frames(1)
    driver.click(page.options["cw_rail_capacity"].rect.center)
    driver.click(page.options["jp_air_flotilla"].rect.center)  # the computer's option: cannot be ticked
    driver.shot("new_game")
    driver.click(page.start.rect.center)
    # then the battle starts with that seed, the CW option bought and JP played by the computer
    battle = driver.app.top
    assert isinstance(battle, BattleScreen)
    assert battle.client.match.seed == 4242
    assert battle.client.state.options == frozenset({"cw_rail_capacity"})
    assert battle.client.humans == frozenset({Side.CW}) and Side.JP in battle.ai.controllers


def test_load_and_replay_are_disabled_with_a_reason_until_saves_exist(driver: Driver, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # given a client whose saves package cannot be imported
    import malaya.ui.screens.menu as menu

    monkeypatch.setattr(menu, "persistence_ready", lambda: False)
    screen = MenuScreen(driver.app)
    # then Load and Replay are disabled and say why
    assert screen.buttons["load"].reason == menu.SAVES_REASON
    assert screen.buttons["replay"].reason and not screen.buttons["replay"].enabled


def test_settings_help_and_quit_from_the_menu(driver: Driver) -> None:
    # given the menu; when Settings is opened and the UI scale value clicked
    driver.frames(1)
    driver.click(driver.app.top.buttons["settings"].rect.center)
    page = driver.app.top
    assert isinstance(page, SettingsScreen)
    driver.frames(1)
    driver.click(page.cycles["ui_scale"].rect.center)
    driver.click(page.checks["auto_center"].rect.center)
    driver.shot("settings")
    # then the new values are saved at once
    saved = json.loads(settings_path().read_text())
    assert saved["ui_scale"] == 1.25 and saved["auto_center"] is True
    # when Esc returns to the menu and H opens the help overlay over it
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_h)
    assert isinstance(driver.app.top, HelpScreen) and isinstance(driver.app.stack[-2], MenuScreen)
    driver.key(pygame.K_TAB)
    assert driver.app.top.page == 1
    driver.shot("help_rules")
    driver.key(pygame.K_TAB)
    assert driver.app.top.page == 2
    driver.shot("help_tables")
    driver.key(pygame.K_ESCAPE)
    # and Quit closes the client
    driver.frames(1)
    driver.click(driver.app.top.buttons["quit"].rect.center)
    assert not driver.app.running


def test_hotseat_starts_behind_a_hand_over_and_end_phase_clicks_advance_the_game(driver: Driver) -> None:
    # given a new hotseat game
    from malaya.ui.app.flow import start_game

    driver.app.apply(start_game(driver.app, "hotseat", 11))
    driver.frames(1)
    # then the JP player is asked to take the chair first, the map hidden
    assert isinstance(driver.app.top, HandoverScreen) and driver.app.top.side is Side.JP
    driver.shot("handover")
    driver.click((640, 400))
    battle = driver.app.top
    assert isinstance(battle, BattleScreen)
    first = battle.client.state.phase
    # when End Phase is clicked
    driver.end_phase()
    # then the engine moved on to a later phase and the log says so
    assert battle.client.state.phase is not first
    assert any(m.startswith("— Turn 1") and "Japanese" in m for m in battle.client.messages)
    # and when the JP player-turn ends, the CW player gets a hand-over screen
    for _ in range(20):
        driver.end_phase()
        if isinstance(driver.app.top, HandoverScreen):
            break
    assert isinstance(driver.app.top, HandoverScreen) and driver.app.top.side is Side.CW


def test_select_move_deselect_and_undo_a_unit_with_clicks(driver: Driver) -> None:
    # given a hotseat game in the JP Movement phase
    driver.new_game("hotseat", 3)
    _end_phases_until(driver, Phase.MOVEMENT)
    battle = driver.battle()
    moves = [a for a in battle.client.legal() if isinstance(a, MoveUnit)]
    if not moves:
        pytest.skip("the engine offers no MoveUnit actions yet")
    unit = moves[0].unit
    gd = battle.client.gd
    start = battle.client.state.units[gd.unit_index[unit]].hex
    # when the unit's hex is clicked
    driver.click(driver.hex_pos(start))
    # then a unit is selected and exactly its legal destinations are highlighted
    assert isinstance(battle.selection, UnitSelected)
    chosen = battle.selection.selected
    legal = {a.to for a in battle.client.legal() if isinstance(a, MoveUnit) and a.unit == chosen}
    assert set(battle.marks().destinations) == legal
    # when Esc is pressed, then it is deselected; clicking again selects it again
    driver.key(pygame.K_ESCAPE)
    assert battle.selection.selected is None
    driver.click(driver.hex_pos(start))
    assert battle.selection.selected == chosen
    # when a destination is hovered, then its path and MP cost are shown
    target = min(legal, key=lambda h: (-h.distance(start), h))
    near = [h for h in legal if 1 <= h.distance(start) <= 3]
    target = sorted(near)[0] if near else target
    pos = driver.hex_pos(target)
    driver.hover(pos)
    overlay = battle.marks()
    assert overlay.path and overlay.path[0] == start and overlay.path[-1] == target and overlay.cost
    driver.shot("path")
    # when it is clicked, then the unit moved there through the gate and is Used
    driver.click(pos)
    moved = battle.client.state.units[gd.unit_index[chosen]]
    assert moved.hex == target and moved.used and battle.selection.selected is None
    assert " moved " in battle.client.messages[-1]
    driver.shot("moved")
    # when the moved unit is clicked with nothing selected, then its move is undone (R7.6)
    driver.click(pos)
    back = battle.client.state.units[gd.unit_index[chosen]]
    assert back.hex == start and not back.used


def test_a_refused_action_is_logged_and_toasted_never_raised(driver: Driver) -> None:
    # given a hotseat game, when an action the gate refuses is submitted
    battle = driver.new_game("hotseat", 5)
    ok = battle.submit(RollDice(side=Side.JP))
    # then nothing happened except a log line and a toast
    assert not ok
    assert battle.client.messages[-1].startswith("Refused:")
    assert driver.app.toasts and driver.app.toasts[-1].warning


@pytest.mark.slow
def test_the_strategic_map_and_mini_map_move_the_view(driver: Driver) -> None:
    # given a game
    battle = driver.new_game("hotseat", 2)
    before = battle.tactical.center()
    # when the Mini-Map is clicked near its bottom
    mini = battle.areas((1280, 800))["mini"]
    driver.click((mini.centerx, mini.bottom - 10))
    # then the Tactical Map jumped south
    assert battle.tactical.center()[1] > before[1] + 500
    # when the Strategic Map is shown (button), then the whole map is in view and still clickable
    driver.click(battle.buttons["strategic"].rect.center)
    assert battle.show_strategic and battle.camera is battle.strategic
    driver.shot("strategic")
    driver.key(pygame.K_g)
    assert not battle.renderer.grid
    driver.key(pygame.K_m)
    assert not battle.show_strategic


@pytest.mark.slow
def test_against_the_computer_the_ai_plays_its_turn_in_a_thread_through_the_gate(driver: Driver) -> None:
    # given a game as CW against the computer (JP moves first)
    battle = driver.new_game("CW", 9)
    assert not battle.client.is_human_turn()
    # when the player presses Space to fast-forward
    driver.key(pygame.K_SPACE)
    deadline = time.monotonic() + 60
    while not battle.client.is_human_turn() and time.monotonic() < deadline:
        driver.frames(1)
    # then the computer finished JP's player-turn through the gate and it is CW's turn
    # (frame times while the AI thinks are measured by benchmarks, not asserted here)
    log = battle.client.match.log
    assert battle.client.is_human_turn() and battle.client.state.side is Side.CW, (len(log), log[-8:])
    assert len(log) > 0
    driver.shot("cw_turn")


def test_the_game_end_screen_shows_the_result_and_vp_breakdown(driver: Driver, campaign) -> None:  # type: ignore[no-untyped-def]
    # given a finished game (the state is marked finished directly: a test shortcut, not UI behaviour)
    from dataclasses import replace

    battle = driver.new_game("hotseat", 1)
    battle.client.match.state = replace(battle.client.state, finished=True)
    # when a frame runs, then the game end screen appears with the level and the VP rows
    driver.frames(2)
    assert isinstance(driver.app.top, EndScreen)
    from malaya.ui.screens.end import vp_breakdown

    rows = vp_breakdown(battle.client)
    assert any("Singapore" in label for label, _ in rows) and rows[-1][0].startswith("Total")
    # and the rows read as words: the total names both sides' VP, no slashes, negatives with a true minus
    assert rows[-1][0].startswith("Total: Japanese ") and " VP minus Commonwealth " in rows[-1][0]
    assert not [label for label, value in rows if "/" in label or "-" in value]
    driver.shot("game_end")


def test_the_front_line_is_drawn_on_the_map_and_l_toggles_it(driver: Driver) -> None:
    # given a game, the camera on a hexside of the opening front (the Siam border)
    from malaya.engine.gamedef import initial_control
    from malaya.render.geometry import hexside_lattice, lattice_to_pixel
    from malaya.render.marks import FRONT
    from malaya.session.front import front_edges

    battle = driver.new_game("hotseat", 1)
    gd = battle.client.gd
    h, d = front_edges(gd, initial_control(gd.board))[0]
    a, b = (lattice_to_pixel(p) for p in hexside_lattice(h, d))
    battle.tactical.center_on((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    driver.frames(1)
    m = battle.areas(pygame.display.get_surface().get_size())["map"]

    def centre_pixel() -> tuple[int, int, int]:
        x, y = battle.tactical.world_to_screen((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        return tuple(pygame.display.get_surface().get_at((int(x) + m.left, int(y) + m.top)))[:3]

    # then the front line is drawn there in its red
    assert centre_pixel() == FRONT
    # when L is pressed, it is hidden (and the setting remembered); pressed again, shown
    driver.key(pygame.K_l)
    assert not driver.app.settings.show_front and centre_pixel() != FRONT
    driver.key(pygame.K_l)
    assert driver.app.settings.show_front and centre_pixel() == FRONT
