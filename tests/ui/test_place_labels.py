"""Place names are never hidden under counters and never overlap each other (issue 13 item 5)."""

from __future__ import annotations

import pygame
import pytest

from malaya.engine.gamedef import GameDef
from malaya.render.camera import DEFAULT_ZOOM
from malaya.render.label_layout import label_layout, marker_rects, stack_square
from malaya.render.viewpoints import center_on_place
from tests.ui.client_driver import Driver

KEY_PLACES = ("Singapore", "Johore Bahru", "Kota Bharu", "Alor Star")


def strategic_zoom(driver: Driver) -> float:
    """The Strategic Map's zoom in the test window, after it has been shown once."""
    screen = driver.new_game()
    screen.apply(screen.input.on_strategic())
    driver.frames(1)
    return screen.strategic.zoom


def overlapping_pairs(rects: list[tuple[str, pygame.Rect]]) -> list[tuple[str, str]]:
    """Every pair of named rectangles that intersect."""
    return [(a, b) for i, (a, ra) in enumerate(rects) for b, rb in rects[i + 1:] if ra.colliderect(rb)]


@pytest.mark.slow
def test_given_the_campaign_map_then_no_two_names_overlap_at_the_strategic_or_the_default_zoom(
        driver: Driver, campaign: GameDef) -> None:
    """Given the campaign at the Strategic Map's zoom and the default zoom, then no two drawn names intersect."""
    for zoom in (strategic_zoom(driver), DEFAULT_ZOOM):
        labels = label_layout(campaign.board, zoom).labels
        assert len(labels) >= 10, zoom
        assert overlapping_pairs([(label.place.name, label.rect) for label in labels]) == [], zoom


@pytest.mark.slow
def test_given_the_opening_then_key_names_clear_every_counter_and_marker(driver: Driver, campaign: GameDef) -> None:
    """Given the opening's stacks, then Singapore, Johore Bahru, Kota Bharu and Alor Star clear them all."""
    zoom_far = strategic_zoom(driver)
    stacks = driver.battle().views()
    for zoom in (zoom_far, DEFAULT_ZOOM):
        layout = label_layout(campaign.board, zoom)
        covers = [stack_square(h, zoom, min(4, len(views))) for h, views in stacks.items()]
        covers += [r for place in campaign.board.places for r in marker_rects(place, zoom)]
        drawn = {label.place.name: label.rect for label in layout.labels}
        for name in KEY_PLACES:
            assert name in drawn, (name, zoom)
            assert drawn[name].collidelist(covers) < 0, (name, zoom)


def test_given_a_zoom_then_the_layout_is_computed_once(campaign: GameDef) -> None:
    """Given the same board and zoom twice, then the same cached layout is returned (placement is not per frame)."""
    assert label_layout(campaign.board, DEFAULT_ZOOM) is label_layout(campaign.board, DEFAULT_ZOOM)


@pytest.mark.slow
def test_given_the_battle_screen_then_a_key_name_is_drawn_last_and_shows_whole(driver: Driver) -> None:
    """Given the opening centred on each key place, then every opaque pixel of its name is on screen as drawn."""
    screen = driver.new_game()
    board = driver.app.gd.board
    for name in KEY_PLACES:
        center_on_place(screen.tactical, board, name)
        driver.frames(2)
        label = next(lb for lb in label_layout(board, screen.tactical.zoom).labels if lb.place.name == name)
        surface = pygame.display.get_surface()
        assert surface is not None
        ox, oy = screen.tactical.origin_px()
        left, top = screen.areas(surface.get_size())["map"].topleft
        x0, y0 = label.rect.x - ox + left, label.rect.y - oy + top
        shown = [(x, y) for x in range(label.image.get_width()) for y in range(label.image.get_height())
                 if label.image.get_at((x, y)).a == 255]
        assert len(shown) > 50, name
        wrong = [p for p in shown if surface.get_at((x0 + p[0], y0 + p[1]))[:3] != label.image.get_at(p)[:3]]
        assert wrong == [], name
