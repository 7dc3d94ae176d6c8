"""Fuzz: corrupted, truncated and bit-flipped bytes of a real save never crash a load and never write."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from malaya.engine.gamedef import GameDef
from malaya.persistence import SaveError, dump_save, list_slots, load_match, verify_replay
from malaya.persistence.sample import play_random
from tests.bundled import bundled_game

from .conftest import snapshot


@lru_cache(maxsize=1)
def campaign_and_save() -> tuple[GameDef, bytes]:
    """The campaign and the bytes of a real save of one random player-turn (small, so each example is quick)."""
    gd = bundled_game()
    return gd, dump_save(play_random(gd, seed=2, player_turns=1).to_save("fuzz"))


@st.composite
def corrupted(draw: st.DrawFn) -> bytes:
    """The real save's bytes, truncated, bit-flipped, overwritten or spliced."""
    data = bytearray(campaign_and_save()[1])
    how = draw(st.sampled_from(["truncate", "flip", "overwrite", "splice"]))
    if how == "truncate":
        return bytes(data[: draw(st.integers(0, len(data) - 1))])
    if how == "flip":
        for _ in range(draw(st.integers(1, 8))):
            at = draw(st.integers(0, len(data) - 1))
            data[at] ^= 1 << draw(st.integers(0, 7))
        return bytes(data)
    at = draw(st.integers(0, len(data) - 1))
    chunk = draw(st.binary(min_size=1, max_size=16) | st.sampled_from(
        [b'"', b"}", b"-1", b"null", b"1e999", b"9" * 5000, b"[" * 3000, b"\xc3", b'"chance"']))
    if how == "overwrite":
        data[at:at + len(chunk)] = chunk
    else:
        data[at:at] = chunk
    return bytes(data)


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=corrupted())
@pytest.mark.slow
def test_a_corrupted_save_loads_or_fails_with_one_line_and_never_writes(
    data: bytes, private_data_dir: Path,
) -> None:
    # given a save slot holding corrupted bytes of a real save
    gd = campaign_and_save()[0]
    path = private_data_dir / "saves" / "fuzz.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    before = snapshot(private_data_dir)
    # when it is loaded, verified and listed
    outcomes = []
    for attempt in (lambda: load_match(path, gd), lambda: verify_replay(path, gd), lambda: list_slots()):
        try:
            attempt()
            outcomes.append("ok")
        except SaveError as err:
            # then any failure is a SaveError of one line
            assert "\n" not in str(err) and str(err).startswith("fuzz.json: "), str(err)
            outcomes.append("refused")
    # and nothing on disk changed
    assert snapshot(private_data_dir) == before
    assert len(outcomes) == 3
