"""The top bar's VP box reads whole and says what it is: the result if the game ended now, with its trend
(issue 13 §4, §6; issue 26 item 4)."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import pytest

import malaya.ui.battle.panels.top_bar as top_bar
from malaya.session.standing import Trend
from malaya.ui.battle.panels.top_bar import IF_NOW, VP_W, signed
from malaya.ui.battle.standing import StandingCache
from malaya.ui.widgets.kit import px, set_ui_scale, text_surface
from tests.builder import GameBuilder
from tests.ui.client_driver import Driver

LEVEL = "Commonwealth substantive victory"


def test_given_a_commonwealth_lead_then_the_margin_has_a_true_minus_sign() -> None:
    """Given margins below, at and above zero, then they read −10 (U+2212), 0 and +12."""
    assert [signed(-10), signed(0), signed(12)] == ["\u221210", "0", "+12"]


@pytest.mark.parametrize("scale", [0.75, 1.0, 1.25, 2.0])
def test_given_the_box_at_any_ui_scale_then_the_level_is_written_out_whole(scale: float) -> None:
    """Given the box at this scale, then ``VP −10 ▼3 If it ended now:`` fits its line and the longest level the
    line under it, none cut short."""
    set_ui_scale(scale)
    try:
        first = (text_surface(f"VP {signed(-10)}", 13, bold=True).get_width() + px(6)
                 + text_surface("▼13", 12).get_width() + px(8) + text_surface(IF_NOW, 12).get_width())
        assert first <= px(VP_W) - px(16)
        assert text_surface(LEVEL, 12).get_width() <= px(VP_W) - px(16)
    finally:
        set_ui_scale(1.0)


def test_on_turn_one_the_box_says_if_it_ended_now_and_its_tip_says_it_is_no_verdict(driver: Driver,
                                                                                    monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Given a new campaign on turn 1 (R15: the CW holds Singapore, so it leads), when the bar is drawn,
    then the box reads "If it ended now:" over the level (not a bare verdict), and its hover words say the game
    goes on and how the margin moved since the game began."""
    drawn: list[str] = []
    real = top_bar.draw_text
    monkeypatch.setattr(top_bar, "draw_text", lambda surface, text, *a, **k: (drawn.append(text),
                                                                              real(surface, text, *a, **k))[1])
    battle = driver.new_game("hotseat", seed=3)
    driver.frames(1)
    assert IF_NOW in drawn and LEVEL in drawn and "=" in drawn  # the trend: no change yet
    words = battle.bar.notes.tip_at(battle.bar.vp.center)
    assert words is not None and words.startswith("If the game ended now:")
    assert "this is no verdict yet" in words and "27 more game-turns" in words
    assert "Since the game began: no change" in words


def test_the_trend_counts_from_the_start_of_the_game_turn() -> None:
    """Given the start of game-turn 2 seen with the CW 10 VP ahead, when Japan takes a 3-VP objective in that
    turn, then the box's arrow reads ▲3 and its words say 3 VP towards Japan since game-turn 2 began."""
    game = GameBuilder().objective((3, 3), 3).unit("jp_a", "JP", at=(1, 1)).unit("cw_a", "CW", at=(4, 4)).build()
    gd, opening = game.gd, game.state
    cache = StandingCache()
    cache(SimpleNamespace(gd=gd, state=opening))  # type: ignore[arg-type]
    turn_two = replace(opening, turn=2)
    before = cache(SimpleNamespace(gd=gd, state=turn_two)).margin  # type: ignore[arg-type]
    taken = replace(turn_two, jp_control=turn_two.jp_control | {game.hex(3, 3)})
    after = cache(SimpleNamespace(gd=gd, state=taken)).margin  # type: ignore[arg-type]
    trend = cache.trend()
    assert trend == Trend(2, before, after) and after - before == 3
    assert trend.arrow() == "▲3"
    assert trend.words().startswith("Since game-turn 2 began: 3 VP towards Japan (it was −10;")


def test_a_game_opened_mid_turn_shows_no_trend_until_a_turn_begins() -> None:
    """Given a game first seen on turn 5 (loaded), then no trend is shown: its turn's start was not seen."""
    game = GameBuilder().unit("jp_a", "JP", at=(1, 1)).build()
    cache = StandingCache()
    cache(SimpleNamespace(gd=game.gd, state=replace(game.state, turn=5)))  # type: ignore[arg-type]
    assert cache.trend() is None
    cache(SimpleNamespace(gd=game.gd, state=replace(game.state, turn=6)))  # type: ignore[arg-type]
    assert cache.trend() == Trend(6, -10, -10) and cache.trend().arrow() == "="  # type: ignore[union-attr]
