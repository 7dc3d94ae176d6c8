"""``malaya analyze``'s progress bar: the time it says is left (issue 29, "honest about what is left")."""

from __future__ import annotations

import io

from malaya.runners.analyze import EtaBar


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_given_a_slow_start_of_the_workers_then_the_time_left_follows_the_pace_after_it() -> None:
    # given 20 rollouts of 10 game-turns each and two workers that take 30 s to start, then 20 s a rollout: one
    # finishes its rollouts at 50, 70, 90 … s, the other (started its first 10 s later) at 60, 80, 100 … s
    clock = Clock()
    bar = EtaBar(200, 20, stream=io.StringIO(), clock=clock)
    assert bar.eta() is None
    ends = sorted([50.0 + 20 * i for i in range(10)] + [60.0 + 20 * i for i in range(10)])
    said = []
    for end in ends:
        clock.now = end
        bar.step(10)
        said.append((bar.eta(), ends[-1] - end))
    # then from the third rollout on the bar says exactly how long is left, where the pace since the start
    # (its start-up counted as work) would have said 397 s instead of 170 s at the third
    assert said[2] == (170.0, 170.0)
    for eta, left in said[2:]:
        assert eta is not None and abs(eta - left) < 1e-9
    assert "20/20 rollouts" in bar.stream.getvalue()  # type: ignore[attr-defined]


def test_given_rollouts_ending_together_with_the_first_then_they_count_with_it() -> None:
    # given two workers that end their first rollouts at the same moment, then every 20 s a rollout each
    clock = Clock()
    bar = EtaBar(100, 10, stream=io.StringIO(), clock=clock)
    said = []
    for k in range(5):
        clock.now = 50.0 + 20 * k
        bar.step(10)
        bar.step(10)
        said.append(bar.eta())
    # then from the second pair on the time left is the true one: 20 game-turns a 20 s, 100 - 20 (k + 1) left
    assert said[1:] == [60.0, 40.0, 20.0, 0.0]


def test_the_time_left_is_unknown_until_a_rollout_finishes() -> None:
    # given a bar no rollout of which has finished, then it says it is estimating
    clock = Clock()
    stream = io.StringIO()
    bar = EtaBar(50, 5, stream=stream, clock=clock)
    clock.now = 12.0
    assert bar.eta() is None
    assert "estimating time left" in stream.getvalue()
