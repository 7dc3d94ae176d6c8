"""A saved game as a walkable timeline: one checked pass over its log, keyframes, events per action.

The replay viewer, the branch ("continue from here") and the after-action report all read a
save through :class:`ReplayLog`. Building it replays the whole log once (and checks every
checkpoint and the final digest, like loading does); it keeps the state at every checkpoint and
every :data:`KEYFRAME_EVERY` actions, and recomputes the states in between on demand, so a jump
costs at most ``KEYFRAME_EVERY - 1`` engine steps and stepping forwards costs one.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from malaya import engine
from malaya.engine import Action, ChanceResult, Event, GameDef, GameState, Phase, Side
from malaya.persistence.checkpoints import CheckpointTracker, opening
from malaya.persistence.consistency import Dice, dice_of, dice_problem, summary_problem
from malaya.persistence.errors import SaveError
from malaya.persistence.format import Checkpoint, SaveFile
from malaya.persistence.loading import replay_or_fail
from malaya.persistence.reading import read_checked
from malaya.session.words.catalog import say
from malaya.session.words.event_words import SIDE_ADJECTIVES

KEYFRAME_EVERY = 32


@dataclass(frozen=True, slots=True)
class Mark:
    """Where a phase begins: the state after ``index`` actions is the first one in it."""

    index: int
    turn: int
    side: Side
    phase: Phase

    def label(self) -> str:
        """``Turn 3, Commonwealth movement``."""
        return say("save_replay_log.mark", turn=self.turn, side=SIDE_ADJECTIVES[self.side],
                   phase=self.phase.replace("_", " "))


@dataclass
class ReplayLog:
    """See module docstring. Action ``i`` (1-based) is ``actions[i - 1]``; state ``i`` follows it."""

    gd: GameDef
    save: SaveFile
    opening_events: tuple[Event, ...]
    events: list[tuple[Event, ...]] = field(default_factory=list)
    phases: list[Mark] = field(default_factory=list)
    draws: dict[int, int] = field(default_factory=dict)
    turns: list[int] = field(default_factory=list)
    dice_differ: bool = False
    only_for: Side | None = None
    """A game in progress played by e-mail: shown only as this side saw it (R2.5), and no branching from it."""
    start_index: int = 0
    """Where the viewer opens (a PBEM game: the start of the opponent's last turn)."""
    _taken: list[Checkpoint] = field(default_factory=list, repr=False)
    _keyframes: dict[int, GameState] = field(default_factory=dict, repr=False)
    _last: tuple[int, GameState] | None = field(default=None, repr=False)

    @classmethod
    def open(cls, path: Path, gd: GameDef | None = None) -> ReplayLog:
        """Read, check and index a save file; one-line SaveError if it is unreadable or does not replay."""
        save, gd = read_checked(path, gd)
        return cls.build(gd, save, path.name)

    @classmethod
    def build(cls, gd: GameDef, save: SaveFile, source: str = "save", dice: Dice | None = None) -> ReplayLog:
        """Index a save's game (see module docstring); SaveError naming the first divergence.

        It refuses exactly what loading refuses: any difference (an illegal action, a die the seed
        did not give, a checkpoint, the final digest, the summary) is named by the checked replay.
        ``dice``: the dice the caller has checked itself (a play-by-e-mail game in progress); default the save's.
        """
        try:
            log = cls._walk(gd, save, dice)
        except Exception:  # untrusted log reaching the engine: let the checked replay name the problem
            replay_or_fail(gd, save, source)
            raise SaveError(say("save_replay_log.does_not_replay", file=source)) from None
        if (log.checkpoints_differ() or log.final.digest() != (save.final_digest or log.final.digest())
                or log.dice_differ or summary_problem(save, log.final) is not None):
            replay_or_fail(gd, save, source)
            raise SaveError(say("save_replay_log.not_to_the_position", file=source))
        return log

    @classmethod
    def _walk(cls, gd: GameDef, save: SaveFile, dice: Dice | None = None) -> ReplayLog:
        """One pass over the log: events, phase marks, chance draws, keyframes."""
        state, events = opening(gd, save.options)
        log = cls(gd, save, tuple(events))
        tracker = CheckpointTracker(gd, state)
        tracker.note()
        log._keyframes[0] = state
        log._mark(0, state)
        dice = dice or dice_of(save)
        for i, action in enumerate(save.actions, start=1):
            before = tracker.state
            expected = dice.draw(before, action)
            if isinstance(action, ChanceResult) and before.pending is not None:
                log.draws[i] = len(before.pending.outcomes)
            log.events.append(tuple(tracker.step(action)))
            log.dice_differ = log.dice_differ or dice_problem(i, action, expected) is not None
            state = tracker.state
            log.turns.append(state.turn)
            if (tracker.checkpoints and tracker.checkpoints[-1].action_index == i) or i % KEYFRAME_EVERY == 0:
                log._keyframes[i] = state
            if (state.turn, state.side, state.phase) != (before.turn, before.side, before.phase):
                log._mark(i, state)
        log._keyframes[len(save.actions)] = tracker.state
        log._taken = tracker.checkpoints
        return log

    def _mark(self, index: int, state: GameState) -> None:
        """Note that a phase begins at ``index``."""
        self.phases.append(Mark(index, state.turn, state.side, state.phase))

    def checkpoints_differ(self) -> bool:
        """True if the pass took other checkpoints than the save recorded (v1 saves recorded none)."""
        if self.save.final_digest is None:
            return False
        return tuple(self._taken) != tuple(self.save.checkpoints)

    # --- reading the timeline ------------------------------------------------------------------

    def __len__(self) -> int:
        """The number of actions in the log."""
        return len(self.save.actions)

    @property
    def actions(self) -> tuple[Action, ...]:
        """The action log."""
        return self.save.actions

    @property
    def final(self) -> GameState:
        """The state after the last action."""
        return self._keyframes[len(self)]

    def state_at(self, index: int) -> GameState:
        """The state after the first ``index`` actions (0: the opening)."""
        index = max(0, min(index, len(self)))
        if self._last is not None and self._last[0] == index:
            return self._last[1]
        start = max(k for k in self._keyframes if k <= index)
        if self._last is not None and start <= self._last[0] <= index:
            start, state = self._last
        else:
            state = self._keyframes[start]
        for action in self.actions[start:index]:
            state = engine.apply(self.gd, state, action).state
        self._last = (index, state)
        return state

    def events_of(self, index: int) -> tuple[Event, ...]:
        """The events action ``index`` caused (the opening's for 0)."""
        if index <= 0:
            return self.opening_events
        return self.events[index - 1] if index <= len(self.events) else ()

    def events_upto(self, index: int) -> Iterator[tuple[int, Event]]:
        """(action index, event) of every event up to and including action ``index``."""
        for event in self.opening_events:
            yield 0, event
        for i, batch in enumerate(self.events[: max(0, index)], start=1):
            for event in batch:
                yield i, event

    def turn_starts(self) -> list[int]:
        """Action indices where a player-turn begins (the save's checkpoints)."""
        return [p.action_index for p in self._taken]

    def mark_at(self, index: int) -> Mark:
        """The phase the state after ``index`` actions is in."""
        found = self.phases[0]
        for mark in self.phases:
            if mark.index > index:
                break
            found = mark
        return found
