"""What every reader checks between a save and its replayed game: the dice and the summary.

One check, shared by loading, ``replay --verify``, the replay viewer and the report:

- **Dice from the seed.** A game's dice come from ``random.Random(seed)``, one draw per chance
  node, in order (``Match.resolve_chance``). :class:`SeededDice` makes the same draws while a
  log is replayed and names the first recorded outcome the seed did not give.
- **Summary.** ``turn``, ``side``, ``phase`` and ``finished`` must be the replayed game's final
  position; :func:`summary_problem` names the first field that is not.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from malaya.engine import Action, ChanceResult, GameState, Side
from malaya.persistence.format import PbemDice, SaveFile, SaveSummary
from malaya.session.match import roll
from malaya.session.pbem import crypto
from malaya.session.words.catalog import say


class Dice(Protocol):
    """The dice a save's log is checked against, drawn as it is replayed."""

    def draw(self, before: GameState, action: Action) -> int | None:
        """The outcome due for ``action`` applied to ``before`` (None: not a chance outcome, or none known)."""


class SeededDice:
    """The dice of a game with ``seed``, drawn as the log is replayed (see module docstring)."""

    def __init__(self, seed: int) -> None:
        self._dice = random.Random(seed)

    def draw(self, before: GameState, action: Action) -> int | None:
        """The outcome the seed gives for ``action`` applied to ``before`` (None: not a chance outcome)."""
        if not isinstance(action, ChanceResult) or before.pending is None:
            return None
        return roll(self._dice, before.pending.outcomes)


class ChainDice:
    """The dice of a play-by-e-mail game: each turn file's dice key, and for each chance outcome of the log
    the turn file whose work it resolved (from both sides' revealed secrets: :meth:`of`)."""

    def __init__(self, game_id: str, numbers: Sequence[int], key_of: Callable[[int], bytes]) -> None:
        self._game_id, self._numbers, self._key_of = game_id, tuple(numbers), key_of
        self._drawn = 0
        self._per_file: dict[int, int] = {}

    @classmethod
    def of(cls, proof: PbemDice) -> ChainDice:
        """The dice of a finished game, from its revealed masters."""
        def key_of(number: int) -> bytes:
            return crypto.dice_key(crypto.element(proof.masters[Side.JP], number),
                                   crypto.element(proof.masters[Side.CW], number))
        return cls(proof.game_id, proof.numbers, key_of)

    def draw(self, before: GameState, action: Action) -> int | None:
        """The outcome the secrets give for ``action`` applied to ``before`` (None: not a chance outcome)."""
        if not isinstance(action, ChanceResult) or before.pending is None or self._drawn >= len(self._numbers):
            return None
        number = self._numbers[self._drawn]
        index = self._per_file.get(number, 0)
        self._drawn, self._per_file[number] = self._drawn + 1, index + 1
        return crypto.draw(self._key_of(number), self._game_id, number, index, before.pending.outcomes)


def dice_of(save: SaveFile) -> Dice:
    """The dice of ``save``: from its seed, or from its play-by-e-mail secrets."""
    return SeededDice(save.seed) if save.pbem is None else ChainDice.of(save.pbem)


def dice_problem(number: int, action: Action, expected: int | None) -> str | None:
    """Why action ``number`` is not the die the seed gives, or None."""
    if expected is None or not isinstance(action, ChanceResult) or action.value == expected:
        return None
    return say("save_consistency.wrong_die", number=number, value=action.value, expected=expected)


def position(state: GameState) -> str:
    """``turn 2, CW movement`` (or ``turn 28, game over``)."""
    if state.finished:
        return say("save_consistency.position_over", turn=state.turn)
    return say("save_consistency.position", turn=state.turn, side=state.side.value, phase=state.phase.value)


def summary_problem(save: SaveSummary, state: GameState) -> str | None:
    """The first summary field of ``save`` that is not the replayed game's final ``state``, as a sentence."""
    where = position(state)
    if save.finished != state.finished:
        return say("save_consistency.says_finished" if save.finished else "save_consistency.says_not_finished",
                   where=where)
    if save.turn != state.turn:
        return say("save_consistency.says_turn", turn=save.turn, where=where)
    if save.side != state.side:
        return say("save_consistency.says_side", side=save.side.value, where=where)
    if save.phase != state.phase.value:
        return say("save_consistency.says_phase", phase=save.phase, where=where)
    return None
