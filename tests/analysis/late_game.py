"""A save of the bundled full game cut at a late player-turn: its rollouts are short (tests of issue 29)."""

from __future__ import annotations

from pathlib import Path

from malaya.content.campaign import load_game_def
from malaya.engine.actions import ChanceResult
from malaya.engine.gamedef import GameDef
from malaya.persistence import write_save
from malaya.persistence.reading import read_save
from malaya.persistence.record import GameRecord
from malaya.resources import scenario_file

FULL_GAME = Path(__file__).resolve().parents[2] / "saves" / "full-game.json"


def late_save(folder: Path, from_turn: int = 27, gd: GameDef | None = None) -> Path:
    """The full game up to the start of game-turn ``from_turn`` (its dice drawn again from its seed), saved."""
    gd = gd or load_game_def(scenario_file())
    full = read_save(FULL_GAME)
    cut = next(c.action_index for c in full.checkpoints if c.turn == from_turn)
    record = GameRecord.new(gd, full.seed, full.options, full.controllers)
    for action in full.actions[:cut]:
        if not isinstance(action, ChanceResult):
            rejection = record.submit(action)
            assert rejection is None, rejection
    assert len(record.match.log) == cut
    return write_save(record.to_save(f"turn {from_turn} on"), folder / "late.json", backup=False)
