"""The "Learn to play" lessons driven to their end by synthetic clicks and keys (issue 14 §1).

Screenshots go to ``$MALAYA_TEST_SHOTS`` when set (to look at them), else to a temporary folder.
"""

from __future__ import annotations

import json

import pygame
import pytest

from malaya.engine.hexgrid import Hex
from malaya.engine.sides import Side
from malaya.engine.state import CombatStage, Location, Phase
from malaya.render.marks import edge_midpoint
from malaya.session import phase_info
from malaya.session.lessons import Mark
from malaya.ui.app.lessons import progress_path
from malaya.ui.battle.lesson import LessonScreen
from malaya.ui.screens.lessons import LessonsScreen
from malaya.ui.screens.menu import MenuScreen
from tests.ui.client_driver import SIZE, Driver

JITRA = Hex(10, 7)
MOVES = (("jp_21_inf", Hex(9, 7)), ("jp_1_tank", Hex(10, 6)), ("jp_11_inf", Hex(10, 6)), ("jp_41_inf", Hex(11, 6)))
"""Four JP units next to Jitra (two stack on one hex), as in the lesson's words."""


def _open_lesson(driver: Driver, number: int) -> LessonScreen:
    """From the main menu: Learn to play, then Start on the lesson's row."""
    assert isinstance(driver.app.top, MenuScreen)
    driver.frames(1)
    driver.click(driver.app.top.buttons["learn"].rect.center)
    page = driver.app.top
    assert isinstance(page, LessonsScreen)
    driver.click(page.start[number].rect.center)
    screen = driver.app.top
    assert isinstance(screen, LessonScreen)
    driver.frames(2)
    return screen


def _step(screen: LessonScreen) -> str:
    """The current step's title."""
    assert screen.run is not None and screen.run.step is not None
    return screen.run.step.title


def _next(driver: Driver, screen: LessonScreen) -> None:
    """Click Next on the lesson card."""
    driver.click(screen.card.next.rect.center)
    driver.frames(1)


def _click_target(driver: Driver, screen: LessonScreen) -> None:
    """Click the ringed button of the current step."""
    assert screen.run is not None and screen.run.step is not None
    highlight = screen.run.step.highlight
    rect = screen.target_rect(highlight.mark, highlight.target)
    assert rect is not None, f"no ringed button for {highlight.target}"
    driver.click(rect.center)


def _end_phase_until(driver: Driver, screen: LessonScreen, done: str) -> None:
    """Click End Phase (answering its question) until the step titled ``done`` is over."""
    for _ in range(12):
        if screen.run is None or screen.run.step is None or _step(screen) != done:
            return
        driver.end_phase()
        driver.frames(1)
    raise AssertionError(f"step {done!r} never ended")


def _unit(screen: LessonScreen, unit: str):  # type: ignore[no-untyped-def]
    return screen.client.state.units[screen.client.gd.unit_index[unit]]


def _move(driver: Driver, screen: LessonScreen, unit: str, to: Hex) -> None:
    """Select a unit by its row in the stack panel, then click a hex."""
    driver.hover(driver.hex_pos(_unit(screen, unit).hex))
    rect = next(r for r, u in screen.hits.units if u == unit)
    driver.click(rect.center)
    assert screen.selection.selected == unit
    driver.click(driver.hex_pos(to))


def _close_combat(driver: Driver, screen: LessonScreen, advance_from: Hex | None) -> None:
    """After Roll Dice: skip the animation, advance from ``advance_from`` if the hex was emptied (None: stay), then
    End / Cancel."""
    client = screen.client
    for _ in range(6):
        driver.frames(20)
        combat = client.state.combat
        if combat is None:
            return
        if combat.stage is CombatStage.ADVANCING and not combat.advanced and advance_from is not None:
            driver.click(driver.hex_pos(advance_from))
        else:
            _click_button(driver, screen, "End / Cancel")
    raise AssertionError(f"the combat never closed: {[t.text for t in driver.app.toasts]}, at {_step(screen)!r}")


def _click_button(driver: Driver, screen: LessonScreen, label: str) -> None:
    """Click a side-panel button by the start of its label."""
    driver.frames(1)
    rect = screen.target_rect(Mark.BUTTON, label)
    assert rect is not None, label
    driver.click(rect.center)


@pytest.mark.slow
def test_the_japanese_first_turn_lesson_is_played_to_its_end_by_clicks(driver: Driver) -> None:
    # given the first lesson started from the main menu, quick animations
    driver.app.settings = driver.app.settings.with_(animation_speed="fast", confirm_end_phase=True)
    screen = _open_lesson(driver, 0)
    client = screen.client
    assert client.humans == frozenset({Side.JP}) and client.state.phase is Phase.REINFORCEMENT
    driver.shot("lesson1_01_welcome")
    # when End Phase is clicked on a reading step, then a friendly hint is shown and nothing changes
    driver.end_phase()
    assert client.state.phase is Phase.REINFORCEMENT and _step(screen) == "Welcome"
    assert any("press Next" in t.text for t in driver.app.toasts)
    # when Next is clicked (and Enter pressed) on the two reading steps
    _next(driver, screen)
    driver.key(pygame.K_RETURN)
    # then the End Phase step is reached; clicking End Phase reaches the Air phase
    assert _step(screen) == "Ending a phase"
    driver.end_phase()
    assert client.state.phase is Phase.AIR and _step(screen) == "Splitting your aircraft"
    # when the ringed air-split button is clicked (R11)
    _click_target(driver, screen)
    assert (client.state.pool("attack", Side.JP), client.state.pool("defense", Side.JP)) == (3, 1)
    _end_phase_until(driver, screen, "On to the Naval phase")
    # when the Takumi Detachment is picked in the box and Kota Bharu clicked (R9)
    _click_target(driver, screen)
    kota_bharu = client.gd.board.place("Kota Bharu").hex
    driver.click(driver.hex_pos(kota_bharu))
    assert _unit(screen, "jp_56_inf").hex == kota_bharu
    _end_phase_until(driver, screen, "On to the Movement phase")
    assert _step(screen) == "Moving a unit"
    # when a wrong unit is moved, then the hint is shown and it stays where it was
    _move(driver, screen, "jp_42_inf", Hex(21, -4))
    assert _unit(screen, "jp_42_inf").hex == client.gd.board.place("Patani").hex
    hints = [t.text for t in driver.app.toasts if "then Sadao" in t.text]
    assert len(hints) == 1 and not any("press Next" in t.text for t in driver.app.toasts)  # earlier hints are gone
    # when the 21st moves to Sadao, then is clicked again: its move is taken back (R7.6)
    sadao = client.gd.board.place("Sadao").hex
    _move(driver, screen, "jp_21_inf", sadao)
    assert _unit(screen, "jp_21_inf").hex == sadao and _step(screen) == "Taking a move back"
    driver.frames(1)
    assert hints[0] not in [t.text for t in driver.app.toasts]  # the step's hint left with its step
    driver.click(driver.hex_pos(sadao))
    assert _unit(screen, "jp_21_inf").hex == client.gd.board.place("Hat Yai").hex
    # when four units close up on Jitra
    for unit, to in MOVES:
        _move(driver, screen, unit, to)
    assert _step(screen) == "To the Combat phase"
    _end_phase_until(driver, screen, "To the Combat phase")
    assert client.state.phase is Phase.COMBAT
    # when Jitra is clicked and the four attackers added, then air points with +
    driver.click(driver.hex_pos(JITRA))
    assert _step(screen) == "Adding attackers"
    for _, at in MOVES:
        driver.click(driver.hex_pos(at))
    assert client.state.combat is not None and len(client.state.combat.attackers) == 4
    _click_button(driver, screen, "+")
    _click_button(driver, screen, "+")
    assert client.state.combat.air_points == 2 and _step(screen) == "Reading the Combat Panel"
    driver.shot("lesson1_02_combat_panel")
    _next(driver, screen)
    # when Roll Dice is clicked, then the result is applied; the advance and End / Cancel close it (R12.8-9)
    _click_target(driver, screen)
    assert phase_info.last_roll(client) is not None and _step(screen) == "Retreat and advance"
    _close_combat(driver, screen, Hex(9, 7))
    # when the landing's combat at Kota Bharu is declared, rolled and closed (R12.2)
    assert _step(screen) == "The landing must fight"
    driver.click(driver.hex_pos(kota_bharu))
    assert _step(screen) == "The detachment joins in"
    _click_target(driver, screen)
    combat = client.state.combat
    assert combat is not None and "jp_56_inf" in combat.attackers
    # when Roll Dice is clicked before the kept air point is used, then the step's hint says to add it (R11.3)
    assert _step(screen) == "Air for the landing"
    _click_button(driver, screen, "Roll Dice")
    assert client.state.combat is not None and client.state.combat.result is None
    assert any("the air point you kept" in t.text for t in driver.app.toasts)
    _click_target(driver, screen)
    assert client.state.combat.air_points == 1 and _step(screen) == "Roll at Kota Bharu"
    _click_button(driver, screen, "Roll Dice")
    _close_combat(driver, screen, None)  # the detachment stays in its boats
    # when the turn is ended, then the computer plays the Commonwealth's turn
    assert _step(screen) == "Ending your turn"
    _end_phase_until(driver, screen, "Ending your turn")
    assert client.state.side is Side.CW and _step(screen) == "The computer's reply"
    driver.key(pygame.K_SPACE)
    for _ in range(3000):
        if client.state.side is Side.JP:
            break
        driver.frames(1)
    driver.frames(2)
    # then the lesson is complete; Play on hands over to a normal game from this position
    assert client.state.turn == 2 and screen.run is not None and screen.run.finished
    driver.shot("lesson1_03_complete")
    driver.click(screen.card.play_on.rect.center)
    assert screen.run is None and driver.app.top is screen


@pytest.mark.slow
def test_the_commonwealth_lesson_is_played_to_its_end_by_clicks(driver: Driver) -> None:
    # given the second lesson: the prelude put four JP units next to Jitra
    driver.app.settings = driver.app.settings.with_(animation_speed="fast")
    screen = _open_lesson(driver, 1)
    client = screen.client
    assert client.state.side is Side.CW and client.state.turn == 1
    assert _unit(screen, "jp_21_inf").hex == Hex(9, 7)
    _next(driver, screen)
    _end_phase_until(driver, screen, "On to the Movement phase")
    assert client.state.phase is Phase.MOVEMENT
    # when both Jitra brigades fall back to Alor Star, behind the river
    alor_star = client.gd.board.place("Alor Star").hex
    _move(driver, screen, "cw_6ind_bde", alor_star)
    _move(driver, screen, "cw_15ind_bde", alor_star)
    assert {u.id for u in client.state.units_at(alor_star)} >= {"cw_6ind_bde", "cw_15ind_bde"}
    # when Demolish bridge is clicked and a bridge next to Alor Star (R7.7)
    assert _step(screen) == "Blowing the bridge"
    _click_target(driver, screen)
    bridge = next(b for b in phase_info.demolitions(client) if alor_star in (b.a, b.b))
    screen.tactical.center_on(*edge_midpoint((bridge.a, bridge.b)))
    driver.frames(1)
    m = screen.areas(SIZE)["map"]
    x, y = screen.tactical.world_to_screen(*edge_midpoint((bridge.a, bridge.b)))
    driver.click((m.left + round(x), m.top + round(y)))
    assert (bridge.a, bridge.b) in client.state.demolished
    driver.key(pygame.K_ESCAPE)
    _end_phase_until(driver, screen, "On to the Rail phase")
    assert client.state.phase is Phase.RAIL
    driver.shot("lesson2_01_rail")
    # when the 28th Brigade goes north by rail (R8)
    sungei_patani = client.gd.board.place("Sungei Patani").hex
    _move(driver, screen, "cw_28ind_bde", sungei_patani)
    assert _unit(screen, "cw_28ind_bde").hex == sungei_patani
    # when the turn is ended, then the lesson is complete at the start of Japan's turn 2
    _end_phase_until(driver, screen, "Ending your turn")
    assert screen.run is not None and screen.run.finished and client.state.side is Side.JP
    driver.click(screen.card.play_on.rect.center)
    assert screen.run is None


@pytest.mark.slow
def test_a_left_lesson_resumes_at_its_step_and_position(driver: Driver) -> None:
    # given the first lesson left at its third step, after the Air phase began
    screen = _open_lesson(driver, 0)
    _next(driver, screen)
    _next(driver, screen)
    driver.end_phase()
    assert screen.run is not None and screen.run.index == 3
    driver.click(screen.card.leave.rect.center)
    # then the menu is back and the lesson's step is remembered with a save of its game
    assert isinstance(driver.app.top, MenuScreen)
    saved = json.loads(progress_path().read_text(encoding="utf-8"))
    assert saved["1_japan_first_turn"]["step"] == 3
    # when Learn to play → Resume is clicked
    driver.click(driver.app.top.buttons["learn"].rect.center)
    page = driver.app.top
    assert isinstance(page, LessonsScreen) and page.resume[0] is not None and page.resume[1] is None
    driver.click(page.resume[0].rect.center)
    # then the lesson goes on at the same step, in the Air phase of the same game
    resumed = driver.app.top
    assert isinstance(resumed, LessonScreen) and resumed.run is not None and resumed.run.index == 3
    assert resumed.client.state.phase is Phase.AIR


@pytest.mark.slow
def test_a_lesson_step_is_rendered_with_its_card_and_ring(driver: Driver) -> None:
    # given the first lesson at its Air step
    screen = _open_lesson(driver, 0)
    _next(driver, screen)
    _next(driver, screen)
    driver.end_phase()
    driver.frames(2)
    # then the card is drawn over the map, and the ring's button is found
    assert screen.card.rect.width > 0 and screen.areas(SIZE)["map"].contains(screen.card.rect)
    step = screen.run.step  # type: ignore[union-attr]
    assert screen.target_rect(step.highlight.mark, step.highlight.target) is not None
    driver.shot("lesson_air_step")
    assert _unit(screen, "jp_56_inf").location is Location.JP_BOX  # the landing comes in a later step


def test_the_places_the_paced_lesson_test_clicks_are_where_the_map_has_them(campaign) -> None:  # type: ignore[no-untyped-def]
    """Given the campaign map, then the hexes the real-window lesson test clicks (tests/e2e) are its places'."""
    from tests.e2e.test_paced_lesson import PLACES

    board = campaign.board
    assert {name: board.place(name).hex for name in PLACES} == PLACES
