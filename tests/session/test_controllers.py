"""Who plays a side, from the name a save stores: the AI at its level, or the random-legal bot."""

from __future__ import annotations

import logging

import pytest

from malaya.ai import AIController
from malaya.ai.random_bot import RandomBot
from malaya.engine.sides import Side
from malaya.session.controllers import make_controller
from malaya.session.fog import FoggedController


def test_a_saved_ai_level_is_played_by_the_ai_at_that_level() -> None:
    # given a save naming the hard AI for CW, when its controller is made, then it is the AI at that level
    bot = make_controller("ai:hard", Side.CW, seed=5)
    assert isinstance(bot, FoggedController) and isinstance(bot.inner, AIController)
    assert bot.inner.level.name == "hard"


def test_the_ai_plays_through_the_fog_and_its_explanations_still_reach_the_screen() -> None:
    # given a save naming the normal AI for JP, when its controller is made,
    bot = make_controller("ai:normal", Side.JP, seed=5)
    # then it sees only JP's view of the game (R2.5), and the W overlay still finds its explanations
    assert isinstance(bot, FoggedController) and bot.side is Side.JP
    assert isinstance(bot.inner, AIController) and bot.explanations is bot.inner.explanations


def test_random_is_played_by_the_random_legal_bot() -> None:
    # given a save naming the random bot, when its controller is made, then it is the random-legal bot
    assert isinstance(make_controller("random", Side.JP, seed=5), RandomBot)


def test_a_level_this_version_does_not_know_is_played_by_the_random_bot_and_said_so(
    caplog: pytest.LogCaptureFixture,
) -> None:
    # given a save from another version naming an AI level this one lacks
    with caplog.at_level(logging.WARNING):
        bot = make_controller("ai:grandmaster", Side.JP, seed=5)
    # then the random bot plays, and the log says why
    assert isinstance(bot, RandomBot)
    assert "ai:grandmaster" in caplog.text
