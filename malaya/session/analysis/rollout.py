"""One rollout: the game played on to its end from a true position, the computer on both sides.

Every rollout is seeded from the position's digest and its index only (:func:`rollout_seed`), so the
same position gives the same games — hence the same chances — on any machine, in any process, in
any order. Each side is the AI at the chosen level, seeing only its side's view (R2.5) as in a game.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from malaya import engine
from malaya.engine import GameDef, GameState, Side
from malaya.session.analysis.estimate import Outcome
from malaya.session.controllers import make_controller
from malaya.session.match import Match

ANALYSIS_LEVEL = "rollout"
"""The AI level rollouts are played at unless another is asked for: the level made for them (``ai.levels``), a little
cheaper than ``normal``, and from the opening close to it (``docs/analysis.md``)."""


@dataclass(frozen=True, slots=True)
class RolloutResult:
    """How one rollout ended: the result level's side and the VP margin (JP minus CW)."""

    outcome: Outcome
    margin: int


def rollout_seed(digest: str, index: int, stream: str = "dice") -> int:
    """A 64-bit seed from the position's digest, the rollout's index and what it seeds."""
    data = hashlib.sha256(f"malaya-rollout/{digest}/{index}/{stream}".encode("ascii")).digest()
    return int.from_bytes(data[:8], "big")


def outcome_of(gd: GameDef, state: GameState) -> RolloutResult:
    """The result of a finished game by the scenario's own result levels (R15.5)."""
    result = engine.result(gd, state)
    if result is None:
        raise ValueError("the game is not over")
    return RolloutResult(Outcome.of_side(gd.scenario.victory.result_side(result.margin)), result.margin)


def play_rollout(gd: GameDef, state: GameState, index: int, level: str = ANALYSIS_LEVEL,
                 digest: str | None = None) -> RolloutResult:
    """Play the game on from ``state`` to its end, both sides the computer at ``level``."""
    key = digest if digest is not None else state.digest()
    match = Match(gd, rollout_seed(key, index), state)
    match.resolve_chance()
    bots = {side: make_controller(f"ai:{level}", side, rollout_seed(key, index, side.value), explain=False)
            for side in Side}
    match.play(bots)
    return outcome_of(gd, match.state)
