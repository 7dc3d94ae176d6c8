"""Every refusal says why (issue 13 §2): a click the rules refuse shows the gate's reason as a toast, in plain
words — out of movement points (with the cost), enemy zone of control, terrain, overstacking, not adjacent,
already attacked — and clicking an enemy stack that cannot be attacked says why. Synthetic clicks on small
builder maps opened in the battle screen."""

from __future__ import annotations

from dataclasses import replace

from malaya.engine.sides import Side
from malaya.engine.stacking import overstacked_hexes
from malaya.engine.state import GameState, Phase
from malaya.session.game_client import GameClient
from malaya.session.match import Match
from malaya.ui.app.intents import Reset, ToBattle
from malaya.ui.battle.input.handlers import UnitSelected
from malaya.ui.battle.screen import BattleScreen
from tests.builder import Game, GameBuilder
from tests.ui.client_driver import Driver

JP_AT, GAP = (0, 1), (4, 1)


def _gap_line(phase: Phase, **jp: object) -> GameBuilder:
    """A JP unit west of two CW units at (4, 0) and (4, 2): the gap between them lies in both their ZOCs."""
    return (GameBuilder(width=8, height=3).unit("jp", "JP", at=JP_AT, **jp)
            .unit("cw_north", "CW", at=(4, 0)).unit("cw_south", "CW", at=(4, 2)).at_phase(phase))


def _open(driver: Driver, game: Game, state: GameState | None = None) -> BattleScreen:
    """The battle screen on a builder game, both sides played here."""
    client = GameClient(Match(game.gd, 1, state or game.state), frozenset(Side))
    driver.app.apply(Reset(ToBattle(client, {})))
    driver.frames(1)
    battle = driver.app.top
    assert isinstance(battle, BattleScreen)
    return battle


def _toast(driver: Driver) -> str:
    """The newest toast's text."""
    assert driver.app.toasts, "no toast was shown"
    return driver.app.toasts[-1].text


def _select_and_click(driver: Driver, game: Game, unit_cell: tuple[int, int], target: tuple[int, int]) -> str:
    """Click the unit's hex (selecting it), then the target hex; the toast shown."""
    driver.click(driver.hex_pos(game.hex(*unit_cell)))
    assert isinstance(driver.battle().selection, UnitSelected)
    driver.click(driver.hex_pos(game.hex(*target)))
    return _toast(driver)


def test_a_move_beyond_the_movement_points_says_the_cost_R7_1(driver: Driver) -> None:
    # given a JP unit with 2 MP, when a hex 3 MP away is clicked, then the toast gives the cost and the MP left
    game = _gap_line(Phase.MOVEMENT, movement=2).build()
    _open(driver, game)
    text = _select_and_click(driver, game, JP_AT, (3, 1))
    assert text == "Jp cannot reach cell 3.1: it needs 3 MP and has 2 MP left."


def test_a_hex_behind_enemy_zones_of_control_says_so_R6_2(driver: Driver) -> None:
    # given a JP unit with MP to spare, when a hex beyond the enemy line is clicked, then the toast names the ZOC
    game = _gap_line(Phase.MOVEMENT, movement=10).build()
    _open(driver, game)
    text = _select_and_click(driver, game, JP_AT, (6, 1))
    assert text == ("Jp cannot reach cell 6.1: enemy zones of control block every way there; "
                    "a unit entering one must stop.")


def test_terrain_a_unit_may_not_enter_is_named_R5_1(driver: Driver) -> None:
    # given armor next to jungle, when the jungle hex is clicked, then the toast says armor may not enter jungle
    game = (GameBuilder(width=6, height=3).terrain((1, 1), "jungle").unit("tank", "JP", at=JP_AT, type="armor")
            .at_phase(Phase.MOVEMENT).build())
    _open(driver, game)
    text = _select_and_click(driver, game, JP_AT, (1, 1))
    assert text == "Tank cannot reach cell 1.1: armor may not enter jungle there."


def test_ending_a_phase_overstacked_says_where_R3_2(driver: Driver) -> None:
    # given three JP units on one hex in the Movement phase (over the stacking limit)
    game = (GameBuilder(width=6, height=3).unit("a", "JP", at=JP_AT).unit("b", "JP", at=JP_AT).unit("c", "JP", at=JP_AT)
            .at_phase(Phase.MOVEMENT).build())
    assert overstacked_hexes(game.gd, game.state) == [game.hex(*JP_AT)]
    battle = _open(driver, game)
    # when the (disabled) End Phase button is clicked, then the toast says why the phase cannot end
    driver.click(driver.end_phase_pos())
    assert battle.client.state.phase is Phase.MOVEMENT
    assert _toast(driver) == "Cannot end the phase: cell 0.1 holds more units than the stacking limit allows; " \
                             "move some away first."


def test_an_enemy_no_unit_is_next_to_cannot_be_attacked_and_says_why_R12_2(driver: Driver) -> None:
    # given the Combat phase with no JP unit next to the CW units, when a CW stack is clicked, then it says why
    game = _gap_line(Phase.COMBAT).build()
    _open(driver, game)
    driver.click(driver.hex_pos(game.hex(4, 0)))
    assert _toast(driver) == "None of your units may attack cell 4.0: none is next to it."


def test_an_enemy_already_attacked_this_phase_says_so_R12_2(driver: Driver) -> None:
    # given a JP unit next to a CW stack whose hex was already attacked this Combat phase
    game = GameBuilder(width=6, height=3).unit("jp", "JP", at=(1, 1)).unit("cw", "CW", at=(2, 1)).at_phase(
        Phase.COMBAT).build()
    target = game.hex(2, 1)
    _open(driver, game, replace(game.state, attacked_hexes=frozenset({target})))
    # when it is clicked, then the toast says it was already attacked
    driver.click(driver.hex_pos(target))
    assert _toast(driver) == "Cell 2.1 has already been attacked this Combat phase."


def test_clicking_an_enemy_outside_the_combat_phase_says_when_attacks_are_made(driver: Driver) -> None:
    # given the Movement phase, when a CW stack is clicked with nothing selected, then the toast says when to attack
    game = _gap_line(Phase.MOVEMENT).build()
    _open(driver, game)
    driver.click(driver.hex_pos(game.hex(4, 2)))
    assert _toast(driver) == "Attacks are declared in the Combat phase."


def test_a_selected_unit_clicking_an_attackable_enemy_in_combat_declares_the_attack(driver: Driver) -> None:
    # given the Combat phase with a JP unit selected next to a CW stack
    game = GameBuilder(width=6, height=3).unit("jp", "JP", at=(1, 1)).unit("cw", "CW", at=(2, 1)).at_phase(
        Phase.COMBAT).build()
    battle = _open(driver, game)
    battle.apply(battle.input.then(UnitSelected("jp")))
    # when the CW stack is clicked, then a combat is declared there (no silent "not a destination")
    driver.click(driver.hex_pos(game.hex(2, 1)))
    combat = battle.client.state.combat
    assert combat is not None and combat.defender_hex == game.hex(2, 1)


def test_a_unit_that_already_attacked_says_so_when_clicked_R12_2(driver: Driver) -> None:
    # given the Combat phase and a JP unit that has attacked already
    game = GameBuilder(width=6, height=3).unit("jp", "JP", at=(1, 1)).unit("cw", "CW", at=(3, 1)).at_phase(
        Phase.COMBAT).build()
    jp = game.gd.unit_index["jp"]
    _open(driver, game, game.state.with_units({jp: replace(game.state.units[jp], attacked=True)}))
    # when it is clicked, then the toast says it has attacked
    driver.click(driver.hex_pos(game.hex(1, 1)))
    assert _toast(driver) == "Jp has already attacked this phase."


def test_a_unit_next_to_no_enemy_says_so_when_clicked_in_combat(driver: Driver) -> None:
    game = _gap_line(Phase.COMBAT).build()
    _open(driver, game)
    driver.click(driver.hex_pos(game.hex(*JP_AT)))
    assert _toast(driver) == "Jp is next to no enemy it may attack."


def test_a_unit_that_may_not_join_the_combat_being_declared_says_why_R12_2(driver: Driver) -> None:
    # given a combat declared against a CW unit, and a JP unit two hexes away
    game = (GameBuilder(width=6, height=3).unit("near", "JP", at=(1, 1)).unit("far", "JP", at=(0, 0))
            .unit("cw", "CW", at=(2, 1)).at_phase(Phase.COMBAT).build())
    battle = _open(driver, game)
    declare = battle.client.declare_at(game.hex(2, 1))
    assert declare is not None and battle.client.submit(declare) is None
    # when the far unit is clicked, then the toast says it is not next to the defender
    driver.click(driver.hex_pos(game.hex(0, 0)))
    assert _toast(driver) == "Far may not attack cell 2.1: it is not next to that hex."


def test_another_enemy_clicked_while_a_combat_is_declared_says_to_finish_it_first_R12_10(driver: Driver) -> None:
    # given a combat declared against one CW unit, and a second CW unit elsewhere
    game = (GameBuilder(width=6, height=3).unit("jp", "JP", at=(1, 1)).unit("cw", "CW", at=(2, 1))
            .unit("cw2", "CW", at=(4, 1)).at_phase(Phase.COMBAT).build())
    battle = _open(driver, game)
    declare = battle.client.declare_at(game.hex(2, 1))
    assert declare is not None and battle.client.submit(declare) is None
    # when the other CW stack is clicked, then the toast says the current combat must end first
    driver.click(driver.hex_pos(game.hex(4, 1)))
    assert _toast(driver) == "End or cancel the current combat first."
    assert battle.client.state.combat is not None and battle.client.state.combat.defender_hex == game.hex(2, 1)
