"""The collector settings of the client and of headless batch runs (issue 16)."""

from __future__ import annotations

import gc

from malaya.session.heap import BATCH_YOUNG_THRESHOLD, batch_collection


def test_a_batch_run_collects_the_youngest_generation_less_often_and_keeps_the_older_thresholds() -> None:
    # given the collector's thresholds as the process has them
    before = gc.get_threshold()
    try:
        # when a headless batch run (replay --verify) sets its collection
        batch_collection()
        # then only the youngest generation waits longer, for 50,000 new objects
        assert gc.get_threshold() == (BATCH_YOUNG_THRESHOLD, *before[1:])
        assert BATCH_YOUNG_THRESHOLD > before[0]
    finally:
        gc.set_threshold(*before)
