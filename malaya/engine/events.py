"""Events: what happened, in the past tense, as the result of applying an action.

The UI animates and logs events; replays and tests inspect them. Frozen
pydantic models, so they serialize like actions.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from malaya.engine.hexgrid import Hex
from malaya.engine.sides import Side
from malaya.engine.state import Phase


class Event(BaseModel):
    """Common base for all events."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class PhaseStarted(Event):
    """A phase of a player-turn began."""

    turn: int
    side: Side
    phase: Phase


class PhaseEnded(Event):
    """A phase of a player-turn ended."""

    turn: int
    side: Side
    phase: Phase


class HexControlChanged(Event):
    """A hex changed hands (R13)."""

    hex: Hex
    side: Side


class GameEnded(Event):
    """The game is over (R15)."""

    turn: int
    jp_vp: int
    cw_vp: int
    level: str
