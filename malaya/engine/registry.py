"""Shapes shared by the rules modules: action handlers, generators, phase hooks, chance resolvers.

Each rules module (movement, rail, combat, …) exports handlers for the action
types it owns; the phase table (:mod:`malaya.engine.phases`) says which phase
accepts which of them. Nothing here knows any rule.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from malaya.engine.actions import Action, Rejection
from malaya.engine.chance_context import NO_CONTEXT, ChanceContext
from malaya.engine.events import Event
from malaya.engine.gamedef import GameDef
from malaya.engine.refusal import Param, Refusal
from malaya.engine.state import GameState

Step = Callable[[GameDef, GameState], tuple[GameState, list[Event]]]
"""A phase hook: runs when a phase begins or ends."""

Blocker = Callable[[GameDef, GameState], Rejection | None]
"""Why a phase may not end now, or None."""

Generator = Callable[[GameDef, GameState], list[Action]]
"""Candidate actions of one kind for the phasing side, in a deterministic order (may include illegal ones)."""

UnitGenerator = Callable[[GameDef, GameState, str | None], Iterator[Action]]
"""Candidate actions naming one unit (None: naming no unit), in the order the phase's generators give them."""

ChanceResolver = Callable[[GameDef, GameState, int], tuple[GameState, list[Event]]]
"""Applies the outcome of a chance node of one kind (``state.pending`` already cleared)."""


@dataclass(frozen=True, slots=True)
class ContextResolver:
    """A chance resolver that also needs the node's ``Pending.context`` (called ``fn(gd, state, value, context)``)."""

    fn: Callable[[GameDef, GameState, int, ChanceContext], tuple[GameState, list[Event]]]

    def __call__(self, gd: GameDef, state: GameState, value: int) -> tuple[GameState, list[Event]]:
        """Without a context (never used by the engine, which passes the node's context)."""
        return self.fn(gd, state, value, NO_CONTEXT)


@dataclass(frozen=True, slots=True)
class Handler:
    """The legality check and the effect of one action type."""

    check: Callable[[GameDef, GameState, Any], Rejection | None]
    apply: Callable[[GameDef, GameState, Any], tuple[GameState, list[Event]]]


def nothing(gd: GameDef, state: GameState) -> tuple[GameState, list[Event]]:
    """A phase hook that changes nothing."""
    return state, []


def never_blocked(gd: GameDef, state: GameState) -> Rejection | None:
    """A phase that may always end."""
    return None


def reject(code: Refusal, **params: Param) -> Rejection:
    """Shorthand for a Rejection: its code and the named facts its sentence needs (names, counts, numbers)."""
    return Rejection(code=code, params=tuple(params.items()))
