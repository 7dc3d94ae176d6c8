"""Unit definitions of the order of battle (RULES R1.1, R2.1, R2.2), pure data."""

from __future__ import annotations

from enum import StrEnum
from typing import Literal, NamedTuple

from pydantic import Field, model_validator

from malaya.engine.datatypes import FrozenModel, Side
from malaya.engine.mistakes import Mistake, mistake


class Nationality(StrEnum):
    """Counter nationality (R1.1); the side is implied (see :data:`NATIONALITY_SIDE`)."""

    BRITISH = "British"
    INDIAN = "Indian"
    AUSTRALIAN = "Australian"
    MALAY = "Malay"
    ARMY = "Army"
    GUARDS = "Guards"


NATIONALITY_SIDE: dict[Nationality, Side] = {
    Nationality.BRITISH: Side.CW,
    Nationality.INDIAN: Side.CW,
    Nationality.AUSTRALIAN: Side.CW,
    Nationality.MALAY: Side.CW,
    Nationality.ARMY: Side.JP,
    Nationality.GUARDS: Side.JP,
}


class UnitType(StrEnum):
    """Unit type (R2.1)."""

    INFANTRY = "infantry"
    ARMOR = "armor"


class Size(StrEnum):
    """Unit size (R2.1): battalion, regiment, brigade."""

    BATTALION = "II"
    REGIMENT = "III"
    BRIGADE = "X"


class Factors(NamedTuple):
    """Attack, defense and movement factors of one strength level."""

    attack: int
    defense: int
    movement: int


def _half_up(value: int) -> int:
    """Half of a non-negative int, rounded up."""
    return (value + 1) // 2


def reduced_factors(attack: int, defense: int, movement: int) -> Factors:
    """Default reduced (1-step) factors (R2.2): attack and defense halved rounded up, MA kept."""
    return Factors(_half_up(attack), _half_up(defense), movement)


class UnitDef(FrozenModel):
    """One counter of the order of battle (R2.1); reduced factors default per R2.2."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str = Field(min_length=1)
    side: Side
    nationality: Nationality
    type: UnitType
    size: Size
    attack: int = Field(ge=0)
    defense: int = Field(ge=0)
    movement: int = Field(ge=0)
    reduced_attack: int | None = Field(None, ge=0)
    reduced_defense: int | None = Field(None, ge=0)
    reduced_movement: int | None = Field(None, ge=0)
    stacking: Literal[1, 2]
    steps: Literal[1, 2]

    @model_validator(mode="after")
    def _consistent(self) -> UnitDef:
        """Nationality matches side; reduced factors only for 2-step units and never above full."""
        if NATIONALITY_SIDE[self.nationality] is not self.side:
            raise mistake(Mistake.NATIONALITY_SIDE, nationality=self.nationality.value,
                          belongs=NATIONALITY_SIDE[self.nationality].value, side=self.side.value)
        given = [self.reduced_attack, self.reduced_defense, self.reduced_movement]
        if self.steps == 1 and any(v is not None for v in given):
            raise mistake(Mistake.ONE_STEP_REDUCED)
        if any(r > f for r, f in zip(self.reduced, self.full, strict=True)):
            raise mistake(Mistake.REDUCED_EXCEED, reduced=tuple(self.reduced), full=tuple(self.full))
        return self

    @property
    def full(self) -> Factors:
        """Full-strength factors."""
        return Factors(self.attack, self.defense, self.movement)

    @property
    def reduced(self) -> Factors:
        """Reduced (1-step-left) factors: as given, else the R2.2 default."""
        default = reduced_factors(self.attack, self.defense, self.movement)
        return Factors(
            default.attack if self.reduced_attack is None else self.reduced_attack,
            default.defense if self.reduced_defense is None else self.reduced_defense,
            default.movement if self.reduced_movement is None else self.reduced_movement,
        )

    @property
    def nationality_label(self) -> str:
        """Nationality as printed in R1.1, e.g. ``"CW Indian"``."""
        return f"{self.side.value} {self.nationality.value}"

    def factors(self, steps_left: int) -> Factors:
        """Factors with ``steps_left`` steps remaining (full at full steps, else reduced)."""
        if not 1 <= steps_left <= self.steps:
            raise ValueError(f"{self.id} has {self.steps} step(s); {steps_left} left is impossible")
        return self.full if steps_left == self.steps else self.reduced
