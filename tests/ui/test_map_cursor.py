"""A whole turn from the keyboard (issue 26 §2): the map cursor moves with the arrows, C jumps through the highlighted
hexes, Enter acts on the cursor's hex as a click, X rolls the dice. Played by key presses only (R7, R12.10)."""

from __future__ import annotations

import pygame
import pytest

from malaya.engine.actions import DeclareCombat, EndPhase, MoveUnit, NavalMove
from malaya.engine.hexgrid import Hex
from malaya.engine.sides import Side
from malaya.engine.state import CombatStage, Location, Phase
from malaya.render.geometry import hex_to_pixel
from malaya.render.marks import MapMarks, landing_spot
from malaya.ui.battle.input.cursor import Step, next_in_cycle, opposite, stepped, toward
from malaya.ui.battle.input.handlers import UnitSelected
from malaya.ui.battle.screen import BattleScreen
from malaya.ui.battle.unit_steps import acting_order
from tests.ui.client_driver import Driver

SEED = 5
JITRA_APPROACH = (("jp_11_inf", Hex(10, 6)), ("jp_21_inf", Hex(9, 7)))
"""Two JP moves that put units next to the Jitra line, so the Combat phase has attacks to make."""


def unit_hex(battle: BattleScreen, unit: str) -> Hex | None:
    """Where a unit stands."""
    return battle.client.state.units[battle.client.gd.unit_index[unit]].hex


def test_arrows_step_to_the_neighbouring_hexes() -> None:
    """Given a hex, then up/down keep its column and left/right keep its row in the map's offset grid, and each
    step is to a neighbour."""
    h = Hex(10, 6)
    assert [stepped(h, s) for s in (Step.UP, Step.DOWN)] == [Hex(10, 5), Hex(10, 7)]
    for step in Step:
        there = stepped(h, step)
        assert abs(there.q - h.q) + abs(there.r - h.r) + abs((there.q + there.r) - (h.q + h.r)) == 2
    assert stepped(stepped(h, Step.RIGHT), Step.LEFT) == h


def test_the_cycle_visits_the_highlighted_hexes_nearest_first_and_wraps() -> None:
    """Given three lit hexes around an anchor, then the cycle goes nearest first, then on, then back to the first."""
    lit = [Hex(5, 5), Hex(1, 1), Hex(2, 1)]
    first = next_in_cycle(lit, None, Hex(1, 0))
    assert first == Hex(1, 1)
    second = next_in_cycle(lit, first, Hex(1, 0))
    assert second == Hex(2, 1)
    assert next_in_cycle(lit, next_in_cycle(lit, second, Hex(1, 0)), Hex(1, 0)) == first
    assert next_in_cycle([], None, None) is None


@pytest.mark.slow
def test_a_move_by_keys_only(driver: Driver) -> None:
    """Given the JP Movement phase, when N, C and Enter are pressed, then the first unit that can act moves to its
    nearest destination (R7), and the cursor is drawn on the screen's marks."""
    driver.new_game("hotseat", SEED)
    battle = driver.skip_to(Phase.MOVEMENT)
    unit = acting_order(battle.client)[0]
    start = unit_hex(battle, unit)
    driver.key(pygame.K_n)
    assert battle.selection.selected == unit and battle.cursor.shown and battle.cursor.at == start
    driver.key(pygame.K_c)
    target = battle.cursor.at
    assert target in battle.client.destinations(unit) and target != start
    marks = battle.marks()
    assert marks.cursor == target and marks.hover == target and marks.path  # the path and its cost, as a hover's
    driver.shot("cursor-move-path")
    driver.key(pygame.K_RETURN)
    assert unit_hex(battle, unit) == target
    assert isinstance(battle.client.match.log[-1], MoveUnit)


@pytest.mark.slow
def test_arrows_then_enter_select_a_unit_and_move_it_a_hex(driver: Driver) -> None:
    """Given the cursor on a unit (N then Esc), when Enter selects it, an arrow picks a reachable neighbour and Enter
    is pressed again, then the unit stands there."""
    driver.new_game("hotseat", SEED)
    battle = driver.skip_to(Phase.MOVEMENT)
    unit = acting_order(battle.client)[0]
    driver.key(pygame.K_n)
    driver.key(pygame.K_ESCAPE)
    assert battle.selection.selected is None and battle.cursor.shown
    driver.key(pygame.K_RETURN)
    assert isinstance(battle.selection, UnitSelected) and battle.selection.selected == unit
    start = unit_hex(battle, unit)
    assert start is not None
    reachable = battle.client.destinations(unit)
    arrow = next(s for s in Step if stepped(start, s) in reachable)
    driver.key({Step.UP: pygame.K_UP, Step.DOWN: pygame.K_DOWN, Step.LEFT: pygame.K_LEFT,
                Step.RIGHT: pygame.K_RIGHT}[arrow])
    driver.key(pygame.K_RETURN)
    assert unit_hex(battle, unit) == stepped(start, arrow)


@pytest.mark.slow
def test_a_combat_by_keys_only(driver: Driver) -> None:
    """Given JP units next to the Jitra line in the Combat phase, when C and Enter declare a combat, C and Enter add
    each attacker and X rolls the dice, then the combat is resolved by the die (R12.10), and X ends it after."""
    driver.new_game("hotseat", SEED)
    battle = driver.skip_to(Phase.MOVEMENT)
    for unit, to in JITRA_APPROACH:
        assert battle.client.submit(MoveUnit(side=Side.JP, unit=unit, to=to)) is None
    while battle.client.state.phase is not Phase.COMBAT:
        assert battle.client.submit(EndPhase(side=Side.JP)) is None
    driver.frames(2)
    driver.key(pygame.K_c)
    target = battle.cursor.at
    assert target in battle.client.declarable_hexes()
    driver.key(pygame.K_RETURN)
    combat = battle.client.state.combat
    assert combat is not None and combat.defender_hex == target and combat.stage is CombatStage.DECLARING
    for _ in JITRA_APPROACH:  # C: the next unit that may join, Enter: it joins
        driver.key(pygame.K_c)
        driver.key(pygame.K_RETURN)
    combat = battle.client.state.combat
    assert combat is not None and set(combat.attackers) == {unit for unit, _ in JITRA_APPROACH}
    driver.shot("cursor-combat-declared")
    rolls = len(battle.client.match.log)
    driver.key(pygame.K_x)
    driver.frames(2)
    assert len(battle.client.match.log) > rolls
    assert battle.client.state.combat is None or battle.client.state.combat.stage is CombatStage.ADVANCING
    if battle.client.state.combat is not None:  # the defender left the hex: X ends the combat (no advance)
        driver.key(pygame.K_x)
        assert battle.client.state.combat is None


@pytest.mark.slow
def test_enter_with_no_cursor_shows_it_and_says_how_it_works(driver: Driver) -> None:
    """Given no cursor yet, when Enter is pressed, then nothing is clicked, the cursor appears and a toast explains."""
    driver.new_game("hotseat", SEED)
    battle = driver.skip_to(Phase.MOVEMENT)
    log = len(battle.client.match.log)
    driver.key(pygame.K_RETURN)
    assert battle.cursor.shown and len(battle.client.match.log) == log
    assert "Map cursor" in driver.app.toasts[-1].text


@pytest.mark.slow
def test_the_mouse_hides_the_cursor_and_hover_follows_the_pointer(driver: Driver) -> None:
    """Given the cursor shown, when the mouse moves over the map, then the cursor hides and the hovered hex is the
    pointer's."""
    driver.new_game("hotseat", SEED)
    battle = driver.skip_to(Phase.MOVEMENT)
    driver.key(pygame.K_n)
    assert battle.cursor.shown
    pos = driver.hex_pos(Hex(12, 12))
    driver.hover(pos)
    assert not battle.cursor.shown and battle.hover == Hex(12, 12)
    assert battle.marks().cursor is None and isinstance(battle.marks(), MapMarks)


@pytest.mark.slow
def test_the_view_follows_the_cursor_to_the_edge(driver: Driver) -> None:
    """Given the cursor on a unit, when the down arrow is pressed 25 times, then the cursor stays inside the view."""
    driver.new_game("hotseat", SEED)
    battle = driver.skip_to(Phase.MOVEMENT)
    driver.key(pygame.K_n)
    for _ in range(25):
        driver.key(pygame.K_DOWN)
    at = battle.cursor.at
    assert at is not None
    x, y = battle.camera.world_to_screen(*hex_to_pixel(at))
    assert 0 < x < battle.camera.width and 0 < y < battle.camera.height


def _kota_bharu_landing(driver: Driver) -> tuple[BattleScreen, Hex]:
    """Setup only: the Takumi Detachment landed at Kota Bharu through the gate (R9.6, in its boats beside the
    port) and the JP Combat phase reached with no combat declared; the battle and the port."""
    driver.new_game("hotseat", SEED)
    battle = driver.skip_to(Phase.NAVAL)
    port = battle.client.gd.board.place("Kota Bharu").hex
    assert battle.client.submit(NavalMove(side=Side.JP, unit="jp_56_inf", port=port, landing=True)) is None
    battle = driver.skip_to(Phase.COMBAT)
    unit = battle.client.state.units[battle.client.gd.unit_index["jp_56_inf"]]
    assert unit.location is Location.LANDING and unit.hex == port
    return battle, port


@pytest.mark.slow
def test_the_cycle_key_reaches_a_landing_zone_stack_and_enter_adds_it_to_the_attack(driver: Driver) -> None:
    """Given the Kota Bharu landing and its combat declared (R12.2: a landed unit must attack), when C is pressed,
    then the cursor stands on the detachment's stack beside the port (not on the port) and brackets it; Enter adds
    it to the attack as a click on the stack does (R12.10)."""
    battle, port = _kota_bharu_landing(driver)
    assert battle.client.submit(DeclareCombat(side=Side.JP, defender=port)) is None
    driver.frames(1)
    # when C is pressed
    driver.key(pygame.K_c)
    # then the cursor is on the landing stack, drawn round it
    assert (battle.cursor.at, battle.cursor.landing) == (port, True)
    assert battle.marks().cursor_landing == port
    driver.shot("cursor-landing-stack")
    # when Enter is pressed, then the detachment attacks
    driver.key(pygame.K_RETURN)
    combat = battle.client.state.combat
    assert combat is not None and list(combat.attackers) == ["jp_56_inf"]


@pytest.mark.slow
def test_an_arrow_steps_from_the_port_onto_its_landing_stack_and_back(driver: Driver) -> None:
    """Given the cursor on Kota Bharu with the detachment waiting beside it, when the arrow pointing at its stack is
    pressed, then the cursor stands on the stack; the opposite arrow brings it back to the port; any other arrow
    steps to a neighbouring hex as usual."""
    battle, port = _kota_bharu_landing(driver)
    board = battle.client.gd.board
    way_in = toward(hex_to_pixel(port), landing_spot(board, port))
    keys = {Step.UP: pygame.K_UP, Step.DOWN: pygame.K_DOWN, Step.LEFT: pygame.K_LEFT, Step.RIGHT: pygame.K_RIGHT}
    battle.keys.cursor.show(port)
    driver.key(keys[way_in])
    assert (battle.cursor.at, battle.cursor.landing) == (port, True)
    driver.key(keys[opposite(way_in)])
    assert (battle.cursor.at, battle.cursor.landing) == (port, False)
    sideways = next(s for s in Step if s not in (way_in, opposite(way_in)))
    driver.key(keys[sideways])
    assert (battle.cursor.at, battle.cursor.landing) == (stepped(port, sideways), False)
