"""Actions: what a player (human or AI) asks the engine to do, in the imperative.

Every action names the side that submits it; the legality gate
(:func:`malaya.engine.rules.check`) rejects it with a reason when it may not be
done now. Actions are frozen pydantic models so that they serialize into action
logs (saves, replays) and validate when read back.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from malaya.engine.sides import Side


class _Action(BaseModel):
    """Common base: frozen, strict about unknown fields."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    side: Side


class EndPhase(_Action):
    """End the current phase of the phasing player's player-turn (R3)."""

    type: Literal["end_phase"] = "end_phase"


Action = Annotated[EndPhase, Field(discriminator="type")]
"""Any action; a discriminated union on ``type`` (grows as phases gain rules)."""


class Rejection(BaseModel):
    """Why an action was refused: a stable machine code and a sentence for the player."""

    model_config = ConfigDict(frozen=True)

    code: str
    message: str

    def __str__(self) -> str:
        return self.message


class IllegalAction(Exception):
    """Raised by ``apply`` when the gate rejects an action."""

    def __init__(self, rejection: Rejection) -> None:
        super().__init__(rejection.message)
        self.rejection = rejection
