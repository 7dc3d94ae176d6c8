"""Irreversible actions show their consequence before the click (issue 13 §1): the Force Z air attack shows its
chance of sinking for 1, 2 and 3 air points and asks; its die is shown like a combat's; a landing into a held port shows
the odds of the assault it must make and what a failed assault costs (R9.6, R9.7, R12.9)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pygame
import pytest

from malaya.engine.actions import EndPhase
from malaya.engine.combat.preview import preview
from malaya.engine.force_z import ForceZAttacked
from malaya.engine.hexgrid import Hex
from malaya.engine.sides import Side
from malaya.engine.state import Location, Phase
from malaya.session import phase_info
from malaya.session.previews import percent
from malaya.ui.battle.screen import BattleScreen
from malaya.ui.dialogs.confirm import ConfirmDialog
from malaya.ui.screens.end import HandoverScreen
from tests.ui.client_driver import Driver

SEED = 5
KOTA_BHARU = Hex(33, -3)
LANDER = "jp_56_inf"


def _to_jp_naval(driver: Driver) -> BattleScreen:
    """Setup: a hotseat game at the JP Naval phase of turn 1 (phases ended through the gate)."""
    battle = driver.new_game("hotseat", SEED)
    client = battle.client
    while client.state.phase is not Phase.NAVAL:
        assert client.submit(EndPhase(side=client.state.side)) is None
    driver.frames(2)
    while isinstance(driver.app.top, HandoverScreen):
        driver.click((640, 400))
    return battle


def _button(battle: BattleScreen, prefix: str):  # type: ignore[no-untyped-def]
    return next(b for b, _ in battle.hits.buttons if b.label.startswith(prefix))


def _rule_chance(battle: BattleScreen, air_points: int) -> Fraction:
    """R9.7 read from the ruleset: sunk on a die roll at most the air points spent, one die of ``die_sides``."""
    sides = battle.client.gd.scenario.ruleset.combat.die_sides
    return Fraction(sum(1 for roll in range(1, sides + 1) if roll <= air_points), sides)


@pytest.mark.slow
def test_the_naval_panel_shows_the_chance_to_sink_force_z_for_each_number_of_air_points(driver: Driver) -> None:
    battle = _to_jp_naval(driver)
    driver.frames(1)
    # then each attack button carries its exact chance, as R9.7 gives it
    for n in (1, 2, 3):
        points = f"{n} air point{'s' if n > 1 else ''}"
        assert _button(battle, f"Attack Force Z with {points}").label == \
            f"Attack Force Z with {points}: {percent(_rule_chance(battle, n))} to sink"


@pytest.mark.slow
def test_the_force_z_attack_asks_first_and_esc_keeps_the_air_points(driver: Driver) -> None:
    battle = _to_jp_naval(driver)
    driver.frames(1)
    pool = battle.client.state.pool("attack", Side.JP)
    # when "Attack Force Z with 2 air points" is clicked, then a question names its chance and the chances for 1-3
    driver.click(_button(battle, "Attack Force Z with 2 ").rect.center)
    dialog = driver.app.top
    assert isinstance(dialog, ConfirmDialog) and dialog.title == "Attack Force Z?"
    chance = percent(_rule_chance(battle, 2))
    assert dialog.lines[0] == f"Spend 2 attack air points on Force Z: {chance} chance to sink it."
    assert dialog.lines[1] == "Chance to sink: " + " · ".join(
        f"{n} air point{'s' if n > 1 else ''} {percent(_rule_chance(battle, n))}" for n in (1, 2, 3)) + "."
    # when Esc is pressed, then nothing was spent
    driver.key(pygame.K_ESCAPE)
    assert driver.app.top is battle and battle.client.state.pool("attack", Side.JP) == pool


@pytest.mark.slow
def test_enter_attacks_force_z_and_its_die_is_shown(driver: Driver) -> None:
    battle = _to_jp_naval(driver)
    driver.frames(1)
    pool = battle.client.state.pool("attack", Side.JP)
    driver.click(_button(battle, "Attack Force Z with 3 ").rect.center)
    driver.key(pygame.K_RETURN)
    # then the air points are spent, the die was rolled, and the panel shows it like a combat's die
    assert battle.client.state.pool("attack", Side.JP) == pool - 3
    attack = phase_info.last_force_z_roll(battle.client)
    assert isinstance(attack, ForceZAttacked) and attack.air_points == 3 and attack.sunk == (attack.roll <= 3)
    outcome = "Force Z was sunk" if attack.sunk else "Force Z survived"
    assert battle.client.dice[-1] == f"Japanese aircraft attacked Force Z with 3 air points: rolled {attack.roll}, " \
        f"{outcome}."


def _hover_landing(driver: Driver, battle: BattleScreen) -> list[str]:
    """Select the unit in the JP box, move the mouse over its landing port; the tooltip's lines."""
    rect = next(r for r, u in battle.hits.units if u == LANDER)
    driver.click(rect.center)
    assert battle.selection.selected == LANDER
    driver.hover(driver.hex_pos(KOTA_BHARU))
    tip = battle.tips.landing(battle.client, LANDER, battle.hover)
    assert tip is not None
    return tip.split("\n")


@pytest.mark.slow
def test_a_landing_at_a_port_whose_defenders_are_unknown_tells_the_cost_but_no_odds(driver: Driver) -> None:
    """R2.5: the odds would give away the hidden defenders' strength."""
    battle = _to_jp_naval(driver)
    assert KOTA_BHARU in battle.client.hidden()
    lines = _hover_landing(driver, battle)
    assert lines == ["Landing at Kota Bharu: the port is held, so it must be assaulted in this turn's Combat phase.",
                     "Its defenders are unknown until the unit waits in the landing zone: no odds before then.",
                     "If the port is not taken, the unit loses a step and goes back to the Japanese off-map box."]


@pytest.mark.slow
def test_a_landing_into_a_held_port_shows_the_assault_odds_before_the_click_and_they_hold(driver: Driver) -> None:
    battle = _to_jp_naval(driver)
    client = battle.client
    # given the port's defenders seen (revealed: a test shortcut standing for a past combat there)
    defenders = frozenset(u.id for u in client.state.units if u.hex == KOTA_BHARU and u.location is Location.MAP)
    client.match.state = replace(client.state, revealed=client.state.revealed | defenders)
    driver.frames(1)
    assert KOTA_BHARU not in client.hidden()
    # when the unit in the JP box is selected and the mouse is over its landing port (Kota Bharu, held by CW)
    lines = _hover_landing(driver, battle)
    # then the tooltip gives the odds of the assault, and what a failed one costs
    assert lines[0] == "Landing at Kota Bharu: the port is held, so it must be assaulted in this turn's Combat phase."
    assert lines[1].startswith("Alone: odds ") and lines[1].endswith("to take the port.")
    assert lines[2] == "If the port is not taken, the unit loses a step and goes back to the Japanese off-map box."
    column = lines[1].removeprefix("Alone: odds ").split(",")[0]
    # when it lands and the assault is declared in the Combat phase, then the odds are the ones promised
    driver.click(driver.hex_pos(KOTA_BHARU))
    assert client.state.units[client.gd.unit_index[LANDER]].location is Location.LANDING
    while client.state.phase is not Phase.COMBAT:
        assert client.submit(EndPhase(side=Side.JP)) is None
    declare = client.declare_at(KOTA_BHARU)
    assert declare is not None and client.submit(declare) is None
    join = client.combat_choice(LANDER)
    assert join is not None and client.submit(join) is None
    assert preview(client.gd, client.state).column == column
