"""Checkpoints: the state digest at the start of every player-turn, taken while a game is played.

Definition. Let ``s_i`` be the state after the first ``i`` actions of the log (``s_0`` is the
opening, ``rules.start`` of ``new_game``). A checkpoint is taken at ``i`` when ``s_i`` is not at
a chance node, the game is not over, and no checkpoint has yet been taken in ``s_i``'s
player-turn (turn, side). As automatic phases run inside ``rules.apply``, that is the state
right after the ``EndPhase`` that entered the player-turn's first non-automatic phase, or — if
entering it rolled dice — right after the last ``ChanceResult`` that followed. It is exactly
the state a player first sees in a player-turn, so it is also when autosaves are written.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from malaya import engine
from malaya.engine import Action, ChanceResult, Event, GameDef, GameState, new_game
from malaya.persistence.format import Checkpoint
from malaya.session.match import Match


def opening(gd: GameDef, options: Iterable[str] | None) -> tuple[GameState, tuple[Event, ...]]:
    """The state ``s_0`` and its events, exactly as ``Match.new`` / ``replay`` start a game."""
    outcome = engine.start(gd, new_game(gd, options))
    return outcome.state, outcome.events


def checkpoint_of(state: GameState, index: int) -> Checkpoint:
    """A checkpoint of ``state`` after ``index`` actions."""
    return Checkpoint(action_index=index, turn=state.turn, side=state.side, phase=state.phase,
                      digest=state.digest())


@dataclass
class CheckpointTracker:
    """Follows a game action by action and takes its checkpoints; see module docstring."""

    gd: GameDef
    state: GameState
    index: int = 0
    checkpoints: list[Checkpoint] = field(default_factory=list)
    last_state: GameState | None = field(default=None, repr=False)
    """The state at the last checkpoint (a save's snapshot), if known; None before the first."""

    @classmethod
    def start(cls, gd: GameDef, options: Iterable[str] | None) -> CheckpointTracker:
        """A tracker at the opening position ``s_0`` (checkpoint 0 taken if it is due)."""
        tracker = cls(gd, opening(gd, options)[0])
        tracker.note()
        return tracker

    def due(self) -> bool:
        """True if the current state is where the next checkpoint is taken."""
        state = self.state
        if state.pending is not None or state.finished:
            return False
        last = self.checkpoints[-1] if self.checkpoints else None
        return last is None or (last.turn, last.side) != (state.turn, state.side)

    def note(self) -> Checkpoint | None:
        """Take a checkpoint of the current state if one is due; the new checkpoint, if any."""
        if not self.due():
            return None
        point = checkpoint_of(self.state, self.index)
        self.checkpoints.append(point)
        self.last_state = self.state
        return point

    def step(self, action: Action) -> tuple[Event, ...]:
        """Apply one action (raises IllegalAction); then take a checkpoint if due."""
        outcome = engine.apply(self.gd, self.state, action)
        self.state, self.index = outcome.state, self.index + 1
        self.note()
        return outcome.events

    def follow(self, match: Match) -> None:
        """Catch up with a live match; cheap (no replay) when called after every ``submit``."""
        new = match.log[self.index:]
        if new and _one_submit(new) and match.state.pending is None:
            self.state, self.index = match.state, len(match.log)
            self.note()
            return
        for action in new:
            self.step(action)


def _one_submit(actions: Sequence[Action]) -> bool:
    """True if ``actions`` are one player action and the chance outcomes it led to.

    ``Match.submit`` resolves chance nodes until none is pending, so every state between
    such an action and the match's current state is at a chance node: none is a checkpoint.
    """
    return all(isinstance(a, ChanceResult) for a in actions[1:])
