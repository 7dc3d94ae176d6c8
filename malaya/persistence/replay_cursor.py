"""The replay viewer's position in a saved game: play/pause, speed, steps, jumps, whose view.

Plain data over a :class:`~malaya.persistence.replay_log.ReplayLog` (no pygame), so tests drive
it directly. ``index`` counts applied actions: 0 is the opening, ``len(log)`` the final position.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from typing import Literal

from malaya.engine import Action, Event, GameDef, GameState, Side
from malaya.persistence.replay_log import Mark, ReplayLog
from malaya.session.log_fog import hidden_enemies, told_events
from malaya.session.words.action_text import action_sentence
from malaya.session.words.catalog import say
from malaya.session.words.event_text import describe, is_dice_roll
from malaya.session.words.event_words import SIDE_ADJECTIVES
from malaya.session.words.narration import narrate

SPEEDS = (1, 2, 5, 20)
"""Playback speeds in actions per second."""
View = Literal["JP", "CW", "all"]
VIEWS: tuple[View, ...] = ("JP", "CW", "all")


@dataclass
class ReplayCursor:
    """See module docstring."""

    log: ReplayLog
    index: int = 0
    playing: bool = False
    speed: int = SPEEDS[1]
    view: View = "all"
    _due: float = 0.0

    @property
    def gd(self) -> GameDef:
        """The game definition."""
        return self.log.gd

    @property
    def state(self) -> GameState:
        """The state after ``index`` actions."""
        return self.log.state_at(self.index)

    @property
    def viewer(self) -> Side | None:
        """The side whose knowledge is shown (None: everything); always its own side in a PBEM game in progress."""
        if self.log.only_for is not None:
            return self.log.only_for
        return None if self.view == "all" else Side(self.view)

    @property
    def at_end(self) -> bool:
        """True at the final position."""
        return self.index >= len(self.log)

    def action(self) -> Action | None:
        """The action that led to the current position (None at the opening)."""
        return self.log.actions[self.index - 1] if self.index > 0 else None

    # --- moving ----------------------------------------------------------------------------------

    def jump(self, index: int) -> None:
        """Go to the position after ``index`` actions (clamped)."""
        self.index = max(0, min(index, len(self.log)))
        if self.at_end:
            self.playing = False

    def step(self, n: int = 1) -> None:
        """Step ``n`` actions forwards (negative: backwards)."""
        self.jump(self.index + n)

    def toggle_play(self) -> None:
        """Play or pause (playing at the end starts again from the opening)."""
        if not self.playing and self.at_end:
            self.index = 0
        self.playing = not self.playing
        self._due = 0.0

    def set_speed(self, speed: int) -> None:
        """Actions per second while playing."""
        self.speed = max(1, speed)

    def tick(self, dt: float) -> bool:
        """Advance playback by ``dt`` seconds; True if the position changed."""
        if not self.playing:
            return False
        self._due += dt * self.speed
        steps = int(self._due)
        if steps <= 0:
            return False
        self._due -= steps
        before = self.index
        self.step(steps)
        return self.index != before

    def _marks(self, turns: bool) -> list[int]:
        """Indices where player-turns (or phases) begin."""
        return self.log.turn_starts() if turns else [m.index for m in self.log.phases]

    def next_mark(self, turns: bool = True) -> None:
        """Jump to the start of the next player-turn (or phase); the end if there is none."""
        marks = self._marks(turns)
        i = bisect.bisect_right(marks, self.index)
        self.jump(marks[i] if i < len(marks) else len(self.log))

    def prev_mark(self, turns: bool = True) -> None:
        """Jump to the start of this player-turn (or phase), or the previous one if already there."""
        marks = self._marks(turns)
        i = bisect.bisect_left(marks, self.index) - 1
        self.jump(marks[i] if i >= 0 else 0)

    def jump_to_turn(self, turn: int, side: Side | None = None) -> None:
        """Jump to the start of game-turn ``turn`` (its ``side`` player-turn; the first by default)."""
        for mark in self.log.phases:
            if mark.turn == turn and (side is None or mark.side is side):
                self.jump(mark.index)
                return
        self.jump(len(self.log) if turn > self.state.turn else 0)

    # --- describing --------------------------------------------------------------------------------

    def mark(self) -> Mark:
        """The phase of the current position."""
        return self.log.mark_at(self.index)

    def now_lines(self) -> list[str]:
        """The current action and what it caused, in words."""
        action = self.action()
        if action is None:
            return [say("replay_cursor.opening")]
        phase = self.log.mark_at(self.index - 1).phase
        lines = [say("replay_cursor.action", number=self.index, action=self._action_text(action, phase))]
        lines += [line.text for line in narrate(self.gd, self._told(self.log.events_of(self.index), self._hidden()))]
        return lines

    def _hidden(self) -> frozenset[str]:
        """The enemy units the side whose view is shown may not see at this position (R2.5); none in "all"."""
        viewer = self.viewer
        return frozenset() if viewer is None else hidden_enemies(self.gd, self.state, viewer)

    def _told(self, events: tuple[Event, ...], hidden: frozenset[str]) -> list[Event]:
        """The events as the side whose view is shown may read them (R2.5); all of them in "all"."""
        viewer = self.viewer
        return list(events) if viewer is None else told_events(self.gd, viewer, hidden, events)

    def _action_text(self, action: Action, phase: str) -> str:
        """An action in words; in one side's view, an enemy unit it may not see here acts "out of sight" (R2.5)."""
        if getattr(action, "unit", None) in self._hidden():
            return say("replay_cursor.out_of_sight", side=SIDE_ADJECTIVES[action.side])
        return describe_action(self.gd, action, phase)

    def dice(self) -> list[tuple[int, str]]:
        """(action index, ledger line) of every die rolled up to now, oldest first."""
        return [(i, describe(self.gd, e) or "") for i, e in self.log.events_upto(self.index) if is_dice_roll(e)]

    def recent(self, limit: int = 40) -> list[tuple[int, str]]:
        """(action index, line) of the last ``limit`` event lines up to now."""
        lines: list[tuple[int, str]] = []
        hidden = self._hidden()
        for i in range(self.index, -1, -1):
            batch: tuple[Event, ...] = self.log.events_of(i)
            texts = [line.text for line in narrate(self.gd, self._told(batch, hidden))]
            lines[:0] = [(i, t) for t in texts]
            if len(lines) >= limit:
                break
        return lines[-limit:]


def describe_action(gd: GameDef, action: Action, phase: str = "") -> str:
    """An action in words: ``Japanese: 5th Division moves to Kampar``; ``phase`` names the phase an End Phase ends."""
    return action_sentence(gd, action, phase)
