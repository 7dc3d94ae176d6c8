"""Issue 13 §4: every screen lays out without clipping from 1280×720 to 3840×2160, at small and large UI scales.

Each screen reports what it laid out (:meth:`Screen.layout`): every widget must lie inside its
panel, every panel inside the window, and no two widgets of one panel may overlap.

Every screen is checked at a small, a middle and a large window (UI scale 1); each of the other window sizes and
scales (large scales, a small scale, laptops' first windows) is checked on a fixed share of the screens in turn,
so every size and scale is still seen on pages and battle screens alike, and every screen at four of them.
"""

from __future__ import annotations

import pygame
import pytest

from malaya.engine.state import Phase
from malaya.ui.widgets.kit import set_ui_scale
from malaya.ui.widgets.layout import layout_problems
from tests.ui.screen_tour import SCREENS, SIZES, showing

EXPECTED = {"menu", "menu-continue", "new-game", "settings", "keys", "help", "rules", "load", "replay-list", "replay",
            "end",
            "battle-reinforcement", "battle-air", "battle-naval", "battle-movement", "battle-rail", "battle-combat",
            "battle-combat-panel", "battle-combat-panel-air-key", "battle-strategic-map", "learn-to-play", "lesson",
            "briefing-malaya1941", "briefing-jitra", "briefing-kampar", "briefing-muar", "briefing-singapore"}
EVERY_SCREEN = (((1280, 720), 1.0), ((1920, 1080), 1.0), ((3840, 2160), 1.0))
"""A small, a middle and a large window: every screen is checked at each."""
IN_TURN = (((1280, 720), 2.0), ((1366, 768), 1.0), ((1920, 1080), 2.0), ((1366, 696), 1.0),  # first windows on
           ((3840, 2160), 2.0), ((1280, 648), 1.0), ((2560, 1440), 1.0), ((1366, 768), 0.75))  # laptops: 696, 648
"""The other windows and scales: the n-th screen of the tour is checked at the (n mod 8)-th."""


def _cases() -> list[tuple[str, tuple[int, int], float]]:
    """(screen, window, scale): every screen at EVERY_SCREEN, and at its turn of IN_TURN."""
    return [*((name, size, scale) for size, scale in EVERY_SCREEN for name in SCREENS),
            *((name, *IN_TURN[i % len(IN_TURN)]) for i, name in enumerate(SCREENS))]


@pytest.fixture(autouse=True)
def _scale_back():  # type: ignore[no-untyped-def]
    """Later tests get UI scale 1 back."""
    yield
    set_ui_scale(1.0)


def test_the_tour_shows_every_screen_and_the_checks_cover_every_size_and_scale() -> None:
    # given the tour's screens and the windows and scales they are checked at
    cases = _cases()
    # then the tour is every screen, each checked at the small, middle and large window
    assert set(SCREENS) == EXPECTED and len(SCREENS) == len(EXPECTED)
    for name in SCREENS:
        assert {(size, scale) for n, size, scale in cases if n == name} >= set(EVERY_SCREEN)
    # and every size of SIZES and every other window and scale is checked on pages and battle screens both
    for combo in {*EVERY_SCREEN, *IN_TURN}:
        names = {n for n, size, scale in cases if (size, scale) == combo}
        assert any(n.startswith("battle") for n in names) and any(not n.startswith("battle") for n in names), combo
    assert {size for _n, size, _scale in cases} >= set(SIZES)


@pytest.mark.parametrize(("name", "size", "scale"), _cases())
def test_no_widget_lies_outside_its_panel_or_over_another(campaign, name: str, size: tuple[int, int],  # type: ignore[no-untyped-def]
                                                         scale: float) -> None:
    # given the screen in a window of this size at this UI scale
    with showing(campaign, name, size, scale) as app:
        # when it has been drawn, then its laid-out widgets fit their panels without overlapping
        placed = app.top.layout()
        assert layout_problems(placed, size) == [], f"{name} at {size}, scale {scale}"
        if name.startswith("battle"):
            # and the battle's End Phase button and its panel's buttons are all on screen and clickable
            assert "End Phase" in placed.names()


def test_a_short_side_panel_scrolls_to_every_combat_button_and_keeps_messages_readable(campaign) -> None:  # type: ignore[no-untyped-def]
    # given a combat being declared and a side panel only 300 px tall (a small window, a large scale)
    from malaya.engine.sides import Side
    from malaya.session.game_client import GameClient
    from malaya.ui.battle.panels.side_panel import MIN_LOG, draw_side_panel
    from tests.ui.screen_tour import at_combat, battle_at, open_app

    app = open_app(campaign, (1280, 720))
    battle = battle_at(app, at_combat(campaign), Phase.COMBAT, combat=True)
    client: GameClient = battle.client
    assert client.state.combat is not None and client.humans == frozenset(Side)
    surface = pygame.display.get_surface()
    body = pygame.Rect(900, 100, 320, 300)
    # when the panel is drawn at the top, then the panel needs more room than it has, and says so
    top = draw_side_panel(surface, body, client, None, None, (0, 0))
    assert top.content_height > body.height
    seen = {b.label for b, _ in top.buttons}
    # when it is scrolled to its end, then the rest of the buttons come into view, fully inside the panel
    end = draw_side_panel(surface, body, client, None, None, (0, 0), scroll=top.content_height - body.height)
    seen |= {b.label for b, _ in end.buttons}
    assert {"Roll Dice", "Cancel Combat"} <= seen
    assert all(body.contains(b.rect) for b, _ in [*top.buttons, *end.buttons])
    # and the Messages keep at least their readable height below everything else
    assert end.content_height >= MIN_LOG
    battle.close()


def test_the_mouse_wheel_over_the_side_panel_scrolls_it_and_not_the_map(campaign) -> None:  # type: ignore[no-untyped-def]
    # given a combat being declared in a short 1280x540 window (the panel is taller than its room; at 1280x648 the
    # Combat Panel, sized to its content, now leaves room enough)
    from tests.ui.screen_tour import at_combat, battle_at, frames, open_app

    app = open_app(campaign, (1280, 540))
    battle = battle_at(app, at_combat(campaign), Phase.COMBAT, combat=True)
    frames(app)
    body = battle.areas((1280, 540))["body"]
    assert battle.hits.content_height > body.height
    zoom = battle.tactical.zoom
    # when the wheel turns down over the panel
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pygame.mouse, "get_pos", lambda: body.center)
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-20, flipped=False))
        frames(app, 1)
    # then the panel scrolls to its end, the map keeps its zoom, and every widget still lies inside the panel
    assert battle.panel_scroll == battle.hits.content_height - body.height > 0
    assert battle.tactical.zoom == zoom
    assert layout_problems(battle.layout(), (1280, 540)) == []
    battle.close()
