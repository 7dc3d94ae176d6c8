"""Issue 13 §4: every screen lays out without clipping from 1280×720 to 3840×2160, at small and large UI scales.

Each screen reports what it laid out (:meth:`Screen.layout`): every widget must lie inside its
panel, every panel inside the window, and no two widgets of one panel may overlap.
"""

from __future__ import annotations

import pytest

from malaya.ui.screens.battle.screen import BattleScreen
from malaya.ui.widgets.kit import set_ui_scale
from malaya.ui.widgets.layout import layout_problems
from tests.ui.screen_tour import SIZES, tour

EXPECTED = {"menu", "new-game", "settings", "help", "load", "replay-list", "replay", "end", "battle-reinforcement",
            "battle-air", "battle-naval", "battle-movement", "battle-rail", "battle-combat", "battle-combat-panel"}


@pytest.fixture(autouse=True)
def _scale_back():  # type: ignore[no-untyped-def]
    """Later tests get UI scale 1 back."""
    yield
    set_ui_scale(1.0)


@pytest.mark.parametrize(("size", "scale"), [*((s, 1.0) for s in SIZES), ((1280, 720), 2.0), ((1920, 1080), 2.0),
                                             ((3840, 2160), 2.0), ((1366, 768), 0.75)])
def test_no_widget_lies_outside_its_panel_or_over_another(campaign, size: tuple[int, int], scale: float) -> None:  # type: ignore[no-untyped-def]
    # given each screen of the client in a window of this size at this UI scale
    seen = set()
    for name, app in tour(campaign, size, scale):
        seen.add(name)
        # when it has been drawn, then its laid-out widgets fit their panels without overlapping
        placed = app.top.layout()
        assert layout_problems(placed, size) == [], f"{name} at {size}, scale {scale}"
        if name.startswith("battle"):
            # and the battle's End Phase button and its panel's buttons are all on screen and clickable
            assert "End Phase" in placed.names()
    assert seen == EXPECTED


def test_the_combat_panel_buttons_stay_reachable_when_the_side_panel_is_short(campaign) -> None:  # type: ignore[no-untyped-def]
    # given a combat under way in the smallest window at the largest scale
    for name, app in tour(campaign, (1280, 720), 2.0):
        if name != "battle-combat-panel":
            continue
        battle = app.top
        assert isinstance(battle, BattleScreen)
        body = battle.areas((1280, 720))["body"]
        # when the side panel is scrolled to its end (it is taller than the room it has)
        battle.scroll_panel(10_000, body)
        from tests.ui.screen_tour import frames

        frames(app)
        # then the combat's Cancel Combat button, or else the Messages, can be reached by scrolling: nothing is cut
        assert battle.hits.content_height >= body.height
        assert battle.panel_scroll == max(0, battle.hits.content_height - body.height)
