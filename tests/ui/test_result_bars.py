"""The Combat Panel shows each result's chance as a bar with its CRT code spelled out; a hover explains it (R12.11)."""

from __future__ import annotations

from fractions import Fraction

import pygame
import pytest

from malaya.engine.combat.odds import crt_of
from malaya.engine.combat.preview import preview
from malaya.engine.crt import ResultDef
from malaya.ui.battle.panels.result_bars import bar_rows, draw_result_bars
from malaya.ui.panels.crt_words import explain_result, spell_result
from tests.ui.client_driver import Driver
from tests.ui.test_play_by_clicks import jitra_attack_declared


def test_dr_is_spelled_defenders_retreat_2_hexes_from_the_crt_data(campaign) -> None:  # type: ignore[no-untyped-def]
    """Given the campaign CRT (R12.6), DR, D2R, EX and AR read in plain words from their step and retreat numbers."""
    results = crt_of(campaign).results
    assert spell_result("DR", results["DR"]) == "DR: defenders retreat 2 hexes"
    assert spell_result("D2R", results["D2R"]) == "D2R: defenders lose 2 steps, survivors retreat 2 hexes"
    assert spell_result("EX", results["EX"]) == "EX: attackers lose 1 step, defenders lose 1 step"
    assert spell_result("AR", results["AR"]) == "AR: attackers lose 1 step, survivors retreat 2 hexes"
    assert spell_result("DE", results["DE"]) == "DE: defenders eliminated"


def test_the_hover_explanation_cites_the_rules_that_carry_the_result_out() -> None:
    """Given a made-up result with losses and a retreat, the explanation cites R12.7, R12.8 and R12.9."""
    text = explain_result("D1R", ResultDef(defender_steps=1, defender_retreat=2))
    assert text.startswith("D1R: defenders lose 1 step, survivors retreat 2 hexes.")
    assert all(rule in text for rule in ("R12.7", "R12.8", "R12.9"))


@pytest.mark.slow
def test_declaring_the_jitra_attack_shows_a_bar_per_possible_result_and_hover_explains_it(driver: Driver) -> None:
    """Given the JP next to Jitra in the Combat phase, when the attack is declared by clicks, the panel draws one
    bar per result with a non-zero chance (chances summing to 1), and hovering a bar shows its explanation."""
    battle = jitra_attack_declared(driver)
    client = battle.client
    chances = tuple((c, p) for c, p in preview(client.gd, client.state).probabilities if p)
    rows = bar_rows(crt_of(client.gd), chances, 300)
    assert rows and sum((p for _, p, *_ in rows), Fraction(0)) == 1
    driver.shot("combat-result-bars")
    spelled = [" ".join(lines) for _, _, lines, _, _ in rows]
    assert spelled == [spell_result(code, crt_of(client.gd).results[code]) for code, _ in chances]


def test_hovering_a_bar_returns_its_explanation_and_elsewhere_nothing(campaign, display) -> None:  # type: ignore[no-untyped-def]
    """Given the bars of two results drawn at the top of a surface, the mouse over the first gets its explanation."""
    crt = crt_of(campaign)
    rows = bar_rows(crt, (("DR", Fraction(2, 3)), ("EX", Fraction(1, 3))), 300)
    surface = pygame.Surface((320, 200))
    area = pygame.Rect(0, 0, 300, sum(h for *_, h in rows))
    assert draw_result_bars(surface, area, rows, (5, 3)) == explain_result("DR", crt.results["DR"])
    assert draw_result_bars(surface, area, rows, (5, 190)) is None
