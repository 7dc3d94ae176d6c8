"""A bot that plays uniformly random legal actions (tests and conformance runs).

To make random play finish in reasonable time it gives each phase a small
budget of actions; once spent, it prefers actions that move the game on
(resolve or end a combat, end the phase) over ones that keep it in place.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from malaya import engine
from malaya.engine import (
    AcceptOptionalUnit,
    Action,
    AddAttacker,
    Advance,
    AllocateAir,
    ChanceResult,
    ChooseOptions,
    DeclareCombat,
    DeclineOptionalUnit,
    EndCombat,
    EndPhase,
    GameDef,
    GameState,
    Phase,
    RollDice,
)

COMBAT_DRIVE: tuple[type[Action], ...] = (DeclareCombat, AddAttacker, RollDice, Advance, EndCombat, ChanceResult)
"""In the Combat phase, actions that lead to a resolved combat (so random play actually fights)."""

PROGRESS: tuple[type[Action], ...] = (RollDice, EndCombat, EndPhase, ChanceResult, AllocateAir, ChooseOptions,
                                      AcceptOptionalUnit, DeclineOptionalUnit, Advance)
"""Action classes that move the game forward."""


@dataclass
class RandomBot:
    """Chooses a random legal action; deterministic for a given seed."""

    seed: int = 0
    phase_budget: int = 12
    _rng: random.Random = field(init=False, repr=False)
    _phase_key: tuple[int, str, str] | None = field(default=None, init=False, repr=False)
    _spent: int = field(default=0, init=False, repr=False)

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)

    def __call__(self, gd: GameDef, state: GameState) -> Action:
        """The next action for the side to act."""
        key = (state.turn, state.side.value, state.phase.value)
        if key != self._phase_key:
            self._phase_key, self._spent = key, 0
        self._spent += 1
        actions = engine.legal_actions(gd, state)
        if not actions:
            raise RuntimeError(f"no legal action in {key}")
        if state.phase is Phase.COMBAT and self._spent <= self.phase_budget * 2:
            fighting = [a for a in actions if isinstance(a, COMBAT_DRIVE)]
            if fighting and self._rng.random() < 0.8:
                return self._rng.choice(fighting)
        if self._spent > self.phase_budget:
            forward = [a for a in actions if isinstance(a, PROGRESS)]
            if forward:
                actions = forward
        return self._rng.choice(actions)
