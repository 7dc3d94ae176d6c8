"""Branching: a new recorded game that continues a replay from any point ("Continue from here").

The branch's log *is* the replay's first ``upto`` actions, so its saves replay from the opening
position like any other save, and its checkpoints up to that point are the original's. It keeps
the original seed and its dice continue exactly where the original's stood after those actions:
a branch is the game as if it had been saved at that point and loaded (same moves, same dice).
"""

from __future__ import annotations

from collections.abc import Mapping

from malaya.engine import Side
from malaya.persistence.checkpoints import CheckpointTracker
from malaya.persistence.record import GameRecord
from malaya.persistence.replay_log import ReplayLog
from malaya.session.match import Match


def branch_record(log: ReplayLog, upto: int, controllers: Mapping[Side, str]) -> GameRecord:
    """A new game from the state after the first ``upto`` actions of ``log``, played by ``controllers``."""
    upto = max(0, min(upto, len(log)))
    gd, save = log.gd, log.save
    state = log.state_at(upto)
    events = [e for _, e in log.events_upto(upto)]
    match = Match(gd, save.seed, state, log=list(save.actions[:upto]), events=events)
    for index in sorted(i for i in log.draws if i <= upto):  # the dice as they stood after those actions
        match._dice.randrange(log.draws[index])
    points = [p for p in save.checkpoints if p.action_index <= upto] if save.final_digest else []
    tracker = CheckpointTracker(gd, state, upto, points, log.state_at(points[-1].action_index) if points else None)
    if save.final_digest is None:  # a migrated v1 save recorded no checkpoints: take them now
        tracker = CheckpointTracker.start(gd, save.options)
        for action in match.log:
            tracker.step(action)
    tracker.note()
    record = GameRecord(match, save.options, dict(controllers), tracker)
    match.resolve_chance()  # a branch taken at a chance node rolls the die the original rolled
    record.sync()
    return record
