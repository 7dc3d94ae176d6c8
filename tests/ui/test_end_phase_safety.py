"""No click throws a turn away (issue 13 §1): End Phase asks when work is left, ignores a double press,
and auto-skip never skips a phase the player has not seen begin (R3.4). Played by synthetic clicks."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import pygame

from malaya.engine.actions import Action, EndPhase, MoveUnit
from malaya.engine.hexgrid import Hex
from malaya.engine.sides import Side
from malaya.engine.state import Phase
from malaya.ui.app.intents import Push, ToSettings
from malaya.ui.app.settings import settings_path
from malaya.ui.battle.autoskip import AUTO_SKIP_DELAY_S, AutoSkip
from malaya.ui.battle.end_phase import ABSORBED, REPEAT_S, EndPhaseGuard
from malaya.ui.battle.input.handlers import UnitSelected
from malaya.ui.battle.screen import BattleScreen
from malaya.ui.dialogs.confirm import ConfirmDialog
from malaya.ui.screens.settings import SettingsScreen
from tests.ui.client_driver import Driver

SEED = 5
JITRA_APPROACH = (("jp_11_inf", Hex(10, 6)), ("jp_21_inf", Hex(9, 7)))
"""Two JP moves that put units next to the Jitra line, so the Combat phase has attacks to make."""


def _skip_to(driver: Driver, phase: Phase, side: Side = Side.JP) -> BattleScreen:
    """Setup only: end phases through the gate until the position is reached; the battle screen."""
    return driver.skip_to(phase, side)


def _press_end_phase(driver: Driver) -> None:
    """One End Phase click, after the repeat guard has passed (no answer to any question)."""
    driver.wait(REPEAT_S)
    driver.click(driver.end_phase_pos())


def test_ending_movement_with_units_unmoved_asks_and_names_them(driver: Driver) -> None:
    """Given the JP Movement phase with nothing moved, when End Phase is clicked, then a question names the units."""
    driver.new_game("hotseat", SEED)
    battle = _skip_to(driver, Phase.MOVEMENT)
    _press_end_phase(driver)
    dialog = driver.app.top
    assert isinstance(dialog, ConfirmDialog)
    assert dialog.title == "End the Movement phase?"
    assert dialog.lines[0].startswith("5 units have not moved: 11th Infantry Regt (5th Div)")
    assert dialog.yes.label == "End anyway (Enter)" and dialog.no.label == "Review (Esc)"
    # and the phase has not ended yet
    assert battle.client.state.phase is Phase.MOVEMENT


def test_enter_ends_the_phase_anyway(driver: Driver) -> None:
    """Given the question, when Enter is pressed, then the Movement phase ends."""
    driver.new_game("hotseat", SEED)
    battle = _skip_to(driver, Phase.MOVEMENT)
    _press_end_phase(driver)
    driver.key(pygame.K_RETURN)
    assert driver.app.top is battle and battle.client.state.phase is Phase.RAIL


def test_esc_reviews_and_selects_the_first_unit_left(driver: Driver) -> None:
    """Given the question, when Esc is pressed, then the phase goes on and the first unmoved unit is selected."""
    driver.new_game("hotseat", SEED)
    battle = _skip_to(driver, Phase.MOVEMENT)
    _press_end_phase(driver)
    driver.key(pygame.K_ESCAPE)
    assert driver.app.top is battle and battle.client.state.phase is Phase.MOVEMENT
    assert isinstance(battle.selection, UnitSelected) and battle.selection.selected == "jp_11_inf"
    assert battle.marks().destinations  # its moves are shown at once


def test_the_setting_turns_the_question_off(driver: Driver) -> None:
    """Given "ask before ending a phase" switched off, when End Phase is clicked, then the phase ends at once."""
    driver.app.settings = driver.app.settings.with_(confirm_end_phase=False)
    driver.new_game("hotseat", SEED)
    battle = _skip_to(driver, Phase.MOVEMENT)
    _press_end_phase(driver)
    assert driver.app.top is battle and battle.client.state.phase is Phase.RAIL


def test_the_settings_page_switches_the_question_off_and_it_is_saved(driver: Driver) -> None:
    """Given the Settings page, when "Ask before ending a phase…" is clicked, then the setting is off and saved."""
    assert driver.app.settings.confirm_end_phase
    driver.app.apply(Push(ToSettings()))
    page = driver.app.top
    assert isinstance(page, SettingsScreen)
    driver.frames(1)
    assert page.checks["confirm_end_phase"].label == "Ask before ending a phase with units or attacks left"
    driver.click(page.checks["confirm_end_phase"].rect.center)
    assert not driver.app.settings.confirm_end_phase
    assert json.loads(settings_path().read_text())["confirm_end_phase"] is False


def test_ending_combat_with_attacks_possible_asks_about_the_player_turn(driver: Driver) -> None:
    """Given JP units next to Jitra in the Combat phase, when End Phase is clicked, then the question names Jitra."""
    driver.new_game("hotseat", SEED)
    battle = _skip_to(driver, Phase.MOVEMENT)
    for unit, to in JITRA_APPROACH:
        assert battle.client.submit(MoveUnit(side=Side.JP, unit=unit, to=to)) is None
    battle = _skip_to(driver, Phase.COMBAT)
    _press_end_phase(driver)
    dialog = driver.app.top
    assert isinstance(dialog, ConfirmDialog)
    assert dialog.title == "End the Combat phase and the Japanese player-turn?"
    assert "still possible: Jitra" in dialog.lines[0]
    # when Esc is pressed, then the map shows Jitra and the phase goes on
    driver.key(pygame.K_ESCAPE)
    assert battle.client.state.phase is Phase.COMBAT and not battle.show_strategic


def test_a_second_press_within_the_repeat_window_is_ignored_and_said_so(driver: Driver) -> None:
    """Given the JP Air phase, when End Phase is double-clicked, then only Air ends (Movement is not skipped)
    and a toast says the second press was ignored."""
    driver.new_game("hotseat", SEED)
    battle = _skip_to(driver, Phase.AIR)
    _press_end_phase(driver)
    driver.click(driver.end_phase_pos())  # 1/60 s later: a double click
    assert battle.client.state.phase is Phase.NAVAL
    assert driver.app.toasts[-1].text == ABSORBED and driver.app.toasts[-1].warning
    # when the repeat window has passed, then the next press counts again
    _press_end_phase(driver)
    assert battle.client.state.phase is Phase.MOVEMENT


def test_a_click_after_the_window_idled_for_seconds_counts(driver: Driver) -> None:
    """Given End Phase just clicked (Air ended), when the window idles 4 s (its frame clock barely moves, issue
    26 §1) and End Phase is clicked again with the pointer still there, then the Naval phase ends too."""
    driver.new_game("hotseat", SEED)
    battle = _skip_to(driver, Phase.AIR)
    _press_end_phase(driver)
    assert battle.client.state.phase is Phase.NAVAL
    driver.rest(4.0)
    driver.click(driver.end_phase_pos())
    assert battle.client.state.phase is Phase.MOVEMENT
    assert ABSORBED not in [t.text for t in driver.app.toasts]


def test_e_pressed_every_few_seconds_ends_a_phase_each_time(driver: Driver) -> None:
    """Given the JP Air phase and no question asked, when E is pressed five times 2.5 s apart on an idle window,
    then every press ends a phase (none is dropped)."""
    driver.app.settings = driver.app.settings.with_(confirm_end_phase=False)
    driver.new_game("hotseat", SEED)
    battle = _skip_to(driver, Phase.AIR)
    seen = []
    for _ in range(3):
        driver.rest(2.5)
        driver.key(pygame.K_e)
        seen.append(battle.client.state.phase)
    assert seen == [Phase.NAVAL, Phase.MOVEMENT, Phase.RAIL]


def test_a_quick_second_press_counts_when_the_first_did_not_end_the_phase(driver: Driver) -> None:
    """Given the question after End Phase in Movement, when Esc reviews and E is pressed at once, then the question
    comes again (a press is absorbed only after a phase it ended)."""
    driver.new_game("hotseat", SEED)
    battle = _skip_to(driver, Phase.MOVEMENT)
    _press_end_phase(driver)
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_e)
    assert isinstance(driver.app.top, ConfirmDialog) and battle.client.state.phase is Phase.MOVEMENT


def test_the_guard_times_presses_by_the_wall_clock_they_came_at() -> None:
    """Given a press that ended the Air phase at t=10 s, then a press at 10.1 s in the next phase is absorbed with
    its reason, one at 10.5 s counts, and one at 10.1 s in the same phase (nothing ended) counts."""
    air, naval = (1, Side.JP, Phase.AIR), (1, Side.JP, Phase.NAVAL)
    guard = EndPhaseGuard()
    assert guard.press(10.0, air) is None
    assert guard.press(10.1, naval) == ABSORBED
    assert guard.press(10.5, naval) is None
    again = EndPhaseGuard()
    assert again.press(10.0, air) is None and again.press(10.1, air) is None


@dataclass
class _Phases:
    """A client stand-in whose phases have nothing to do but End Phase (R3.4)."""

    state: object
    notes: list[str] = field(default_factory=list)

    def legal(self) -> list[Action]:
        return [EndPhase(side=Side.JP)]

    def nothing_to_do(self) -> bool:
        return self.legal() == [EndPhase(side=Side.JP)]

    def note(self, text: str) -> None:
        self.notes.append(text)


@dataclass(frozen=True)
class _Position:
    turn: int = 1
    side: Side = Side.JP
    phase: Phase = Phase.AIR


def test_auto_skip_never_skips_a_phase_before_it_has_been_shown_for_its_own_delay() -> None:
    """Given an empty phase shown almost long enough, when the next empty phase begins, then its time starts at 0."""
    skip, client = AutoSkip(), _Phases(_Position(phase=Phase.AIR))
    assert skip.update(0.01, client, True, False) is None  # the Air phase is seen to begin
    assert skip.update(AUTO_SKIP_DELAY_S * 0.9, client, True, False) is None
    client.state = _Position(phase=Phase.NAVAL)  # the player ended Air by hand
    assert skip.update(0.25, client, True, False) is None  # the frame that shows Naval begin
    assert skip.update(AUTO_SKIP_DELAY_S * 0.5, client, True, False) is None
    # then only after the delay of its own is Naval skipped
    assert skip.update(AUTO_SKIP_DELAY_S * 0.6, client, True, False) == EndPhase(side=Side.JP)
    assert client.notes == ["Auto-skipped the Japanese naval phase (nothing to do)."]


def test_tab_focuses_review_and_space_keeps_the_phase(driver: Driver) -> None:
    """Given the question, when Tab moves the focus to the second button (Review) and Space is pressed, then the
    question closes and the Movement phase goes on; the focus ring marks the button Space will press."""
    driver.new_game("hotseat", SEED)
    battle = _skip_to(driver, Phase.MOVEMENT)
    _press_end_phase(driver)
    dialog = driver.app.top
    assert isinstance(dialog, ConfirmDialog)
    driver.key(pygame.K_TAB)
    driver.key(pygame.K_TAB)
    driver.frames(1)
    assert dialog.no.focused and not dialog.yes.focused
    assert isinstance(driver.app.top, ConfirmDialog), "moving the focus answers nothing"
    driver.key(pygame.K_SPACE)
    assert driver.app.top is battle and battle.client.state.phase is Phase.MOVEMENT


def test_right_arrow_then_left_focuses_end_anyway_and_enter_presses_it(driver: Driver) -> None:
    """Given the question, when Right then Left move the focus back to the first button and Enter is pressed,
    then the Movement phase ends."""
    driver.new_game("hotseat", SEED)
    battle = _skip_to(driver, Phase.MOVEMENT)
    _press_end_phase(driver)
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_LEFT)
    driver.frames(1)
    dialog = driver.app.top
    assert isinstance(dialog, ConfirmDialog) and dialog.yes.focused
    driver.key(pygame.K_RETURN)
    assert driver.app.top is battle and battle.client.state.phase is Phase.RAIL


def test_a_click_on_end_phase_is_judged_by_the_game_now_not_by_the_last_frame_drawn(driver: Driver) -> None:
    """Given the Air phase, whose last drawn frame still showed End Phase refused (as a frame drawn before an automatic
    End Phase shows it on a busy machine), when End Phase is clicked before the next frame, then the phase ends."""
    driver.new_game("hotseat", SEED)
    battle = _skip_to(driver, Phase.AIR)
    driver.wait(REPEAT_S)
    battle.end_phase.reason = "The computer is playing."  # what the last frame drew, before the game moved on
    battle.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=driver.end_phase_pos()), driver.app)
    # (no press is dropped: the reason a click is refused is the game's own, from the position it is in)
    assert battle.client.state.phase is not Phase.AIR
