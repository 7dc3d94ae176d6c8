"""Victory terms of a scenario as validated data (R15), and their pure look-ups."""

from __future__ import annotations

from pydantic import Field, model_validator

from malaya.engine.datatypes import FrozenModel, Side
from malaya.engine.mistakes import Mistake, mistake
from malaya.engine.placement import Position


class ResultLevel(FrozenModel):
    """A result level: reached when JP VP − CW VP ≥ ``min`` (omitted on the lowest level).

    ``name`` is player-facing text; ``side`` is the side the level is a win for (None: a draw).
    """

    name: str
    side: Side | None = None
    min: int | None = None


class Victory(FrozenModel):
    """Victory point values and result levels (R15)."""

    singapore_multiplier: int
    singapore_base_turn: int
    objectives: dict[Position, int]
    cw_vp_per_jp_step: int
    cw_singapore_held_vp: int
    levels: tuple[ResultLevel, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _levels(self) -> Victory:
        """Levels run from best for JP down; only the last is open-ended."""
        mins = [lv.min for lv in self.levels]
        if mins[-1] is not None or any(m is None for m in mins[:-1]):
            raise mistake(Mistake.LEVELS_MIN, "levels")
        bounded = [m for m in mins if m is not None]
        if any(b >= a for a, b in zip(bounded, bounded[1:], strict=False)):
            raise mistake(Mistake.LEVELS_DECREASE, "levels")
        return self

    def singapore_capture_vp(self, turn: int) -> int:
        """JP VP for capturing Singapore on ``turn`` (R15.2); see :func:`singapore_vp`."""
        return singapore_vp(self, turn)

    def result_level(self, jp_minus_cw: int) -> str:
        """The result level for a margin (R15.5); see :func:`result_level`."""
        return result_level(self, jp_minus_cw)

    def result_side(self, jp_minus_cw: int) -> Side | None:
        """The side whose win the margin's result level is, or None for a draw (R15.5)."""
        return reached_level(self, jp_minus_cw).side


def singapore_vp(victory: Victory, turn: int) -> int:
    """JP VP for capturing Singapore on game-turn ``turn`` (R15.2): multiplier × (base − T)."""
    return victory.singapore_multiplier * (victory.singapore_base_turn - turn)


def result_level(victory: Victory, jp_minus_cw: int) -> str:
    """The result level name for JP VP − CW VP (R15.5)."""
    return reached_level(victory, jp_minus_cw).name


def reached_level(victory: Victory, jp_minus_cw: int) -> ResultLevel:
    """The result level reached by JP VP − CW VP (R15.5): the first whose ``min`` the margin meets."""
    for level in victory.levels:
        if level.min is None or jp_minus_cw >= level.min:
            return level
    raise AssertionError("the last level is open-ended by validation")  # pragma: no cover
