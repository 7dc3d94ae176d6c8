"""Win chances from rollout counts: shares, 95 % Wilson intervals, and the mark of too few rollouts (issue 29)."""

from __future__ import annotations

import pytest

from malaya.session.analysis.estimate import FEW_ROLLOUTS, Outcome, WinEstimate, chance_text, wilson


def test_given_half_of_ten_when_the_interval_is_taken_then_it_is_the_textbook_wilson_interval() -> None:
    interval = wilson(5, 10)
    assert interval.share == 0.5
    assert interval.low == pytest.approx(0.2366, abs=1e-4)
    assert interval.high == pytest.approx(0.7634, abs=1e-4)


def test_given_no_wins_in_ten_then_the_interval_still_reaches_above_zero() -> None:
    interval = wilson(0, 10)
    assert interval.low == 0.0
    assert interval.high == pytest.approx(0.2775, abs=1e-4)


def test_given_counts_when_estimated_then_shares_sum_to_one_and_each_interval_holds_its_share() -> None:
    e = WinEstimate.of([Outcome.JP] * 20 + [Outcome.DRAW] * 4 + [Outcome.CW] * 8)
    assert (e.jp, e.draw, e.cw, e.rollouts) == (20, 4, 8, 32)
    assert sum(e.share(o) for o in Outcome) == pytest.approx(1.0)
    for o in Outcome:
        c = e.chance(o)
        assert c.low <= c.share <= c.high


def test_given_fewer_rollouts_than_the_floor_then_the_figure_is_marked_too_few() -> None:
    few = WinEstimate.of([Outcome.JP] * (FEW_ROLLOUTS - 1))
    enough = WinEstimate.of([Outcome.JP] * FEW_ROLLOUTS)
    assert few.too_few and "too few to trust" in chance_text(few, Outcome.JP)
    assert not enough.too_few and "too few" not in chance_text(enough, Outcome.JP)
    assert chance_text(enough, Outcome.JP).startswith("100 % (")
