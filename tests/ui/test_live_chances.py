"""Win chances during play (issue 29 item 4, "never a spoiler"): off unless the player turns them on in
Settings; then, in a solo game against the computer, worked out in the background after each completed
player-turn from what the player's side may see (R2.5) and shown under the VP box; never in hotseat.

The background work is driven to its end by joining its thread (never by sleeping); the rollouts are played
by the test's own runner, in this process, so every figure is known in advance.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from pathlib import Path

import pygame
import pytest

import malaya.ui.battle.panels.chances_box as chances_box
from malaya.engine.actions import EndPhase
from malaya.engine.sides import Side
from malaya.engine.view_of_side import side_view
from malaya.persistence.rollout_jobs import RolloutJob, run_rollout_job
from malaya.session.analysis.estimate import Outcome, WinEstimate
from malaya.session.analysis.rollout import RolloutResult
from malaya.ui.app.intents import Push, ToSettings
from malaya.ui.app.settings import Settings, load_settings, save_settings, settings_path
from malaya.ui.battle.lesson import LessonScreen
from malaya.ui.battle.live_chances import LIVE_ROLLOUTS, LiveChances, solo_side, work_out
from malaya.ui.battle.pbem_turn import PbemTurnScreen
from malaya.ui.battle.screen import BattleScreen
from malaya.ui.screens.settings import SettingsScreen
from tests.ui.client_driver import Driver

PATTERN = (Outcome.JP,) * 5 + (Outcome.DRAW,) * 2 + (Outcome.CW,)
"""The test runner's results by rollout index: 8 games give JP 63 %, draw 25 %, CW 12 %."""


@dataclass
class CountingRunner:
    """Plays no game: rollout ``i`` ends as PATTERN[i]; remembers every job it was given."""

    jobs: list[RolloutJob] = field(default_factory=list)
    closed: bool = False
    gate: threading.Event = field(default_factory=threading.Event)
    """Cleared, the games wait for the test to open it (so "working…" can be seen)."""

    def __post_init__(self) -> None:
        self.gate.set()

    def __call__(self, job: RolloutJob) -> RolloutResult:
        """The patterned result of ``job`` (once the gate is open)."""
        assert self.gate.wait(30)
        self.jobs.append(job)
        return RolloutResult(PATTERN[job.index % len(PATTERN)], 0)

    def close(self) -> None:
        """Nothing to stop."""
        self.closed = True


@dataclass
class InProcess:
    """Plays each rollout for real, in this process."""

    played: int = 0

    def __call__(self, job: RolloutJob) -> RolloutResult:
        """The real rollout."""
        self.played += 1
        return run_rollout_job(job)

    def close(self) -> None:
        """Nothing to stop."""


def end_player_turn(battle: BattleScreen) -> None:
    """The side to play ends every phase of its player-turn through the gate."""
    side = battle.client.state.side
    while battle.client.state.side is side and not battle.client.state.finished:
        assert battle.client.submit(EndPhase(side=side)) is None


Drawn = tuple[str, list[tuple[str, str]], pygame.Rect]


def drawn_box(driver: Driver, monkeypatch: pytest.MonkeyPatch) -> list[Drawn]:
    """Run a frame, and what the chances box drew in it (heading, parts and where; empty: no box)."""
    boxes: list[Drawn] = []
    real = chances_box.draw_chances_box

    def spy(surface, box, heading, parts, mouse):  # type: ignore[no-untyped-def]
        boxes.append((heading, list(parts), pygame.Rect(box)))
        real(surface, box, heading, parts, mouse)

    monkeypatch.setattr("malaya.ui.battle.live_chances.draw_chances_box", spy)
    driver.frames(1)
    monkeypatch.undo()
    return boxes


def solo(driver: Driver, on: bool) -> tuple[BattleScreen, CountingRunner]:
    """A new game as Japan against the computer, the test's runner in place, then the setting as asked."""
    battle = driver.new_game("JP", seed=3)
    assert battle.chances is not None
    runner = CountingRunner()
    battle.chances.run = runner
    driver.app.set_settings(driver.app.settings.with_(live_win_chances=on))
    return battle, runner


def test_the_setting_is_off_by_default_and_round_trips_through_settings_json(tmp_path: Path) -> None:
    # given the defaults, then the win chances during play are off
    assert Settings().live_win_chances is False
    # when they are turned on and saved, then settings.json says so and reads back the same
    path = tmp_path / "settings.json"
    assert save_settings(Settings().with_(live_win_chances=True), path) is None
    assert json.loads(path.read_text(encoding="utf-8"))["live_win_chances"] is True
    assert load_settings(path) == (Settings(live_win_chances=True), None)


def test_a_bad_value_is_refused_with_a_toast_and_the_setting_stays_off(campaign) -> None:  # type: ignore[no-untyped-def]
    # given a settings file whose win-chances value is not on or off (and a good sound setting)
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text(json.dumps({"live_win_chances": "maybe", "sound": False}), encoding="utf-8")
    # when the game opens
    driver = Driver(campaign)
    try:
        # then the value is refused (off), the rest kept, and a warning toast says which setting and why
        assert driver.app.settings == Settings(sound=False)
        said = [t.text for t in driver.app.toasts if t.warning]
        assert said == ["Settings file settings.json is damaged (win chances during play); using the defaults "
                        "for them."]
    finally:
        driver.app.close_reader()


def test_the_settings_entry_is_reached_by_keyboard_and_says_never_in_hotseat(driver: Driver) -> None:
    # given the Settings page
    driver.app.apply(Push(ToSettings()))
    driver.frames(1)
    page = driver.app.top
    assert isinstance(page, SettingsScreen)
    box = page.checks["live_win_chances"]
    # then its entry reads "Win chances during play" and its hint says it is never shown in hotseat games
    assert box.label == "Win chances during play" and "never in hotseat games" in box.detail
    # when the player Tabs to it and presses Enter
    for _ in range(len(page.focus_order())):
        if page.focus.focused(page.focus_order()) is box:
            break
        driver.key(pygame.K_TAB)
    assert page.focus.focused(page.focus_order()) is box
    driver.key(pygame.K_RETURN)
    # then the setting is on, and saved at once
    assert driver.app.settings.live_win_chances is True
    assert load_settings()[0].live_win_chances is True


@pytest.mark.slow
def test_with_it_on_in_a_solo_game_the_chances_show_under_the_vp_box_after_a_player_turn(
        driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    # given a game as Japan against the computer with the win chances on
    battle, runner = solo(driver, on=True)
    chances = battle.chances
    assert chances is not None
    driver.frames(1)
    chances.join(30)  # the opening's figures
    driver.frames(1)
    # when the Japanese player-turn is over
    runner.gate.clear()
    end_player_turn(battle)
    start = battle.client.state
    driver.frames(1)
    # then the box says it is working, and the work is under way off the window's thread
    assert [parts for _, parts, _ in drawn_box(driver, monkeypatch)][-1] == [("working…", "")]
    # when the background work is done
    runner.gate.set()
    chances.join(30)
    boxes = drawn_box(driver, monkeypatch)
    # then the box shows the chances of the 8 games played on, and its hover words say what they are
    [(heading, parts, box)] = boxes
    assert heading == "Win chances (8 games played on)"
    assert parts == [("JP 63 %", "JP"), ("  ·  draw 25 %  ·  ", ""), ("CW 12 %", "CW")]
    # in the map's top right corner, under the VP box, clear of the side panel
    map_area = battle.areas((1280, 800))["map"]
    assert map_area.contains(box) and box.right >= map_area.right - 10 and box.top > battle.bar.vp.bottom
    tip = battle.bar.notes.tip_at(box.center)
    assert tip is not None and tip.startswith("Now: JP 63 % · draw 25 % · CW 12 %. Win chances: 8 games played on")
    assert "by the computer on both sides" in tip and "rough guide" in tip
    # and (R2.5) the games started from what the Japanese player may see, never the true hidden position
    latest = [job for job in runner.jobs if job.digest == side_view(battle.client.gd, start, Side.JP).digest()]
    assert len(latest) == LIVE_ROLLOUTS and start.digest() not in {job.digest for job in runner.jobs}


@pytest.mark.slow
def test_in_a_hotseat_game_the_chances_never_appear(driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    # given the win chances turned on, and a hotseat game
    driver.app.set_settings(driver.app.settings.with_(live_win_chances=True))
    battle = driver.new_game("hotseat", seed=3)
    # when a player-turn is over and frames run
    end_player_turn(battle)
    driver.frames(2)
    # then nothing is worked out and no box is drawn, in this player-turn or the next
    assert battle.chances is None
    assert drawn_box(driver, monkeypatch) == []
    assert not any(t.name == "malaya-live-chances" for t in threading.enumerate())


@pytest.mark.slow
def test_lessons_and_pbem_games_never_show_them_nor_does_a_game_with_no_computer_side(driver: Driver) -> None:
    # given the screens of a lesson and of a PBEM turn, then they never allow the chances
    assert LessonScreen.live_chances_allowed is False and PbemTurnScreen.live_chances_allowed is False
    # given a hotseat client, then it is no solo game, with or without a computer side named
    battle = driver.new_game("hotseat", seed=3)
    assert solo_side(battle.client, {}) is None and solo_side(battle.client, {Side.CW: object()}) is None


def test_with_it_off_nothing_is_computed(driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    # given a solo game with the setting left off (the default)
    battle, runner = solo(driver, on=False)
    # when the Japanese player-turn is over and frames run
    end_player_turn(battle)
    boxes = drawn_box(driver, monkeypatch)
    driver.frames(2)
    # then no rollout was asked for, no work is under way and no box was drawn
    assert battle.chances is not None and not battle.chances.working and battle.chances.estimate is None
    assert runner.jobs == [] and boxes == []


@pytest.mark.slow
def test_the_same_position_gives_the_same_numbers_and_a_second_time_comes_from_the_cache(
        jitra, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    """Two real rollouts (easy level) of the opening seen from Japan (of the short Jitra scenario: each rollout is
    a whole game), worked out in two empty data folders, then once more in the first: the same figures each time,
    the third without playing a game."""
    from malaya.session.match import Match

    view = side_view(jitra, Match.new(jitra, 3).state, Side.JP)
    results: list[WinEstimate] = []
    runners = [InProcess(), InProcess(), InProcess()]
    for folder, runner in zip(("a", "b", "a"), runners, strict=True):
        monkeypatch.setenv("MALAYA_DATA_DIR", str(tmp_path / folder))
        results.append(work_out(jitra, view, 2, "easy", runner, threading.Event()))
    assert results[0] == results[1] == results[2] and results[0].rollouts == 2
    assert [r.played for r in runners] == [2, 2, 0]


def test_a_stale_position_is_dropped_when_the_turn_moves_on(campaign) -> None:  # type: ignore[no-untyped-def]
    """Given work started on one player-turn's start, when the next player-turn begins before it is collected,
    then its figures are not shown for the new position, and the new position's work starts."""
    from malaya.session.match import Match

    match = Match.new(campaign, 3)
    runner = CountingRunner()
    chances = LiveChances(campaign, Side.JP, run=runner)
    chances.update(match.state, on=True)
    chances.join(30)
    first = chances.working
    while match.state.side is Side.JP:
        match.submit(EndPhase(side=Side.JP))
    chances.update(match.state, on=True)  # collects the old work, drops it, starts the new position's
    assert first and chances.estimate is None and chances.working
    chances.join(30)
    chances.update(match.state, on=True)
    assert chances.estimate == WinEstimate(5, 2, 1)
