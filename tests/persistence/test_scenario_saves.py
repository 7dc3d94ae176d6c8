"""A short scenario's game is saved, loaded, verified and reported like the campaign (issue 14)."""

from __future__ import annotations

from pathlib import Path

import pytest

from malaya.ai import make_ai
from malaya.engine import rules
from malaya.engine.sides import Side
from malaya.persistence import GameRecord, load_record, read_save, save_record, verify_replay
from malaya.report import write_report
from tests.bundled import bundled_game


@pytest.mark.slow
def test_a_finished_jitra_game_saves_loads_verifies_and_reports_by_its_scenario_id(tmp_path: Path) -> None:
    # given Jitra and Kedah played to its end by the computer on both sides
    gd = bundled_game("jitra")
    record = GameRecord.new(gd, seed=4, controllers={Side.JP: "ai:normal", Side.CW: "ai:normal"})
    ais = {side: make_ai("normal", side, 4 + i) for i, side in enumerate(Side)}
    while not rules.is_terminal(record.match.state):
        state = record.match.state
        assert record.submit(ais[state.side](gd, state)) is None
    # when it is saved
    path = save_record(record, "jitra game", tmp_path)
    # then the save names its scenario, and loading it without a game definition finds the scenario by that id
    assert read_save(path).scenario_id == "jitra"
    loaded, save = load_record(path)
    assert loaded.match.gd.scenario.id == "jitra"
    assert loaded.match.state.digest() == record.match.state.digest() == save.final_digest
    # and it re-simulates without divergence, and its report is written
    assert verify_replay(path).ok
    index = write_report(path, tmp_path / "report")
    assert index.is_file() and "Jitra and Kedah" in index.read_text(encoding="utf-8")
