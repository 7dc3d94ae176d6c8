"""The replay viewer's words follow its view (R2.5, issue 13 §3): seen as the Japanese saw it, a Commonwealth unit
the Japanese could not see acts "out of sight" and its moves are not told; in the view of everything, all is told."""

from __future__ import annotations

from pathlib import Path

from malaya.engine.actions import MoveUnit
from malaya.engine.movement import UnitMoved
from malaya.engine.sides import Side
from malaya.persistence.replay_cursor import ReplayCursor
from malaya.persistence.replay_log import ReplayLog
from malaya.session.log_fog import hidden_enemies
from tests.bundled import bundled_game

SAVE = Path(__file__).resolve().parents[2] / "saves" / "short-game.json"


def test_given_a_replay_seen_as_the_japanese_saw_it_a_hidden_commonwealth_move_is_out_of_sight_R2_5() -> None:
    # given the example save's replay and the first CW move that ended where the Japanese could not see it
    gd = bundled_game()
    cursor = ReplayCursor(ReplayLog.open(SAVE, gd))
    index = next(i for i in range(1, len(cursor.log) + 1)
                 if isinstance(a := cursor.log.actions[i - 1], MoveUnit) and a.side is Side.CW
                 and a.unit in hidden_enemies(gd, cursor.log.state_at(i), Side.JP))
    cursor.jump(index)
    name = gd.unit_def(cursor.log.actions[index - 1].unit).name  # type: ignore[union-attr]
    assert any(isinstance(e, UnitMoved) for e in cursor.log.events_of(index))
    # when it is shown in the view of everything, then the move is told by name
    cursor.view = "all"
    assert any(name in line for line in cursor.now_lines())
    # when it is shown as the Japanese saw it, then the unit acts out of sight and is never named
    cursor.view = "JP"
    lines = cursor.now_lines()
    assert lines[0] == f"Action {index}: Commonwealth: a unit acts out of sight"
    assert not any(name in line for line in lines + [text for _, text in cursor.recent(10)])
