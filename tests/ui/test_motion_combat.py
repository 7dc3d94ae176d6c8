"""Motion of combat and of the computer's turn (issue 15 §3): advances slide, eliminated units fade out,
the computer's moves slide as the player's do."""

from __future__ import annotations

import pygame

from malaya.engine.actions import Action, MoveUnit
from malaya.engine.combat.events import UnitAdvanced, UnitEliminated
from malaya.engine.gamedef import GameDef
from malaya.engine.sides import Side
from malaya.engine.state import GameState, Phase
from malaya.render.camera import Camera
from malaya.render.counters import CounterPainter, counter_px
from malaya.render.geometry import hex_to_pixel
from malaya.session.game_client import GameClient
from malaya.session.match import Match
from malaya.ui.app.intents import Reset, ToBattle
from malaya.ui.battle.map_view.animation import FLASH_S, Animator, StepKind
from malaya.ui.battle.screen import BattleScreen
from tests.builder import Game, GameBuilder
from tests.ui.client_driver import Driver

BACKGROUND = (0, 90, 0)


def _game(phase: Phase = Phase.COMBAT) -> Game:
    """A JP unit next to a CW unit on a small map."""
    return (GameBuilder(width=8, height=3).unit("jp", "JP", at=(1, 1), movement=4)
            .unit("cw", "CW", at=(2, 1)).at_phase(phase).build())


def test_an_advance_slides_the_attacker_into_the_emptied_hex_R12_9() -> None:
    # given an attacker advancing into the defender's hex
    game = _game()
    animator = Animator()
    # when the advance is fed at normal speed
    animator.feed(game.gd, game.state, game.state, [UnitAdvanced(unit="jp", to=game.hex(2, 1))], "normal")
    # then the attacker slides from its hex into the emptied one, drawn by the animator meanwhile
    (step,) = animator.queue
    assert step.kind is StepKind.SLIDE and step.hexes == (game.hex(1, 1), game.hex(2, 1))
    assert animator.hidden_units() == {"jp"}


def _counter_pixel(animator: Animator, elapsed: float, game: Game) -> tuple[int, int, int]:
    """The colour a little inside the left edge of the eliminated counter, ``elapsed`` seconds into its step."""
    target = pygame.Surface((300, 200)).convert()
    target.fill(BACKGROUND)
    camera = Camera((0, 0, 600, 400), 300, 200, zoom=1.0)
    camera.center_on(*hex_to_pixel(game.hex(2, 1)))
    animator.elapsed = elapsed
    animator.draw(target, camera, CounterPainter())
    x, y = camera.world_to_screen(*hex_to_pixel(game.hex(2, 1)))
    side = counter_px(1.0)
    r, g, b, _ = target.get_at((round(x) - side // 2 + 4, round(y) + side // 4))
    return r, g, b


def test_an_eliminated_unit_fades_out_R2_3(display: pygame.Surface) -> None:
    # given the elimination of the CW unit, fed at normal speed
    game = _game()
    animator = Animator()
    animator.feed(game.gd, game.state, game.state, [UnitEliminated(unit="cw")], "normal")
    assert animator.queue[0].kind is StepKind.FLASH and animator.queue[0].text == "eliminated"
    # when it is drawn early and late in its step
    early = _counter_pixel(animator, 0.05 * FLASH_S, game)
    late = _counter_pixel(animator, 0.95 * FLASH_S, game)
    # then the counter shows clearly at first and has almost faded into the map at the end
    def distance(c: tuple[int, int, int]) -> int:
        return max(abs(a - b) for a, b in zip(c, BACKGROUND, strict=True))
    assert distance(early) > 60 and distance(late) < distance(early) // 3


def test_the_computers_move_slides_like_the_players(driver: Driver) -> None:
    # given the computer playing JP in the movement phase, moving its unit two hexes
    game = _game(Phase.MOVEMENT)

    def mover(gd: GameDef, state: GameState) -> Action:
        """Moves the JP unit one hex north."""
        return MoveUnit(side=Side.JP, unit="jp", to=game.hex(1, 0))

    driver.app.settings = driver.app.settings.with_(animation_speed="normal")
    client = GameClient(Match(game.gd, 1, game.state), frozenset({Side.CW}))
    driver.app.apply(Reset(ToBattle(client, {Side.JP: mover})))
    driver.frames(1)
    battle = driver.app.top
    assert isinstance(battle, BattleScreen)
    # when the computer's move has been made
    for _ in range(600):
        if battle.client.state.units[game.gd.unit_index["jp"]].hex == game.hex(1, 0):
            break
        driver.wait(0.02)
    # then its counter slides along the path, as the player's own moves do
    assert battle.animator.active and battle.animator.queue[0].kind is StepKind.MOVE
    assert battle.animator.queue[0].units == ("jp",)
