"""Place names are never hidden under counters (issue 13 item 5)."""

from __future__ import annotations

import pygame

from malaya.render.counters import counter_px
from malaya.render.geometry import hex_to_pixel
from malaya.render.places import draw_labels_over_stacks
from malaya.render.viewpoints import center_on_place
from tests.ui.client_driver import Driver

PLACES = ("Singapore", "Johore Bahru", "Kota Bharu", "Alor Star")


def ink_below_counter(driver: Driver, name: str, stacked: bool) -> int:
    """Dark label-ink pixels (not the black background) drawn just below a counter at ``name``."""
    screen = driver.battle()
    board = driver.app.gd.board
    place = next(p for p in board.places if p.name == name)
    center_on_place(screen.tactical, board, name)
    target = pygame.Surface((screen.tactical.width, screen.tactical.height))
    target.fill((0, 0, 0))  # black: the halo plate and dark ink are told apart from it
    draw_labels_over_stacks(target, screen.tactical, board, {place.hex: 1} if stacked else {})
    x, y = screen.tactical.world_to_screen(*hex_to_pixel(place.hex))
    side = counter_px(screen.tactical.zoom)
    band = pygame.Rect(round(x) - side, round(y) + side // 2, 2 * side, side)
    return sum(1 for px in range(band.left, band.right) for py in range(band.top, band.bottom)
               if sum(target.get_at((px, py))[:3]) < 3 * 90 and target.get_at((px, py))[:3] != (0, 0, 0))


def test_given_a_stack_on_a_named_place_then_its_name_is_drawn_below_the_counter(driver: Driver) -> None:
    """Given a stack on Singapore, Johore Bahru, Kota Bharu or Alor Star, then the name shows under the counter."""
    driver.new_game()
    for name in PLACES:
        assert ink_below_counter(driver, name, stacked=True) > 20, name


def test_given_no_stack_then_no_second_copy_of_the_name_is_drawn(driver: Driver) -> None:
    """Given an empty place hex, then the map's own label is enough: nothing is drawn over it."""
    driver.new_game()
    assert ink_below_counter(driver, "Kota Bharu", stacked=False) == 0
