"""The AI ladder (issue 18 item 5): its metrics on one short game, and the frozen ``baseline`` level."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from malaya.ai.levels import LEVELS, level
from malaya.content.campaign import load_game_def
from malaya.engine.gamedef import GameDef
from malaya.resources import scenario_file

LADDER_PATH = Path(__file__).resolve().parents[2] / "benchmarks" / "ai_ladder.py"


def _ladder() -> ModuleType:
    """benchmarks/ai_ladder.py, imported by path (benchmarks is not a package)."""
    spec = importlib.util.spec_from_file_location("ai_ladder", LADDER_PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["ai_ladder"] = module  # dataclasses look their module up while being built
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def jitra() -> GameDef:
    """The short Jitra scenario (4 game-turns)."""
    return load_game_def(scenario_file("jitra"))


def test_baseline_is_todays_hard_level_under_its_own_name() -> None:
    """Given the levels, then baseline has every knob of hard and is offered beside it."""
    hard, baseline = level("hard"), level("baseline")
    assert baseline.name == "baseline"
    assert {k: getattr(hard, k) for k in hard.__slots__ if k != "name"} == \
           {k: getattr(baseline, k) for k in baseline.__slots__ if k != "name"}
    assert "baseline" in LEVELS


def test_baseline_plays_the_same_game_as_hard_for_a_seed(jitra: GameDef) -> None:
    """Given seed 3 on Jitra, when baseline and hard each play JP against the normal CW,
    then every measured figure of the two games is the same."""
    ladder = _ladder()
    hard = ladder.play_ladder_game(jitra, 3, "hard", "normal")
    baseline = ladder.play_ladder_game(jitra, 3, "baseline", "normal")
    fields = [f for f in hard.__dataclass_fields__ if f not in ("jp", "turn_cpu_s")]
    assert [getattr(hard, f) for f in fields] == [getattr(baseline, f) for f in fields]


def test_ladder_metrics_of_one_short_game_are_sane(jitra: GameDef) -> None:
    """Given one Jitra game of normal vs normal, then the JP received air points every turn (R11.1),
    lapsed no more than it received (R11.2), rolled some combats with the ≤ 1:1 ones among them,
    and the table prints one row for the pairing."""
    ladder = _ladder()
    game = ladder.play_ladder_game(jitra, 0, "normal", "normal")
    assert game.jp_ap_received > 0
    assert 0 <= game.jp_ap_expired <= game.jp_ap_received
    assert game.jp_combats > 0
    assert 0 <= game.jp_combats_at_most_even <= game.jp_combats
    assert 0 <= game.jp_most_unsupplied <= len(jitra.scenario.units)
    assert game.cw_stranded_unit_turns >= 0
    assert game.turn_cpu_s > 0
    rows = ladder.ladder_table([game]).splitlines()
    assert len(rows) == 3 and rows[2].startswith("normal   normal")


def test_mainland_near_singapore_leaves_out_the_island(jitra: GameDef) -> None:
    """Given the map, then the stranding area is land near the fortress but none of Singapore island (R5.2)."""
    near = _ladder().mainland_near_singapore(jitra)
    assert near
    assert not near & set(jitra.singapore_hexes)
    assert all(min(h.distance(s) for s in jitra.singapore_hexes) <= 10 for h in near)
