"""Fog by construction (R2.5): a computer player is handed only its side's view of the game.

:class:`FoggedController` wraps a controller. Each call it builds the side's view
(:func:`malaya.engine.side_view`: hidden enemy stacks are stand-ins, the enemy's air
pools are what the side can know) and asks the wrapped controller for an action *on that view* —
the true ``GameState`` never reaches it. The answer is checked against the true state through the
one legality gate (``rules.check``); one that the true game refuses (the view differed) is told
back to the controller if it listens (:class:`HearsRefusals`) and it is asked again, at most
``MAX_ASKS`` times, after which a neutral legal action is played (end the phase, roll, end the
combat…). Every step is deterministic, so a seed's game stays the same.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from malaya import engine
from malaya.engine import (
    Action,
    CancelCombat,
    EndCombat,
    EndPhase,
    GameDef,
    GameState,
    Rejection,
    RollDice,
    Side,
    UndoMove,
    UndoPlacement,
    side_view,
)
from malaya.session.match import Controller

MAX_ASKS = 8
"""How many times the wrapped controller is asked before a neutral action is played instead."""

NEUTRAL_ACTIONS: tuple[type[Action], ...] = (EndPhase, RollDice, EndCombat, CancelCombat, UndoMove, UndoPlacement)
"""The actions a refused controller falls back on, in order of preference."""


@runtime_checkable
class HearsRefusals(Protocol):
    """A controller that can be told the true game refused the action it chose on its view."""

    def refused(self, action: Action, rejection: Rejection) -> None:
        """Remember that ``action`` was refused, so the next answer differs."""


def neutral_action(gd: GameDef, state: GameState) -> Action:
    """A legal action that advances the game without a choice: the first of ``NEUTRAL_ACTIONS`` on offer."""
    legal = engine.legal_actions(gd, state)
    for kind in NEUTRAL_ACTIONS:
        for action in legal:
            if isinstance(action, kind):
                return action
    return legal[0]


class FoggedController:
    """A controller that sees only ``side``'s view of the game; see module docstring."""

    def __init__(self, inner: Controller, side: Side, asks: int = MAX_ASKS) -> None:
        self.inner = inner
        self.side = side
        self.asks = asks
        self.refusals = 0  # actions the true game refused so far (the view differed)

    @property
    def explanations(self) -> object:
        """The wrapped controller's explanations (the ``W`` overlay), if it keeps any."""
        return getattr(self.inner, "explanations", None)

    def __call__(self, gd: GameDef, state: GameState) -> Action:
        """The wrapped controller's answer on the side's view, if the true game accepts it."""
        view = side_view(gd, state, self.side)
        for _ in range(self.asks):
            action = self.inner(gd, view)
            rejection = engine.check(gd, state, action)
            if rejection is None:
                return action
            self.refusals += 1
            if isinstance(self.inner, HearsRefusals):
                self.inner.refused(action, rejection)
        return neutral_action(gd, state)
