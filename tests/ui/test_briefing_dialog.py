"""The briefing is one key (B) or one click (Briefing) away in play, objectives with their VP (issue 14 §2)."""

from __future__ import annotations

import pygame
import pytest

from malaya.ui.app.flow import start_game
from malaya.ui.battle.screen import BattleScreen
from malaya.ui.dialogs.briefing import BriefingDialog
from malaya.ui.panels.briefing import briefing_lines, briefing_sections
from tests.bundled import bundled_game
from tests.ui.client_driver import Driver


def _kampar_game(driver: Driver) -> BattleScreen:
    """A Commonwealth-vs-computer game of the Kampar scenario, on screen."""
    driver.app.apply(start_game(driver.app, "CW", 7, (), bundled_game("kampar")))
    driver.frames(2)
    battle = driver.app.top
    assert isinstance(battle, BattleScreen)
    return battle


@pytest.mark.slow
def test_b_opens_the_briefing_of_the_scenario_being_played_and_esc_closes_it(driver: Driver) -> None:
    """Given a Kampar game, when B is pressed, the Kampar briefing opens over the battle; Esc closes it."""
    battle = _kampar_game(driver)
    driver.key(pygame.K_b)
    dialog = driver.app.top
    assert isinstance(dialog, BriefingDialog) and dialog.scenario.id == "kampar"
    assert dialog.total > 20  # drawn: situation, tasks, victory, length, watch-for and objectives
    driver.key(pygame.K_ESCAPE)
    assert driver.app.top is battle


@pytest.mark.slow
def test_the_briefing_button_on_the_top_bar_opens_it_too(driver: Driver) -> None:
    """Given a Kampar game, when the top bar's Briefing button is clicked, the briefing opens; a click closes it."""
    battle = _kampar_game(driver)
    driver.click(battle.buttons["briefing"].rect.center)
    assert isinstance(driver.app.top, BriefingDialog)
    driver.click((10, 10))
    assert driver.app.top is battle


def test_the_objectives_and_their_vp_come_from_the_scenario_victory_data(campaign) -> None:  # type: ignore[no-untyped-def]
    """Given the Kampar scenario, its briefing lists every objective with the VP of its victory data (R15)."""
    kampar = bundled_game("kampar").scenario
    sections = {s.heading: s.text for s in briefing_sections(kampar)}
    objectives = next(text for heading, text in sections.items() if heading.startswith("Objectives"))
    for place, vp in kampar.victory.objectives.items():
        assert f"{place}: {vp} VP" in objectives.splitlines()
    assert {"Situation", "Japanese task", "Commonwealth task", "How victory is counted", "Length",
            "What to watch for"} <= set(sections)
    assert "Game-turns 8 to 12 (29 Dec 1941 – 10 Jan 1942" in sections["Length"]


def test_every_line_of_a_briefing_fits_the_width_it_is_drawn_at(display) -> None:  # type: ignore[no-untyped-def]
    """Given each bundled scenario, every wrapped briefing line is no wider than the panel (no text runs off)."""
    from malaya.render.fonts import font
    from malaya.ui.widgets.kit import px

    for name in ("malaya1941", "jitra", "kampar", "muar", "singapore"):
        scenario = bundled_game(name).scenario
        for text, size, _color, bold in briefing_lines(scenario, 600):
            assert " " not in text or font(px(size), bold).size(text)[0] <= 600, (name, text)
