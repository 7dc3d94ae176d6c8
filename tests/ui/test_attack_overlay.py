"""The computer's attacks on the map (issue 18 item 4): arrows from its attackers to the hexes they attacked,
shown after its player-turn when the player asks for them (key A, or Settings)."""

from __future__ import annotations

import pygame
import pytest

from malaya.ai.explain import AIExplanation
from malaya.ai.intent import PlannedAttack
from malaya.engine.hexgrid import Hex
from malaya.render.attack_arrows import ARROW, draw_attack_arrows
from malaya.render.camera import Camera
from malaya.render.geometry import hex_to_pixel
from malaya.session.attack_arrows import AttackArrow, last_turn_arrows
from tests.ui.client_driver import Driver

TARGET, LEFT, RIGHT = Hex(5, 5), Hex(4, 5), Hex(6, 4)
ALONG = 0.35
"""Where on the way from an attacker's hex centre to the target's the arrow's shaft is looked for."""


class _Computer:
    """A controller stand-in whose last player-turn attacked one hex from two."""

    def __init__(self) -> None:
        self.explanations = AIExplanation()
        self.explanations.turn_log(3, "JP").intent.attacks.append(
            PlannedAttack(TARGET, "Kampar", (LEFT, RIGHT), 2, "2:1", 1, 0.6, 0.2))


def _arrow_pixels(surface: pygame.Surface) -> int:
    """How many pixels of the surface are in the arrows' colour."""
    return sum(1 for x in range(surface.get_width()) for y in range(surface.get_height())
               if tuple(surface.get_at((x, y)))[:3] == ARROW)


def test_the_arrows_are_the_attacks_of_the_computers_last_turn() -> None:
    # given a computer whose last player-turn attacked Kampar from two hexes, and a player with no explanations
    # then its arrows run from both hexes to Kampar's, and the player has none
    assert last_turn_arrows(_Computer()) == (AttackArrow((LEFT, RIGHT), TARGET),)
    assert last_turn_arrows(object()) == ()


def test_each_attacker_hex_gets_an_arrow_towards_the_target(display: pygame.Surface) -> None:
    # given a blank map view centred on the attack
    surface = pygame.Surface((400, 300))
    camera = Camera((-200.0, -200.0, 800.0, 800.0), 400, 300, zoom=1.0)
    camera.center_on(*hex_to_pixel(TARGET))
    # when the arrows are drawn
    draw_attack_arrows(surface, camera, last_turn_arrows(_Computer()))
    # then the arrow colour lies on the way from each attacker to the target, and nowhere without arrows
    for source in (LEFT, RIGHT):
        (sx, sy), (tx, ty) = hex_to_pixel(source), hex_to_pixel(TARGET)
        x, y = camera.world_to_screen(sx + (tx - sx) * ALONG, sy + (ty - sy) * ALONG)
        assert tuple(surface.get_at((round(x), round(y))))[:3] == ARROW
    blank = pygame.Surface((400, 300))
    draw_attack_arrows(blank, camera, ())
    assert _arrow_pixels(blank) == 0


@pytest.mark.slow
def test_key_a_shows_and_hides_the_computers_attacks_on_the_battle_map(driver: Driver) -> None:
    # given a battle where the computer's last attacks are known, with the overlay off (the default)
    screen = driver.new_game()
    assert not driver.app.settings.show_attack_arrows
    x, y = driver.hex_pos(TARGET)
    screen.ai.arrows = last_turn_arrows(_Computer())
    (lx, ly), (tx, ty) = hex_to_pixel(LEFT), hex_to_pixel(TARGET)
    mid = (x + round((lx - tx) * (1 - ALONG) * screen.tactical.zoom),
           y + round((ly - ty) * (1 - ALONG) * screen.tactical.zoom))
    driver.frames(1)
    off = tuple(pygame.display.get_surface().get_at(mid))[:3]
    # when A is pressed, then the setting is on and the arrow is drawn between the attacker and the target
    driver.key(pygame.K_a)
    driver.frames(1)
    assert driver.app.settings.show_attack_arrows
    assert tuple(pygame.display.get_surface().get_at(mid))[:3] == ARROW != off
    # when A is pressed again, then it is hidden
    driver.key(pygame.K_a)
    driver.frames(1)
    assert not driver.app.settings.show_attack_arrows
    assert tuple(pygame.display.get_surface().get_at(mid))[:3] == off
