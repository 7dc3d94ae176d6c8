"""Opening a save to show at once (issue 16): apply its log trusting it, check it in full afterwards.

:func:`open_record` reads and checks the file as :func:`~malaya.persistence.loading.load_record` does
(format, scenario, every action well formed), then applies the log without the legality gate and
without the checkpoint digests: the same positions, about a third cheaper. It accepts the result only
if the final state's digest is the one the save recorded and the saved summary matches; otherwise it
runs the full check, which refuses the save with the same one-line message as ``load_record``.

The record it returns is marked ``unchecked``: the caller must run :func:`check_opened` (the full
replay: legality, dice from the seed, every checkpoint) before the game goes on, off the frame loop,
and must not play on from it if that finds a divergence. Nothing is written either way.
"""

from __future__ import annotations

from pathlib import Path

from malaya.engine import rules
from malaya.engine.actions import ChanceResult
from malaya.engine.events import Event
from malaya.engine.gamedef import GameDef
from malaya.persistence.checkpoints import CheckpointTracker, opening
from malaya.persistence.consistency import SeededDice, summary_problem
from malaya.persistence.format import SaveFile
from malaya.persistence.loading import match_of, replay_or_fail
from malaya.persistence.reading import read_checked
from malaya.persistence.record import GameRecord
from malaya.persistence.replay import Divergence, Replay, replay_save


def _trusted_replay(gd: GameDef, save: SaveFile) -> Replay | None:
    """The save's log applied without the gate; None if it fails or does not end where the save says."""
    if save.final_digest is None:  # a migrated v1 save recorded no digest to compare with
        return None
    try:
        state = opening(gd, save.options)[0]  # its events are not told: as the full load (CheckpointTracker.start)
        collected: list[Event] = []
        draws: list[int] = []
        for action in save.actions:
            if type(action) is ChanceResult:
                if state.pending is None:
                    return None
                draws.append(len(state.pending.outcomes))
            outcome = rules.apply_unchecked(gd, state, action)
            state = outcome.state
            collected.extend(outcome.events)
    except Exception:  # untrusted input reaching the engine: the full check below says what is wrong
        return None
    if state.digest() != save.final_digest or summary_problem(save, state):
        return None
    tracker = CheckpointTracker(gd, state, len(save.actions), list(save.checkpoints))
    return Replay(tracker, SeededDice(save.seed), collected, draws)


def open_record(path: str | Path, gd: GameDef | None = None) -> tuple[GameRecord, SaveFile]:
    """Open a save to show at once: the record (``unchecked`` unless fully checked already) and the save."""
    path = Path(path)
    save, gd = read_checked(path, gd)
    trusted = _trusted_replay(gd, save)
    replay = trusted or replay_or_fail(gd, save, path.name)  # the full check: the exact reason it is refused
    record = GameRecord(match_of(gd, save, replay), save.options, dict(save.controllers), replay.tracker,
                        unchecked=save if trusted is not None else None)
    return record, save


def check_opened(gd: GameDef, save: SaveFile) -> str | None:
    """Check an opened save in full (legality, dice, checkpoints, final state); the first problem, or None."""
    replay = replay_save(gd, save)
    divergence = replay if isinstance(replay, Divergence) else replay.divergence
    return None if divergence is None else divergence.message
