"""Shared building blocks of the scenario/ruleset data models (pure: stdlib + pydantic).

Numbers that the rules multiply or divide are exact :class:`fractions.Fraction`
values (RULES R5.3). In a data file they are written as an int (``2``) or an
exact fraction string (``"3/2"``, ``"1/2"``); floats are refused because
``0.1`` is not exact.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, PlainSerializer, PlainValidator

from malaya.engine.mistakes import Mistake, mistake
from malaya.engine.sides import Side

__all__ = [
    "PROHIBITED",
    "ExactFraction",
    "FrozenModel",
    "MoveCost",
    "Side",
    "parse_cost",
    "parse_fraction",
]

PROHIBITED = "prohibited"


class FrozenModel(BaseModel):
    """Base of every data model: immutable, and unknown keys are errors (typos fail loudly)."""

    model_config = ConfigDict(frozen=True, extra="forbid")


def parse_fraction(value: Any) -> Fraction:
    """An exact Fraction from an int, a Fraction or a string like ``"3/2"``; floats refused."""
    if isinstance(value, bool):
        raise mistake(Mistake.BOOLEAN_NUMBER)
    if isinstance(value, int | Fraction):
        return Fraction(value)
    if isinstance(value, float):
        raise mistake(Mistake.FLOAT_NUMBER, value=repr(value))
    if isinstance(value, str):
        try:
            return Fraction(value.strip())
        except (ValueError, ZeroDivisionError):
            raise mistake(Mistake.NOT_EXACT, value=repr(value)) from None
    raise mistake(Mistake.NOT_A_NUMBER, value=repr(value))


def parse_cost(value: Any) -> Fraction | None:
    """A movement cost: a Fraction, or None for the string ``"prohibited"``."""
    if value is None or (isinstance(value, str) and value.strip().lower() == PROHIBITED):
        return None
    cost = parse_fraction(value)
    if cost < 0:
        raise mistake(Mistake.NEGATIVE_COST)
    return cost


def _dump_cost(value: Fraction | None) -> str:
    """JSON form of a movement cost."""
    return PROHIBITED if value is None else str(value)


ExactFraction = Annotated[
    Fraction,
    PlainValidator(parse_fraction),
    PlainSerializer(str, return_type=str, when_used="json"),
]
"""A Fraction field that accepts ints and exact fraction strings (``"1/2"``)."""

MoveCost = Annotated[
    Fraction | None,
    PlainValidator(parse_cost),
    PlainSerializer(_dump_cost, return_type=str, when_used="json"),
]
"""A movement cost field: an exact fraction, or ``"prohibited"`` (stored as None)."""
