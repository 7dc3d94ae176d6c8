"""A match: the game definition, the current state, the action log and the seeded dice.

Every action that changes the game — a player's, an AI's, or a chance outcome
drawn from the match's seeded RNG — goes through the engine's gate and is
appended to the log, so the same seed and the same player actions give the
same game, bit for bit, and a log replays without any RNG at all.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from malaya import engine
from malaya.engine import Action, ChanceResult, Event, GameDef, GameState, Rejection, Side, new_game

Controller = Callable[[GameDef, GameState], Action]
"""Chooses the next action for the side to act (an AI or a scripted player)."""
Roller = Callable[[Sequence[int]], int | None]
"""Draws a chance node's outcome instead of the seed (play by e-mail); None: no die yet, the node stays pending."""


def roll(dice: random.Random, outcomes: Sequence[int]) -> int:
    """The outcome the seeded dice pick at a chance node (one draw); loading checks saves against it."""
    return outcomes[dice.randrange(len(outcomes))]


@dataclass
class Match:
    """One game in progress; see module docstring."""

    gd: GameDef
    seed: int
    state: GameState
    log: list[Action] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    roller: Roller | None = None
    """Where dice come from when not from the seed (play by e-mail, :mod:`malaya.session.pbem`)."""
    _dice: random.Random = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._dice = random.Random(self.seed)

    @classmethod
    def new(cls, gd: GameDef, seed: int, options: Iterable[str] | None = (), roller: Roller | None = None) -> Match:
        """A new match from the scenario's opening position (options as in ``new_game``; dice from ``roller``)."""
        outcome = engine.start(gd, new_game(gd, options))
        match = cls(gd, seed, outcome.state, roller=roller)
        match.events.extend(outcome.events)
        match.resolve_chance()
        return match

    def check(self, action: Action) -> Rejection | None:
        """The engine's verdict on an action, without applying it."""
        return engine.check(self.gd, self.state, action)

    def submit(self, action: Action) -> Rejection | None:
        """Apply a player's action if legal (then resolve any chance nodes); else return the reason."""
        rejection = self.check(action)
        if rejection is not None:
            return rejection
        self._apply(action)
        self.resolve_chance()
        return None

    def _apply(self, action: Action) -> None:
        outcome = engine.apply(self.gd, self.state, action)
        self.state = outcome.state
        self.log.append(action)
        self.events.extend(outcome.events)

    def resolve_chance(self) -> None:
        """Draw every pending chance outcome from the seeded dice, logging each as a ChanceResult."""
        while engine.is_chance_node(self.state):
            pending = self.state.pending
            assert pending is not None
            drawn = roll(self._dice, pending.outcomes) if self.roller is None else self.roller(pending.outcomes)
            if drawn is None:
                return
            value = drawn
            self._apply(ChanceResult(side=self.state.side, value=value))

    def play(self, controllers: dict[Side, Controller], max_actions: int = 1_000_000) -> GameState:
        """Let controllers act for their sides until the game ends (or ``max_actions`` actions)."""
        for _ in range(max_actions):
            if engine.is_terminal(self.state):
                break
            action = controllers[self.state.side](self.gd, self.state)
            rejection = self.submit(action)
            if rejection is not None:
                raise RuntimeError(f"controller for {self.state.side} chose an illegal action: {rejection}")
        return self.state


def replay(gd: GameDef, log: Iterable[Action], options: Iterable[str] | None = ()) -> GameState:
    """Rebuild a game from its opening position and action log (chance outcomes included; no RNG)."""
    state = engine.start(gd, new_game(gd, options)).state
    for action in log:
        state = engine.apply(gd, state, action).state
    return state
