"""New Game explains each option (R16) in a sentence: its change, its VP cost, the computer's choice (issue 14 §2)."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from malaya.ai.levels import level
from malaya.ai.options import choose_options
from malaya.engine.gamedef import GameDef, new_game
from malaya.engine.sides import Side
from malaya.ui.screens.new_game.option_text import SIDE_NAMES, option_sentence


@pytest.mark.parametrize("level_name", ["easy", "normal", "hard"])
def test_the_sentence_says_the_computer_buys_exactly_what_the_ai_buys(campaign: GameDef, level_name: str) -> None:
    """Given each campaign option and AI level, the sentence names that level iff the AI's choice (R16.1) buys it."""
    for side in Side:
        state = replace(new_game(campaign), side=side)
        bought = set(choose_options(campaign, state, level(level_name)))
        for option in (o for o in campaign.scenario.options if o.side is side):
            sentence = option_sentence(option)
            levels = sentence.split("The computer buys it")[-1] if "The computer buys it" in sentence else ""
            buys = level_name in levels or "every level" in levels
            assert buys == (option.id in bought), sentence


def test_the_sentence_gives_the_change_and_the_cost_to_its_buyer(campaign: GameDef) -> None:
    """Given each campaign option, its sentence repeats its description and its VP cost to its buyer (R15.4)."""
    for option in campaign.scenario.options:
        sentence = option_sentence(option)
        assert sentence.startswith(option.description.rstrip("."))
        assert f"Costs {SIDE_NAMES[option.side]} {option.vp} VP." in sentence
        assert "None" not in sentence and "_" not in sentence


def test_the_new_game_page_draws_each_sentence_under_its_option(driver) -> None:  # type: ignore[no-untyped-def]
    """Given New Game on the campaign, when it is drawn, every option has a checkbox placed inside the window."""
    from tests.ui.test_new_game_scenarios import _open_new_game

    page = _open_new_game(driver)
    assert set(page.options) == {o.id for o in page.scenario.options}
    window = pygame.display.get_surface().get_rect()
    assert all(window.contains(box.rect) for box in page.options.values())
