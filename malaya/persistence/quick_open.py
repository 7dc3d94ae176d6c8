"""Opening a save to show at once (issue 16): start from its snapshot, check it in full afterwards.

:func:`open_record` reads and checks the file as :func:`~malaya.persistence.loading.load_record` does
(format, scenario, every action well formed). It then starts from the save's **snapshot** (format 3:
the state at its last checkpoint) if that is trustworthy, and applies only the actions after it;
else it applies the whole log from the opening. Either way it applies without the legality gate and
accepts the result only if the final state's digest is the one the save recorded and the saved summary
matches; otherwise it runs the full check, which refuses the save with the same one-line message as
``load_record``.

The rule for a snapshot: it is used only if its text hashes to the digest of the checkpoint it names
and the state decoded from it has that digest too. Any other snapshot (tampered, damaged, naming no
checkpoint) is never used: the save is opened by replaying its whole log, as a version-2 save is, and a
warning is logged. Nothing else about the save is taken on trust from the snapshot.

The record it returns is marked ``unchecked``: the caller must run :func:`check_opened_record` (the full
replay from the opening: legality, dice from the seed, every checkpoint) before the game goes on, off
the frame loop, and must not play on from it if that finds a divergence. That check also gives a match
opened from a snapshot what the snapshot skips: its dice, positioned after every chance node of the
log, and the events before the snapshot. Nothing is written either way.
"""

from __future__ import annotations

import logging
from pathlib import Path

from malaya import engine
from malaya.engine import ChanceResult, Event, GameDef, GameState
from malaya.persistence.checkpoints import CheckpointTracker, opening
from malaya.persistence.consistency import dice_of, summary_problem
from malaya.persistence.format import SaveFile
from malaya.persistence.loading import match_of, position_dice, replay_or_fail
from malaya.persistence.reading import read_checked
from malaya.persistence.record import GameRecord
from malaya.persistence.replay import Divergence, Follow, Replay, replay_save
from malaya.persistence.snapshot import SnapshotError, decode, text_digest

log = logging.getLogger(__name__)


def snapshot_state(save: SaveFile) -> tuple[int, GameState] | None:
    """The save's snapshot as (action index, state) if it is the state of the checkpoint it names; else None."""
    snapshot = save.snapshot
    if snapshot is None:
        return None
    point = next((p for p in save.checkpoints if p.action_index == snapshot.action_index), None)
    if point is None or text_digest(snapshot.state) != point.digest:
        return None
    try:
        state = decode(snapshot.state)
    except SnapshotError:
        return None
    return (snapshot.action_index, state) if state.digest() == point.digest else None


def _start(gd: GameDef, save: SaveFile, source: str) -> tuple[int, GameState]:
    """Where the trusted apply starts: the save's snapshot if it is trustworthy, else the opening."""
    start = snapshot_state(save)
    if start is not None:
        return start
    if save.snapshot is not None:
        log.warning("%s: its snapshot is not the state of its checkpoint at action %d: opened by replaying "
                    "the whole log instead", source, save.snapshot.action_index)
    return 0, opening(gd, save.options)[0]  # its events are not told: as the full load (CheckpointTracker.start)


def _trusted_replay(gd: GameDef, save: SaveFile, source: str) -> Replay | None:
    """The save's log applied without the gate; None if it fails or does not end where the save says."""
    if save.final_digest is None:  # a migrated v1 save recorded no digest to compare with
        return None
    last = save.checkpoints[-1].action_index if save.checkpoints else -1
    try:
        index, state = _start(gd, save, source)
        at_last = state if index == last else None
        collected: list[Event] = []
        draws: list[int] = []
        for number, action in enumerate(save.actions[index:], start=index + 1):
            if type(action) is ChanceResult:
                if state.pending is None:
                    return None
                draws.append(len(state.pending.outcomes))
            outcome = engine.apply_unchecked(gd, state, action)
            state = outcome.state
            collected.extend(outcome.events)
            at_last = state if number == last else at_last
    except Exception:  # untrusted input reaching the engine: the full check below says what is wrong
        return None
    if state.digest() != save.final_digest or summary_problem(save, state):
        return None
    tracker = CheckpointTracker(gd, state, len(save.actions), list(save.checkpoints), at_last)
    return Replay(tracker, dice_of(save), collected, draws)


def open_record(path: str | Path, gd: GameDef | None = None) -> tuple[GameRecord, SaveFile]:
    """Open a save to show at once: the record (``unchecked`` unless fully checked already) and the save."""
    path = Path(path)
    save, gd = read_checked(path, gd)
    trusted = _trusted_replay(gd, save, path.name)
    replay = trusted or replay_or_fail(gd, save, path.name)  # the full check: the exact reason it is refused
    record = GameRecord(match_of(gd, save, replay), save.options, dict(save.controllers), replay.tracker,
                        unchecked=save if trusted is not None else None)
    return record, save


def check_opened(gd: GameDef, save: SaveFile) -> str | None:
    """Check an opened save in full (legality, dice, checkpoints, final state); the first problem, or None."""
    replay = replay_save(gd, save)
    divergence = replay if isinstance(replay, Divergence) else replay.divergence
    return None if divergence is None else divergence.message


def check_opened_record(record: GameRecord, follow: Follow | None = None) -> tuple[str | None, list[Event]]:
    """Check an ``unchecked`` record's save in full; the first problem (None: it checks out) and earlier events.

    Every action the check replays is told to ``follow`` with the state it led to and its events (the
    game's history as each side was told it, ``session.told_history``).
    If it checks out, the match's dice are set where the whole game left them, and the events before the
    match's own (those a snapshot skipped; none after a whole replay) are returned for the caller to put
    in front of the match's (``GameClient.prepend_events``). Play must not go on before this returns.
    """
    save, match = record.unchecked, record.match
    assert save is not None, "the record was checked in full when it was opened"
    replay = replay_save(match.gd, save, follow)
    divergence = replay if isinstance(replay, Divergence) else replay.divergence
    if divergence is not None:
        return divergence.message, []
    assert isinstance(replay, Replay)
    position_dice(match, replay.draws)
    return None, replay.events[:len(replay.events) - len(match.events)]
