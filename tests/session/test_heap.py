"""The collector settings of the client and of headless batch runs (issue 16)."""

from __future__ import annotations

import gc

from malaya.session.heap import BATCH_YOUNG_THRESHOLD, batch_collection


def test_a_batch_run_collects_the_youngest_generation_less_often_then_restores_the_thresholds() -> None:
    # given the collector at Python's default thresholds
    before = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    try:
        # when a headless batch run (replay --verify) runs
        with batch_collection():
            # then only the youngest generation waits longer, for 50,000 new objects
            assert gc.get_threshold() == (BATCH_YOUNG_THRESHOLD, 10, 10)
        # and afterwards the thresholds are as they were
        assert gc.get_threshold() == (700, 10, 10)
    finally:
        gc.set_threshold(*before)
