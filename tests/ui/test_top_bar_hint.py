"""Issue 13 §4: the top bar's phase hint is never cut off with an ellipsis where it has room on two lines."""

from __future__ import annotations

import pytest

from malaya.engine.state import Phase
from malaya.ui.battle.panels.top_bar import reason_lines
from tests.ui.screen_tour import at_combat, battle_at, frames, open_app


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_given_a_combat_under_way_then_the_bars_hint_is_shown_whole(campaign, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    # given a combat declared in a window of this size (End Phase is refused until it is ended)
    app = open_app(campaign, size)
    battle = battle_at(app, at_combat(campaign), Phase.COMBAT, combat=True)
    frames(app)
    reason = battle.end_phase.reason
    assert reason == "End or cancel the current combat first."
    # then the bar shows the whole hint, on one or two lines, with no ellipsis
    assert " ".join(battle.bar.hint) == reason and len(battle.bar.hint) <= 2
    battle.close()


def test_a_hint_too_long_for_two_lines_is_shortened_on_its_second(display) -> None:  # type: ignore[no-untyped-def]
    # given a long hint and a narrow room
    lines = reason_lines("End or cancel the current combat first, then end the phase with the button.", 120)
    # then it takes two lines, the second ending in an ellipsis
    assert len(lines) == 2 and lines[1].endswith("…") and not lines[0].endswith("…")
