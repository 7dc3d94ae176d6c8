"""Whole phases played by clicks on the real campaign (issue 4, Quality): each step checked, screenshots saved.

Screenshots go to ``$MALAYA_TEST_SHOTS`` when set (to look at them), else to a temporary folder.
Chance outcomes come from the match's seeded RNG, so a fixed seed gives the same rolls.
"""

from __future__ import annotations

import pygame
import pytest

from malaya.engine.actions import EndPhase, MoveUnit
from malaya.engine.hexgrid import Hex
from malaya.engine.sides import Side
from malaya.engine.state import CombatStage, Location, Phase
from malaya.render.marks import edge_midpoint
from malaya.session import phase_info
from malaya.ui.battle.screen import BattleScreen
from malaya.ui.screens.end import HandoverScreen
from tests.ui.client_driver import SIZE, Driver

SEED = 5
JITRA = Hex(10, 7)
KOTA_BHARU = Hex(33, -3)
PATANI = "Patani"
MOVES = (("jp_11_inf", Hex(10, 6)), ("jp_21_inf", Hex(9, 7)), ("jp_41_inf", Hex(11, 6)), ("jp_1_tank", Hex(10, 6)))
"""The opening JP moves that bring four units next to the Jitra line (two stack on one hex)."""




def _click_end_phase_until(driver: Driver, phase: Phase, side: Side = Side.JP) -> None:
    """Click End Phase (and through hand-over screens) until the phase is reached."""
    for _ in range(60):
        state = driver.battle().client.state
        if state.phase is phase and state.side is side:
            return
        if isinstance(driver.app.top, HandoverScreen):
            driver.click((640, 400))
        else:
            driver.end_phase()
    raise AssertionError(f"never reached {side} {phase}")


def _skip_to(driver: Driver, phase: Phase, side: Side, turn: int) -> None:
    """Setup only: end phases through the gate (not by clicks) until the position is reached."""
    client = driver.battle().client
    while not (client.state.phase is phase and client.state.side is side and client.state.turn == turn):
        assert client.submit(EndPhase(side=client.state.side)) is None
    driver.frames(2)
    while isinstance(driver.app.top, HandoverScreen):
        driver.click((640, 400))


def jitra_combat_phase(driver: Driver) -> BattleScreen:
    """Setup only: a hotseat game whose four JP units were moved next to Jitra through the gate, now in the
    JP Combat phase of turn 1."""
    battle = driver.new_game("hotseat", SEED)
    _skip_to(driver, Phase.MOVEMENT, Side.JP, 1)
    for unit, to in MOVES:
        assert battle.client.submit(MoveUnit(side=Side.JP, unit=unit, to=to)) is None
    _skip_to(driver, Phase.COMBAT, Side.JP, 1)
    return battle


def jitra_attack_declared(driver: Driver) -> BattleScreen:
    """The Jitra attack of :func:`jitra_combat_phase` declared by clicks: Jitra, then each of the four attackers."""
    battle = jitra_combat_phase(driver)
    driver.click(driver.hex_pos(JITRA))
    for _, to in MOVES:
        driver.click(driver.hex_pos(to))
    return battle


def _button(battle: BattleScreen, prefix: str):  # type: ignore[no-untyped-def]
    """The panel button whose label starts with ``prefix``."""
    return next(b for b, _ in [*battle.hits.buttons, *battle.hits.commands] if b.label.startswith(prefix))


def _click_row(driver: Driver, unit: str) -> None:
    """Click a unit's row in the side panel (stack viewer or off-map list)."""
    battle = driver.battle()
    rect = next(r for r, u in battle.hits.units if u == unit)
    driver.click(rect.center)


def _unit(battle: BattleScreen, unit: str):  # type: ignore[no-untyped-def]
    return battle.client.state.units[battle.client.gd.unit_index[unit]]


@pytest.mark.slow
def test_the_opening_jp_turn_is_played_by_clicks(driver: Driver) -> None:
    # given a hotseat game with a fixed seed, quick animations
    driver.app.settings = driver.app.settings.with_(animation_speed="fast")
    battle = driver.new_game("hotseat", SEED)
    client, gd = battle.client, battle.client.gd
    # when the Air phase is reached and "Move 1 air point to defense" is clicked
    _click_end_phase_until(driver, Phase.AIR)
    driver.click(_button(battle, "Move 1 air point to defense").rect.center)
    # then the split went through the gate: 3 attack, 1 defense
    assert (client.state.pool("attack", Side.JP), client.state.pool("defense", Side.JP)) == (3, 1)
    driver.shot("01_air_split")
    # when, in the Naval phase, the unit in the JP box is clicked in the off-map list
    _click_end_phase_until(driver, Phase.NAVAL)
    _click_row(driver, "jp_56_inf")
    targets = phase_info.naval_targets(client, "jp_56_inf")
    # then its one sea destination is highlighted: its first landing is fixed at Kota Bharu (R17)
    assert set(battle.marks().destinations) == set(targets) and targets == {KOTA_BHARU: True}
    driver.hex_pos(KOTA_BHARU)
    driver.shot("02_naval_destinations")
    # when Patani (a friendly port, but not its landing) is clicked, then the unit stays in the box
    patani = gd.board.place(PATANI).hex
    driver.click(driver.hex_pos(patani))
    assert _unit(battle, "jp_56_inf").location is Location.JP_BOX
    # when four units are moved next to Jitra by clicks (select in the stack panel, click the hex)
    _click_end_phase_until(driver, Phase.MOVEMENT)
    for unit, to in MOVES:
        driver.hover(driver.hex_pos(_unit(battle, unit).hex))
        _click_row(driver, unit)
        assert battle.selection.selected == unit and to in battle.marks().destinations
        driver.click(driver.hex_pos(to))
        assert _unit(battle, unit).hex == to
    driver.shot("03_moved")
    # when the Combat phase starts, then the Jitra stack is marked Available (R12.10 step 1)
    _click_end_phase_until(driver, Phase.COMBAT)
    assert all(v.available for v in battle.views()[JITRA])
    # when Jitra is clicked and the attackers' hexes are clicked (the stacked hex twice)
    driver.click(driver.hex_pos(JITRA))
    for _, to in MOVES:
        driver.click(driver.hex_pos(to))
    # then all four attack, and air points could be added: Jitra is within range of the JP
    # airfields in Siam (R11.5; the attack goes in without them)
    assert client.state.combat is not None and set(client.state.combat.attackers) == {u for u, _ in MOVES}
    plus = next(b for b, _ in battle.hits.buttons if b.label == "+")
    assert plus.reason is None and client.state.combat.air_points == 0
    driver.shot("04_declared")
    # when Roll Dice is clicked
    driver.click(_button(battle, "Roll Dice").rect.center)
    # then the die is animated on the map, the defenders retreated (DR) and the advance sub-phase began
    assert battle.animator.active
    driver.frames(20)
    driver.shot("05_die")
    roll = phase_info.last_roll(client)
    assert roll is not None and roll.result == "DR" and roll.defender_hex == JITRA
    combat = client.state.combat
    assert combat is not None and combat.stage is CombatStage.ADVANCING and not client.state.units_at(JITRA)
    driver.click(driver.hex_pos(JITRA))  # a click skips the animation
    assert not battle.animator.active
    driver.shot("06_advance_offered")
    # when an attacker's hex is clicked, then it advances into Jitra; End Combat closes the combat
    driver.click(driver.hex_pos(Hex(9, 7)))
    assert _unit(battle, "jp_21_inf").hex == JITRA and client.state.combat.advanced == ("jp_21_inf",)
    driver.frames(30)
    driver.shot("07_advanced")
    driver.click(_button(battle, "End / Cancel").rect.center)
    assert client.state.combat is None and client.state.controller(JITRA) is Side.JP
    # and the Dice Ledger lists the combat
    driver.key(pygame.K_d)
    driver.shot("08_ledger")
    ledger = driver.app.top
    assert ledger.rows and ledger.rows[-1][2].startswith("Jitra") and ledger.rows[-1][-1] == "defenders retreat"
    driver.key(pygame.K_ESCAPE)
    assert driver.app.top is battle


@pytest.mark.slow
def test_the_commonwealth_adds_air_points_to_a_combat_by_clicks(driver: Driver) -> None:
    # given JP units next to Jitra (set up through the gate) and the CW Combat phase
    battle = driver.new_game("hotseat", SEED)
    client = battle.client
    _skip_to(driver, Phase.MOVEMENT, Side.JP, 1)
    for unit, to in MOVES[:1]:
        assert client.submit(MoveUnit(side=Side.JP, unit=unit, to=to)) is None
    _skip_to(driver, Phase.COMBAT, Side.CW, 1)
    # when the JP stack is clicked, a Jitra unit added and "+" clicked twice in the Combat Panel
    target = MOVES[0][1]
    driver.click(driver.hex_pos(target))
    driver.click(driver.hex_pos(JITRA))
    for _ in range(2):
        driver.click(next(b for b, _ in battle.hits.buttons if b.label == "+").rect.center)
    assert client.state.combat.air_points == 2
    driver.shot("09_cw_air")
    # when Roll Dice is clicked, then the roll used the two AP (+2 before defending AP)
    driver.click(_button(battle, "Roll Dice").rect.center)
    roll = phase_info.last_roll(client)
    assert roll is not None and roll.attack_air == 2


@pytest.mark.slow
def test_a_reinforcement_is_placed_undone_and_placed_again_by_clicks(driver: Driver) -> None:
    # given the JP Reinforcement phase of turn 3 (the Guards arrive at the north edge)
    battle = driver.new_game("hotseat", SEED)
    client = battle.client
    _skip_to(driver, Phase.REINFORCEMENT, Side.JP, 3)
    arriving = client.offmap_units()
    assert arriving
    unit = arriving[0]
    # when the arriving unit is clicked in the off-map list
    _click_row(driver, unit)
    # then exactly the engine's placement hexes are highlighted
    from malaya.engine.reinforcement import placement_hexes

    hexes = placement_hexes(client.gd, client.state, unit)
    assert set(battle.marks().destinations) == set(hexes)
    driver.hex_pos(hexes[0])
    driver.shot("10_reinforcement_hexes")
    # when a highlighted hex is clicked, then the unit is placed there (Used)
    driver.click(driver.hex_pos(hexes[0]))
    assert _unit(battle, unit).hex == hexes[0] and _unit(battle, unit).used
    # when the placed unit is clicked with nothing selected, then the placement is taken back
    driver.click(driver.hex_pos(hexes[0]))
    assert _unit(battle, unit).location is Location.ARRIVING


@pytest.mark.slow
def test_cw_demolishes_a_bridge_in_demolish_mode(driver: Driver) -> None:
    # given the CW Movement phase
    battle = driver.new_game("hotseat", SEED)
    client = battle.client
    _skip_to(driver, Phase.MOVEMENT, Side.CW, 1)
    bridge = phase_info.demolitions(client)[0]
    # when "Demolish bridge…" is clicked and then the bridge's midpoint on the map
    driver.click(_button(battle, "Demolish bridge").rect.center)
    assert battle.demolish_mode
    battle.tactical.center_on(*edge_midpoint((bridge.a, bridge.b)))
    driver.frames(1)
    m = battle.areas(SIZE)["map"]
    x, y = battle.tactical.world_to_screen(*edge_midpoint((bridge.a, bridge.b)))
    driver.click((m.left + round(x), m.top + round(y)))
    # then the bridge is demolished through the gate and drawn broken
    assert (bridge.a, bridge.b) in client.state.demolished
    driver.shot("11_demolished")
    # and Esc leaves the mode
    driver.key(pygame.K_ESCAPE)
    assert not battle.demolish_mode


@pytest.mark.slow
def test_auto_skip_ends_empty_phases_and_says_so(driver: Driver) -> None:
    # given the auto-skip setting on and a new hotseat game (the JP turn-1 Reinforcement phase is empty)
    driver.app.settings = driver.app.settings.with_(auto_skip=True)
    battle = driver.new_game("hotseat", SEED)
    assert battle.client.state.phase is Phase.REINFORCEMENT
    # when a moment passes
    driver.frames(30)
    # then the phase was ended for the player, and the log says so
    assert battle.client.state.phase is Phase.AIR
    assert any(m.startswith("Auto-skipped the Japanese reinforcement phase") for m in battle.client.messages)
