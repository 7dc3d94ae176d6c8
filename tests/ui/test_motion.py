"""Motion on the map (issue 15 §3): a move slides along its path, quickly and skippably; nothing is animated at
"instant" speed; a hidden unit's move is not shown (R2.5); a combat's result rises over the hex in words."""

from __future__ import annotations

import pygame
import pytest

from malaya.engine.actions import MoveUnit
from malaya.engine.sides import Side
from malaya.engine.state import Phase
from malaya.session.game_client import GameClient
from malaya.session.match import Match
from malaya.ui.app.intents import Reset, ToBattle
from malaya.ui.audio.cues import Sound
from malaya.ui.battle.map_view.animation import Animator, StepKind
from malaya.ui.battle.screen import BattleScreen
from tests.builder import Game, GameBuilder
from tests.ui.audio.recording import RecordingBoard
from tests.ui.client_driver import Driver


def _game() -> Game:
    """A JP unit with 4 MP in the movement phase, a CW unit far to the east."""
    return (GameBuilder(width=8, height=3).unit("jp", "JP", at=(0, 1), movement=4)
            .unit("cw", "CW", at=(7, 1)).at_phase(Phase.MOVEMENT).build())


def _move_events(game: Game, to: tuple[int, int]):  # type: ignore[no-untyped-def]
    """The state before, the state after and the events of the JP unit's move to ``to`` (through the gate)."""
    match = Match(game.gd, 1, game.state)
    before = match.state
    assert match.submit(MoveUnit(side=Side.JP, unit="jp", to=game.hex(*to))) is None
    return before, match.state, match.events


def test_feeding_a_move_queues_a_slide_along_its_path_R7_1() -> None:
    # given the events of a two-hex move
    game = _game()
    before, after, events = _move_events(game, (2, 1))
    animator = Animator()
    # when they are fed at normal speed
    animator.feed(game.gd, before, after, events, "normal")
    # then one quick move slides the unit along its path, from its hex to the destination, drawn by the animator
    (step,) = animator.queue
    assert step.kind is StepKind.MOVE and step.units == ("jp",)
    assert step.hexes[0] == game.hex(0, 1) and step.hexes[-1] == game.hex(2, 1) and len(step.hexes) == 3
    assert 0 < step.duration <= 1.0 and animator.hidden_units() == {"jp"}


def test_at_instant_speed_a_move_queues_nothing() -> None:
    game = _game()
    before, after, events = _move_events(game, (2, 1))
    animator = Animator()
    animator.feed(game.gd, before, after, events, "instant")
    assert not animator.active


@pytest.mark.slow
def test_a_move_of_a_unit_the_viewer_cannot_see_is_not_animated_R2_5() -> None:
    game = _game()
    before, after, events = _move_events(game, (2, 1))
    animator = Animator()
    animator.feed(game.gd, before, after, events, "normal", visible=frozenset({"cw"}))
    assert not animator.active


def _battle(driver: Driver, game: Game) -> BattleScreen:
    """The battle screen on a builder game, both sides played here, at normal animation speed."""
    driver.app.settings = driver.app.settings.with_(animation_speed="normal")
    client = GameClient(Match(game.gd, 1, game.state), frozenset(Side))
    driver.app.apply(Reset(ToBattle(client, {})))
    driver.frames(1)
    assert isinstance(driver.app.top, BattleScreen)
    return driver.app.top


@pytest.mark.slow
def test_a_move_by_clicks_slides_and_space_skips_it(driver: Driver) -> None:
    game = _game()
    battle = _battle(driver, game)
    # when the unit is clicked and then a hex two away
    driver.click(driver.hex_pos(game.hex(0, 1)))
    driver.click(driver.hex_pos(game.hex(2, 1)))
    # then the unit stands there already (the rules are done) while its counter slides
    assert battle.client.state.units[game.gd.unit_index["jp"]].hex == game.hex(2, 1)
    assert battle.animator.active and battle.animator.queue[0].kind is StepKind.MOVE
    # when Space is pressed, then the slide is over at once
    driver.key(pygame.K_SPACE)
    assert not battle.animator.active


def test_a_click_during_a_move_finishes_it_and_acts(driver: Driver) -> None:
    game = _game()
    battle = _battle(driver, game)
    driver.click(driver.hex_pos(game.hex(0, 1)))
    driver.click(driver.hex_pos(game.hex(2, 1)))
    assert battle.animator.active
    # when the moved unit is clicked while it still slides, then the slide ends and the click acts at once:
    # the move is taken back (R7.6)
    driver.click(driver.hex_pos(game.hex(2, 1)))
    assert battle.client.state.units[game.gd.unit_index["jp"]].hex == game.hex(0, 1)
    assert not battle.animator.active


def _computer_attacks(driver: Driver, follow: bool) -> tuple[BattleScreen, Game]:
    """A wide map: the computer (JP) next to a CW unit in the far east, the Tactical Map looking at the far west;
    the computer declares its combat there."""
    from malaya.engine.actions import Action, DeclareCombat
    from malaya.engine.gamedef import GameDef
    from malaya.engine.state import GameState
    from malaya.render.geometry import hex_to_pixel

    game = (GameBuilder(width=60, height=3).unit("jp", "JP", at=(57, 1)).unit("cw", "CW", at=(58, 1))
            .unit("cw_west", "CW", at=(0, 1)).at_phase(Phase.COMBAT).build())

    def attacker(gd: GameDef, state: GameState) -> Action:
        """Declares the combat against the CW unit."""
        return DeclareCombat(side=Side.JP, defender=game.hex(58, 1))

    driver.app.settings = driver.app.settings.with_(follow_computer=follow, animation_speed="normal")
    driver.app.sound = RecordingBoard()
    client = GameClient(Match(game.gd, 1, game.state), frozenset({Side.CW}))
    driver.app.apply(Reset(ToBattle(client, {Side.JP: attacker})))
    driver.frames(1)
    battle = driver.app.top
    assert isinstance(battle, BattleScreen)
    battle.tactical.center_on(*hex_to_pixel(game.hex(0, 1)))
    for _ in range(600):
        if battle.client.state.combat is not None:
            break
        driver.wait(0.02)
    assert battle.client.state.combat is not None, "the computer never declared its combat"
    return battle, game


@pytest.mark.slow
def test_with_follow_on_the_camera_goes_to_the_computers_combat_issue_13_s8(driver: Driver) -> None:
    from malaya.render.geometry import hex_to_pixel

    battle, game = _computer_attacks(driver, follow=True)
    x, y = hex_to_pixel(game.hex(58, 1))
    x0, _, x1, _ = battle.tactical.visible_world()
    assert x0 < x < x1
    # and the combat stays on screen a while: the computer waits longer before its next action
    assert battle.ai.wait >= battle.app.settings.ai_delay * 2
    # and the computer's declaration is heard as the player's is (issue 15 §4)
    board = battle.app.sound
    assert isinstance(board, RecordingBoard) and board.heard == [Sound.SELECT]


def test_with_follow_off_the_camera_stays_where_the_player_left_it(driver: Driver) -> None:
    from malaya.render.geometry import hex_to_pixel

    battle, game = _computer_attacks(driver, follow=False)
    x, _ = hex_to_pixel(game.hex(58, 1))
    x0, _, x1, _ = battle.tactical.visible_world()
    assert not x0 < x < x1
