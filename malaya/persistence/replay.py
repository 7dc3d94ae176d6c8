"""Re-simulate a save's action log, checking every checkpoint, and find the first divergence.

Used by loading (a divergence is a :class:`SaveError`) and by ``malaya replay --verify``
(a divergence is a report). Action numbers in messages count from 1: "action 17" is the
17th action of the log, and "checkpoint at action 40" is the state after the first 40.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from malaya.engine import Action, ChanceResult, Event, GameDef, GameState, IllegalAction
from malaya.persistence.checkpoints import CheckpointTracker
from malaya.persistence.consistency import Dice, dice_of, dice_problem, summary_problem
from malaya.persistence.errors import clip
from malaya.persistence.format import Checkpoint, SaveFile
from malaya.session.words.catalog import say
from malaya.session.words.plain_words import refusal_text

Follow = Callable[[Action, GameState, Sequence[Event]], None]
"""Told each replayed action, the state it led to and its events (a loaded game's history, R2.5)."""


@dataclass(frozen=True, slots=True)
class Divergence:
    """Where and how a replay first differed from its save."""

    action: int  # the action number at which the difference shows (see module docstring)
    kind: str  # 'start' | 'illegal' | 'error' | 'dice' | 'checkpoint' | 'final' | 'summary'
    message: str


@dataclass
class Replay:
    """The outcome of re-simulating a save: how far it got, and the first divergence if any."""

    tracker: CheckpointTracker
    dice: Dice  # the save's dice (its seed's, or its PBEM secrets'), drawn as the log is replayed
    events: list[Event] = field(default_factory=list)
    draws: list[int] = field(default_factory=list)  # outcome counts of the chance nodes, in order
    divergence: Divergence | None = None

    @property
    def state(self) -> GameState:
        """The last state reached."""
        return self.tracker.state

    @property
    def checkpoints(self) -> list[Checkpoint]:
        """The checkpoints the replay took."""
        return self.tracker.checkpoints


def _where(point: Checkpoint) -> str:
    """``turn 3 CW``."""
    return say("save_replay.where", turn=point.turn, side=point.side.value)


SHORT_DIGEST = 12
"""Characters of a digest shown in a message (more where two digests only differ further on)."""


def digests_apart(mine: str, theirs: str) -> tuple[str, str]:
    """Two digests cut short for a message, yet long enough to read apart: 12 characters, or on to 4 past the
    first character where they differ (two digests never read the same in a message that says they differ)."""
    first = next((i for i, (a, b) in enumerate(zip(mine, theirs, strict=False)) if a != b), min(len(mine), len(theirs)))
    n = max(SHORT_DIGEST, first + 4)
    return mine[:n], theirs[:n]


def _checkpoint_problem(recorded: tuple[Checkpoint, ...], taken: list[Checkpoint], index: int) -> Divergence | None:
    """Compare the checkpoints taken so far with the saved ones, as of ``index`` actions."""
    k = len(taken) - 1
    if taken and taken[-1].action_index == index:
        mine = taken[-1]
        if k >= len(recorded) or recorded[k].action_index != index:
            if k < len(recorded):
                return Divergence(index, "checkpoint", say("save_replay.began_before_next", where=_where(mine),
                                                           index=index, next=recorded[k].action_index))
            return Divergence(index, "checkpoint", say("save_replay.began_after_last", where=_where(mine), index=index))
        theirs = recorded[k]
        if (theirs.turn, theirs.side, theirs.phase, theirs.digest) != (mine.turn, mine.side, mine.phase, mine.digest):
            ours, saved = digests_apart(mine.digest, theirs.digest)
            return Divergence(index, "checkpoint", say(
                "save_replay.checkpoint_differs", index=index, where=_where(theirs), ours_where=_where(mine),
                ours_phase=mine.phase, ours=ours, theirs_phase=theirs.phase, theirs=saved))
        return None
    if k + 1 < len(recorded) and recorded[k + 1].action_index == index:
        theirs = recorded[k + 1]
        return Divergence(index, "checkpoint", say("save_replay.no_new_turn", index=index, where=_where(theirs)))
    return None


def _apply(replay: Replay, number: int, action: Action, follow: Follow | None) -> Divergence | None:
    """Apply the ``number``-th action (told to ``follow``); a Divergence if the engine refuses it or fails on it."""
    state = replay.tracker.state
    expected = replay.dice.draw(state, action)
    try:
        if isinstance(action, ChanceResult) and state.pending is not None:
            replay.draws.append(len(state.pending.outcomes))
        events = replay.tracker.step(action)
        replay.events.extend(events)
        if follow is not None:
            follow(action, replay.tracker.state, events)
    except IllegalAction as err:
        return Divergence(number, "illegal", say("save_replay.illegal", number=number, action=action.type,
                                                 reason=clip(refusal_text(err.rejection), 160)))
    except Exception as err:  # untrusted input reaching the engine: report it, never crash
        return Divergence(number, "error", say("save_replay.failed", number=number, action=action.type,
                                               error=type(err).__name__, reason=clip(err, 120)))
    problem = dice_problem(number, action, expected)
    return Divergence(number, "dice", problem) if problem else None


def _start(gd: GameDef, save: SaveFile) -> Replay | Divergence:
    """A Replay at the opening position, or why the game cannot even start."""
    try:
        return Replay(CheckpointTracker.start(gd, save.options), dice_of(save))
    except Exception as err:  # e.g. an unknown option: untrusted input reaching new_game
        return Divergence(0, "start", say("save_replay.cannot_start", reason=clip(err, 160)))


def _end_problem(replay: Replay, save: SaveFile, checked: bool) -> Divergence | None:
    """Problems visible only once every action has been applied: missing checkpoints, final state, summary."""
    n, state = len(save.actions), replay.state
    if checked and len(replay.checkpoints) < len(save.checkpoints):
        missing = save.checkpoints[len(replay.checkpoints)]
        return Divergence(n, "checkpoint", say("save_replay.never_reached", index=missing.action_index,
                                               where=_where(missing), last=n))
    digest = state.digest()
    if checked and save.final_digest != digest:
        ours, saved = digests_apart(digest, save.final_digest or "")
        if not saved:
            return Divergence(n, "final", say("save_replay.final_missing", last=n, ours=ours))
        return Divergence(n, "final", say("save_replay.final_differs", last=n, ours=ours, theirs=saved))
    problem = summary_problem(save, state)
    return Divergence(n, "summary", problem) if problem else None


def replay_save(gd: GameDef, save: SaveFile, follow: Follow | None = None) -> Replay | Divergence:
    """Re-simulate ``save`` on ``gd`` (each action told to ``follow``); the Replay (with its first divergence)."""
    replay = _start(gd, save)
    if isinstance(replay, Divergence):
        return replay
    checked = save.final_digest is not None  # migrated v1 saves recorded no digests
    replay.divergence = _checkpoint_problem(save.checkpoints, replay.checkpoints, 0) if checked else None
    for number, action in enumerate(save.actions, start=1):
        if replay.divergence is not None:
            return replay
        replay.divergence = _apply(replay, number, action, follow)
        if replay.divergence is None and checked:
            replay.divergence = _checkpoint_problem(save.checkpoints, replay.checkpoints, number)
    replay.divergence = replay.divergence or _end_problem(replay, save, checked)
    return replay
