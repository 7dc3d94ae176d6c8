"""Each side's chance of winning in the replay viewer and from the end page (issue 29)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from malaya.persistence import load_record, save_record
from malaya.persistence.gamehash import game_def_hash
from malaya.persistence.replay_log import ReplayLog
from malaya.persistence.sample import play_random
from malaya.persistence.win_cache import RolloutCache, cache_key
from malaya.session.analysis.estimate import Outcome
from malaya.session.analysis.rollout import ANALYSIS_LEVEL, RolloutResult
from malaya.session.game_client import GameClient
from malaya.ui.app.intents import Push, ToReplay
from malaya.ui.app.win_chances import VIEWER_ROLLOUTS
from malaya.ui.screens.end import EndScreen
from tests.analysis.full_game import FULL_GAME
from tests.ui.client_driver import Driver, driving
from tests.ui.test_replay_viewer import open_viewer


@pytest.fixture
def driver(campaign, tmp_path: Path) -> Driver:  # type: ignore[no-untyped-def]
    """A client with one saved short random game ("short") whose positions the rollout cache already knows."""
    record = play_random(campaign, seed=6, player_turns=3)
    save_record(record, "short")
    cache = RolloutCache.open()
    outcomes = [Outcome.JP, Outcome.CW, Outcome.DRAW]
    for n, point in enumerate(record.tracker.checkpoints):  # a made-up, different mix at every position
        results = [RolloutResult(outcomes[(i * (n + 1)) % 3], 0) for i in range(VIEWER_ROLLOUTS)]
        cache.put(cache_key(game_def_hash(campaign), ANALYSIS_LEVEL, point.digest), results)
    cache.save()
    yield from driving(campaign, tmp_path)


@pytest.mark.slow
def test_given_the_replay_when_g_is_pressed_then_the_graph_shows_every_position_and_a_click_jumps_there(
        driver: Driver) -> None:
    # given the viewer on the short game
    viewer = open_viewer(driver)
    assert viewer.graph is None and not viewer.show_win
    # when G is pressed and the plan (made on a thread) is ready
    driver.key(pygame.K_g)
    assert viewer.win is not None and viewer.win._planning is not None
    assert viewer.win._planning._thread is not None
    viewer.win._planning._thread.join(timeout=120)
    driver.frames(2)
    # then every position has its cached chances, nothing is left to play, and the strip is drawn
    positions = viewer.win.positions()
    assert [p.index for p in positions] == viewer.cursor.log.turn_starts()
    assert all(p.estimate.rollouts == VIEWER_ROLLOUTS for p in positions)
    assert not viewer.win.busy and viewer.graph is not None
    # when the third position's point is clicked
    x, target = viewer.graph.points[2]
    driver.click((x, viewer.graph.plot.centery))
    # then the replay jumps to that position
    assert viewer.cursor.index == target.index
    driver.shot("replay_win_chances")
    # and G hides the strip again
    driver.key(pygame.K_g)
    assert not viewer.show_win


@pytest.mark.slow
def test_given_a_finished_game_when_analyse_is_pressed_then_the_replay_opens_working_out_the_chances(
        campaign) -> None:  # type: ignore[no-untyped-def]
    record, _ = load_record(FULL_GAME, campaign)
    end = EndScreen(GameClient(record.match), record=record)
    assert end.analyse.enabled
    shown = end.analyse_game()
    assert isinstance(shown, Push) and isinstance(shown.to, ToReplay) and shown.to.analyse
    assert isinstance(shown.to.log, ReplayLog) and shown.to.log.final.finished


@pytest.mark.slow
def test_given_no_record_then_analyse_is_greyed_with_its_reason(campaign) -> None:  # type: ignore[no-untyped-def]
    record, _ = load_record(FULL_GAME, campaign)
    end = EndScreen(GameClient(record.match), record=None)
    assert not end.analyse.enabled and end.analyse.reason == "This game has no record to analyse"
    assert end.analyse_game() is None

