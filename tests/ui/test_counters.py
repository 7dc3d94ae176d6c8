"""Unit counters show steps, supply, side and current factors (R2.1)."""

from __future__ import annotations

import dataclasses

import pygame

from malaya.render.counters import (
    NATIONALITY_COLORS,
    STEP_FULL,
    STEP_REDUCED,
    SUPPLIED,
    UNSUPPLIED,
    CounterPainter,
    counter_px,
    factors_text,
    render_counter,
    stacking_square_rects,
)
from malaya.session.views import CounterView

SIDE = 50
BRIGADE = CounterView("6th Indian Bde", "CW", "Indian", "infantry", "X", 5, 6, 5,
                      stacking_value=2, steps_left=2, max_steps=2, supplied=True)


def _square_colours(view: CounterView) -> list[tuple[int, int, int]]:
    """Colours at the centres of a rendered counter's stacking squares."""
    surf = render_counter(view, SIDE)
    return [tuple(surf.get_at(r.center)[:3]) for r in stacking_square_rects(view, SIDE)]


def test_two_steps_left_shows_white_stacking_squares(display: pygame.Surface) -> None:
    # given a full-strength stacking-value-2 brigade, when rendered
    colours = _square_colours(BRIGADE)
    # then it shows two white squares
    assert colours == [STEP_FULL, STEP_FULL]


def test_one_step_left_shows_red_stacking_squares(display: pygame.Surface) -> None:
    # given the same brigade reduced to one step, when rendered
    colours = _square_colours(dataclasses.replace(BRIGADE, steps_left=1, attack=3, defense=3))
    # then its squares are red
    assert colours == [STEP_REDUCED, STEP_REDUCED]


def test_a_battalion_has_a_single_stacking_square(display: pygame.Surface) -> None:
    # given a stacking-value-1 battalion, when rendered, then one square is drawn
    assert len(_square_colours(dataclasses.replace(BRIGADE, size="II", stacking_value=1))) == 1


def test_the_supply_dot_is_green_when_supplied_and_red_when_not(display: pygame.Surface) -> None:
    # given a supplied and an unsupplied counter, when rendered
    dot = (round(SIDE * 0.09 + SIDE * 0.085), round(SIDE * 0.09 + SIDE * 0.085))
    supplied = render_counter(BRIGADE, SIDE).get_at(dot)[:3]
    unsupplied = render_counter(dataclasses.replace(BRIGADE, supplied=False), SIDE).get_at(dot)[:3]
    # then the dots are green and red
    assert supplied == SUPPLIED and unsupplied == UNSUPPLIED


def test_the_background_is_the_nationality_colour(display: pygame.Surface) -> None:
    # given counters of each nationality, when rendered
    for nationality, colour in NATIONALITY_COLORS.items():
        side = "JP" if nationality in ("army", "guards") else "CW"
        surf = render_counter(dataclasses.replace(BRIGADE, nationality=nationality.title(), side=side), SIDE)
        # then a pixel just inside the border (left edge, mid height) has that colour
        assert surf.get_at((6, SIDE // 2))[:3] == colour


def test_jp_and_cw_counters_differ_by_border_thickness(display: pygame.Surface) -> None:
    # given the same counter for each side
    cw = render_counter(BRIGADE, SIDE)
    jp = render_counter(dataclasses.replace(BRIGADE, side="JP", nationality="Army"), SIDE)
    # when the pixel two in from the edge is read
    # then the CW counter shows its background, the JP counter its thick border
    assert cw.get_at((2, SIDE // 2))[:3] == NATIONALITY_COLORS["indian"]
    assert jp.get_at((2, SIDE // 2))[:3] != NATIONALITY_COLORS["army"]


def test_factors_read_attack_defense_movement() -> None:
    # given a counter, when its factors line is built, then it reads A-D-M
    assert factors_text(BRIGADE) == "5-6-5"


def test_counters_are_cached_per_view_and_size(display: pygame.Surface) -> None:
    # given a painter, when the same counter is requested twice at one size
    painter = CounterPainter()
    first = painter.surface(BRIGADE, counter_px(1.0))
    # then the same surface comes back, and another size renders anew
    assert painter.surface(BRIGADE, counter_px(1.0)) is first
    assert painter.surface(BRIGADE, counter_px(2.0)) is not first


def test_a_stack_draws_the_top_unit_on_top(display: pygame.Surface) -> None:
    # given a stack of an Indian (top) and a British brigade
    target = pygame.Surface((200, 200)).convert()
    target.fill((0, 0, 0))
    british = dataclasses.replace(BRIGADE, nationality="British")
    CounterPainter().draw_stack(target, [BRIGADE, british], (100, 100), SIDE)
    # when the pixel at the stack's bottom-left area is read, then it is the top unit's colour
    assert target.get_at((100 - SIDE // 2 + 5, 100))[:3] == NATIONALITY_COLORS["indian"]
