"""Readable and colour-safe (issue 13 item 5): text contrast, colour-blind simulation, side emblems."""

from __future__ import annotations

import dataclasses
import itertools

import pygame
import pytest

from malaya.engine.board import Terrain
from malaya.render.color_science import (
    Deficiency,
    ciede2000,
    contrast_ratio,
    delta_e00,
    simulate,
)
from malaya.render.counters import CW_EMBLEM, JP_EMBLEM, MIN_FACTOR_PX, counter_px, emblem_center, render_counter
from malaya.render.palette import TERRAIN_COLORS
from malaya.render.side_palette import COLOR_BLIND, CW_NATIONALITIES, JP_NATIONALITIES, STANDARD, SidePalette
from malaya.session.views import CounterView
from malaya.ui.widgets.text_pairs import AA_BODY, TEXT_PAIRS

CB_THRESHOLD = 10.0
"""ΔE00 every side-telling pair keeps in the colour-blind palette (≈ 5 is a clearly visible difference)."""
STANDARD_THRESHOLD = 7.0
"""ΔE00 the standard palette keeps for every pair of side-telling groups."""
SIDES_THRESHOLD = 10.0
"""ΔE00 every JP nationality fill keeps from every CW nationality fill in the default palette (issue 26 item 10)."""
FRONT_THRESHOLD = 15.0
"""ΔE00 the default front line keeps from every terrain's fill (issue 26: red faded to olive on jungle)."""
VISIONS: tuple[Deficiency | None, ...] = (None, *Deficiency)


def groups(palette: SidePalette) -> dict[str, list[tuple[int, int, int]]]:
    """The colours that must stay apart: each side's counters, unknown counters, front, combat, selection."""
    return {"JP counters": palette.counter_fills("JP"), "CW counters": palette.counter_fills("CW"),
            "unknown JP": [palette.unknown["JP"]], "unknown CW": [palette.unknown["CW"]],
            "front line": [palette.front], "combat outline": [palette.combat], "selection": [palette.selection]}


def closest(palette: SidePalette) -> tuple[float, str]:
    """The smallest ΔE00 between two groups under normal vision and each simulated deficiency, and which."""
    found = []
    for vision in VISIONS:
        for (a, ca), (b, cb) in itertools.combinations(groups(palette).items(), 2):
            worst = min(ciede2000(seen_as(x, vision), seen_as(y, vision)) for x in ca for y in cb)
            found.append((worst, f"{a} vs {b} ({vision.value if vision else 'normal vision'})"))
    return min(found)


@pytest.mark.parametrize("pair", TEXT_PAIRS, ids=lambda p: p.where)
def test_every_declared_text_pair_meets_wcag_aa(pair) -> None:  # type: ignore[no-untyped-def]
    """Given a text colour on its background, then the contrast ratio is at least 4.5:1 (WCAG 2.1 AA)."""
    assert contrast_ratio(pair.foreground, pair.background) >= AA_BODY


def test_the_rail_phase_hint_that_was_2_4_to_1_is_now_readable() -> None:
    """Given the green 'available units' hint on a panel (issue 13: 2.4:1), then it reads at 4.5:1 or more."""
    from malaya.ui.widgets import kit

    assert contrast_ratio(kit.GOOD_TEXT, kit.PANEL) >= AA_BODY


def test_the_contrast_formula_gives_the_wcag_extremes() -> None:
    """Black on white is 21:1, a colour on itself 1:1."""
    assert contrast_ratio((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast_ratio((120, 30, 200), (120, 30, 200)) == pytest.approx(1.0)


@pytest.mark.parametrize(("lab1", "lab2", "expected"), [
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, 2.5, 0.0), (50.0, 0.0, -2.5), 4.3065),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
])
def test_ciede2000_matches_sharma_wu_dalal_test_data(lab1, lab2, expected) -> None:  # type: ignore[no-untyped-def]
    """Given pairs from Sharma, Wu & Dalal (2005), then ΔE00 matches their published values."""
    assert delta_e00(lab1, lab2) == pytest.approx(expected, abs=1e-4)


def test_the_simulation_keeps_greys_grey_and_merges_red_and_green_for_deuteranopes() -> None:
    """Machado 2009 rows sum to 1 (white stays white); pure red and green come close for a deuteranope."""
    for deficiency in Deficiency:
        assert simulate((255, 255, 255), deficiency) == (255, 255, 255)
    normal = ciede2000((200, 40, 40), (40, 160, 40))
    red, green = (simulate(c, Deficiency.DEUTERANOPIA) for c in ((200, 40, 40), (40, 160, 40)))
    deutan = ciede2000(red, green)
    assert deutan < normal / 2


def test_the_colour_blind_palette_keeps_sides_front_combat_and_selection_apart_in_every_vision() -> None:
    """Given the colour-blind palette, then every pair stays ΔE00 ≥ 10 under protan-, deuteran- and tritanopia."""
    worst, which = closest(COLOR_BLIND)
    assert worst >= CB_THRESHOLD, which


def test_the_standard_palette_keeps_every_side_telling_group_apart_in_every_vision() -> None:
    """Given the default palette, then counters, unknowns, front, combat and selection stay ΔE00 ≥ 7 apart."""
    worst, which = closest(STANDARD)
    assert worst >= STANDARD_THRESHOLD, which


@pytest.mark.parametrize("vision", VISIONS, ids=lambda v: v.value if v else "normal")
@pytest.mark.parametrize("jp", JP_NATIONALITIES)
@pytest.mark.parametrize("cw", CW_NATIONALITIES)
def test_the_default_palette_keeps_every_jp_nationality_apart_from_every_cw_one(jp: str, cw: str, vision) -> None:  # type: ignore[no-untyped-def]
    """Given the default palette (issue 26: Guards pink and Indian salmon met as khaki-grey for deutans),
    when a JP and a CW nationality fill are seen with normal vision or a simulated deficiency,
    then they stay ΔE00 ≥ 10 apart."""
    a, b = (seen_as(STANDARD.nationality[n], vision) for n in (jp, cw))
    assert ciede2000(a, b) >= SIDES_THRESHOLD


@pytest.mark.parametrize("vision", VISIONS, ids=lambda v: v.value if v else "normal")
@pytest.mark.parametrize("terrain", list(TERRAIN_COLORS), ids=lambda t: t.value)
def test_the_default_front_line_stands_out_on_every_terrain(terrain: Terrain, vision) -> None:  # type: ignore[no-untyped-def]
    """Given the default front colour on a terrain's fill (issue 26: it faded to olive on jungle),
    when seen with normal vision or a simulated deficiency, then the two stay ΔE00 ≥ 15 apart."""
    front, ground = (seen_as(c, vision) for c in (STANDARD.front, TERRAIN_COLORS[terrain]))
    assert ciede2000(front, ground) >= FRONT_THRESHOLD


def seen_as(color: tuple[int, int, int], vision: Deficiency | None) -> tuple[int, int, int]:
    """``color`` as a person with ``vision`` (None: normal vision) sees it."""
    return color if vision is None else simulate(color, vision)


def test_the_selection_colour_is_no_side_colour() -> None:
    """The selection highlight uses a colour no counter fill uses (today's yellow was the JP army's)."""
    for palette in (STANDARD, COLOR_BLIND):
        fills = {*palette.counter_fills("JP"), *palette.counter_fills("CW"), *palette.unknown.values()}
        assert all(ciede2000(palette.selection, fill) >= CB_THRESHOLD for fill in fills)


BRIGADE = CounterView("6th Indian Bde", "CW", "Indian", "infantry", "X", 5, 6, 5,
                      stacking_value=2, steps_left=2, max_steps=2, supplied=True)
SIDE = 50


def emblem_pixel() -> tuple[int, int]:
    """Where the side emblem's centre lies on a counter of side SIDE."""
    return emblem_center(SIDE)[0]


def test_every_counter_carries_its_side_emblem(display: pygame.Surface) -> None:
    """Given a CW and a JP counter, then the CW one shows the dark-blue diamond, the JP one the red disc."""
    cw = render_counter(BRIGADE, SIDE)
    jp = render_counter(dataclasses.replace(BRIGADE, side="JP", nationality="Army"), SIDE)
    hidden_jp = render_counter(dataclasses.replace(BRIGADE, side="JP", nationality="Army", hidden=True), SIDE)
    assert cw.get_at(emblem_pixel())[:3] == CW_EMBLEM
    assert jp.get_at(emblem_pixel())[:3] == JP_EMBLEM
    assert hidden_jp.get_at(emblem_pixel())[:3] == JP_EMBLEM


def test_a_selected_cw_counter_wears_the_dashed_selection_colour_not_jp_yellow(display: pygame.Surface) -> None:
    """Given a selected CW counter, then its outline shows the selection colour and black dashes, no yellow."""
    surf = render_counter(dataclasses.replace(BRIGADE, selected=True), SIDE)
    edge = {surf.get_at((x, 1))[:3] for x in range(SIDE)}
    assert STANDARD.selection in edge and (16, 16, 16) in edge
    assert (255, 236, 0) not in edge


def test_the_colour_blind_palette_fills_counters_by_side(display: pygame.Surface) -> None:
    """Given the colour-blind palette, then an Indian and a British brigade share the CW colour."""
    british = dataclasses.replace(BRIGADE, nationality="British")
    for view in (BRIGADE, british):
        assert render_counter(view, SIDE, COLOR_BLIND).get_at((6, SIDE // 2))[:3] == COLOR_BLIND.side_fills["CW"]


def test_given_the_colour_blind_setting_then_the_battle_draws_with_that_palette(driver) -> None:  # type: ignore[no-untyped-def]
    """Given a battle, when the player turns the colour-blind palette on in Settings, then counters use it."""
    screen = driver.new_game()
    driver.frames(1)
    assert screen.drawing.painter.palette is STANDARD
    driver.app.set_settings(driver.app.settings.with_(color_blind=True))
    driver.frames(1)
    assert screen.drawing.painter.palette is COLOR_BLIND


def test_counter_factors_are_at_least_12_px_at_the_default_zoom_and_hide_below() -> None:
    """At zoom 1 the factor text is 12 px or more; on a counter too small for that it is not drawn at all."""
    from malaya.render.counters import FACTOR_FRACTION

    assert round(counter_px(1.0) * FACTOR_FRACTION) >= MIN_FACTOR_PX


def test_a_counter_too_small_for_readable_factors_leaves_them_out(display: pygame.Surface) -> None:
    """Given a 30 px counter (factors would be 9 px), then its factor line is blank background."""
    side = 30
    surf = render_counter(BRIGADE, side)
    row = {surf.get_at((x, round(side * 0.8)))[:3] for x in range(6, side - 6)}
    assert row == {STANDARD.nationality["indian"]}
