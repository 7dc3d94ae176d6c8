"""A game's history told to each side as it was told live (R2.5), for a saved game opened again.

Live, :class:`~malaya.session.game_client.GameClient` tells each human side the events of every
accepted action (a player's action and the chance outcomes it led to) as that side may see them in the
state right after it. :class:`HistoryTeller` follows a replay of the game's log action by action
(:meth:`HistoryTeller.step`, from the save check's replay) and tells each such run of events the same
way, into a message log per side: a move made out of sight stays untold though its unit is seen now,
and a line told at the time stays though its unit is hidden now. A game checked already when it is
opened (a branch, a save replayed in full, a lesson) is followed by applying its log again
(:meth:`HistoryTeller.follow`). Only the units a run names are looked at (not the whole side's view),
so following a replay costs little more than the replay.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from malaya import engine
from malaya.engine import Action, ChanceResult, Event, GameDef, GameState, Side, new_game
from malaya.session.log_fog import hidden_enemies, named_units, told_events
from malaya.session.words.event_text import describe, is_dice_roll
from malaya.session.words.narration import MessageLog


@dataclass
class HistoryTeller:
    """Follows a replayed game and tells its events per side as they were told live; see module docstring."""

    gd: GameDef
    logs: dict[Side | None, MessageLog]
    """Each side's log (``None``: the whole log, no human), as :attr:`GameClient.logs`."""
    dice: list[str] = field(default_factory=list)
    _run: list[Event] = field(default_factory=list, repr=False)
    _state: GameState | None = field(default=None, repr=False)

    @classmethod
    def opening(cls, gd: GameDef, options: Iterable[str] | None, sides: Iterable[Side | None]) -> HistoryTeller:
        """A teller for ``sides`` whose first run is the opening's events (as ``Match.new`` starts a game)."""
        outcome = engine.start(gd, new_game(gd, options))
        teller = cls(gd, {side: MessageLog([]) for side in sides})
        teller.step(None, outcome.state, outcome.events)
        return teller

    def step(self, action: Action | None, state: GameState, events: Sequence[Event]) -> None:
        """Follow one applied action: a player's action closes the run before it; a chance outcome joins it."""
        if type(action) is not ChanceResult:
            self._close()
        self._run.extend(events)
        self._state = state

    def follow(self, actions: Iterable[Action]) -> None:
        """Follow a log already checked (a game loaded or branched whole) by applying it from the state followed."""
        state = self._state
        assert state is not None, "a teller starts at the opening"
        for action in actions:
            outcome = engine.apply_unchecked(self.gd, state, action)
            self.step(action, outcome.state, outcome.events)
            state = outcome.state

    def told(self) -> tuple[dict[Side | None, MessageLog], list[str]]:
        """The logs and dice lines of everything followed (closes the last run)."""
        self._close()
        return self.logs, self.dice

    def _close(self) -> None:
        """Tell the run of events so far to every side, fogged with the state it led to."""
        run, state = self._run, self._state
        if not run or state is None:
            return
        named = named_units(self.gd, run)
        for side, log in self.logs.items():
            told = run if side is None else told_events(self.gd, side, hidden_enemies(self.gd, state, side, named), run)
            log.add_events(self.gd, told)
        self.dice += [line for event in run if is_dice_roll(event) and (line := describe(self.gd, event))]
        self._run = []
