"""A scenario's hints to the computer player, per side, as validated data (the ``[ai.JP]`` and ``[ai.CW]``
tables of ``scenario.toml``). They name places, never code: the AI reads them as targets and zones."""

from __future__ import annotations

from pydantic import Field

from malaya.engine.datatypes import FrozenModel
from malaya.engine.placement import Position


class AITarget(FrozenModel):
    """A place worth ``value`` VP to the side beyond its victory terms (its VP as an objective are counted anyway)."""

    place: Position
    value: int = Field(ge=1)


class HoldZone(FrozenModel):
    """Places the side wants held to the end, each worth ``value`` VP to it; ``bottleneck``: the way in,
    worth twice as much to stand on."""

    zone: tuple[Position, ...] = Field(min_length=1)
    value: int = Field(default=1, ge=1)
    bottleneck: Position | None = None


class RedoubtAssault(FrozenModel):
    """The enemy's redoubt as an assault target: the land joined to its fortress hexes and cut off from the
    mainland by a strait. Taking a hex of it is worth ``value`` more (in combat scores), and odds of
    ``least_odds`` to 1 with full air support are worth gathering attackers for against it."""

    value: float = Field(gt=0)
    least_odds: float = Field(gt=0)


class SideHints(FrozenModel):
    """What a scenario tells one side's computer player: targets, zones to hold, hexes to avoid, and how
    hard to go for the enemy's redoubt."""

    targets: tuple[AITarget, ...] = ()
    hold: tuple[HoldZone, ...] = ()
    avoid: tuple[Position, ...] = ()
    redoubt: RedoubtAssault | None = None
