"""Combat Results Tables as data (RULES R12.4-R12.6), and the pure look-ups on them.

Two kinds share one shape (``kind`` is the discriminator):

* ``ratio`` — columns are odds ``"1:2" .. "6:1"``; attack ÷ defense is rounded
  **down** to a column (R12.4).
* ``difference`` — columns are ranges of attack − defense (``"-1"``, ``"2..3"``,
  ``"10+"``); the differential is rounded down to an integer first.

Rows are keyed by modified die roll (``"<=0"``, ``"1"`` … ``">=7"``); a roll
outside the rows is clamped to the first/last row (R12.5). Every result code
used in a row is defined in ``results`` as structured data (:class:`ResultDef`).
Column shifts (terrain effects of a difference CRT, docs/rules-notes.md) move
the column: negative = left (towards the defender), positive = right.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from enum import StrEnum
from fractions import Fraction
from typing import Annotated, Literal

from pydantic import Field, model_validator

from malaya.engine.datatypes import FrozenModel
from malaya.engine.mistakes import Mistake, mistake

ResultCode = str
"""A CRT result code such as ``"A1"`` or ``"D2R"``; defined in the CRT's ``results``."""

_ROW_RE = re.compile(r"^\s*(<=|≤|>=|≥)?\s*(-?\d+)\s*$")
_RATIO_RE = re.compile(r"^\s*(\d+)\s*:\s*(\d+)\s*$")
_RANGE_RE = re.compile(
    r"^\s*(?:(<=|≤)\s*(-?\d+)|(-?\d+)\s*\+|(-?\d+)\s*\.\.\s*(-?\d+)|(-?\d+))\s*$"
)


class ResultDef(FrozenModel):
    """What one result code does: steps lost and hexes retreated by each side (R12.6)."""

    text: str = ""
    attacker_steps: int = Field(0, ge=0)
    defender_steps: int = Field(0, ge=0)
    attacker_retreat: int = Field(0, ge=0, description="hexes the attackers retreat (0 = none)")
    defender_retreat: int = Field(0, ge=0, description="hexes the defenders retreat (0 = none)")
    defender_eliminated: bool = False


class BelowFirst(StrEnum):
    """What happens to a combat whose ratio/differential is below the first column."""

    UNRESOLVABLE = "unresolvable"
    FIRST = "first"


def parse_row_label(label: str) -> tuple[int, str | None]:
    """Split a row label (``"<=0"``, ``"3"``, ``">=7"``) into (roll, ``"<="``/``">="``/None)."""
    m = _ROW_RE.match(label)
    if not m:
        raise mistake(Mistake.BAD_ROW_LABEL, label=repr(label))
    op = {"≤": "<=", "≥": ">="}.get(m.group(1) or "", m.group(1))
    return int(m.group(2)), op


def parse_ratio(label: str) -> Fraction:
    """The odds of a ratio column label: ``"3:2"`` → 3/2."""
    m = _RATIO_RE.match(label)
    if not m or int(m.group(2)) == 0 or int(m.group(1)) == 0:
        raise mistake(Mistake.BAD_RATIO, label=repr(label))
    return Fraction(int(m.group(1)), int(m.group(2)))


def parse_range(label: str) -> tuple[int | None, int | None]:
    """The (low, high) differentials of a difference column; None = open-ended."""
    m = _RANGE_RE.match(label)
    if not m:
        raise mistake(Mistake.BAD_DIFFERENCE, label=repr(label))
    le, plus, lo, hi, single = m.group(2), m.group(3), m.group(4), m.group(5), m.group(6)
    if le is not None:
        return None, int(le)
    if plus is not None:
        return int(plus), None
    if lo is not None:
        if int(lo) > int(hi):
            raise mistake(Mistake.DIFFERENCE_BACKWARDS, label=repr(label))
        return int(lo), int(hi)
    return int(single), int(single)


class _CrtBase(FrozenModel):
    """Fields and checks shared by both CRT kinds."""

    columns: tuple[str, ...] = Field(min_length=1)
    rows: dict[str, tuple[ResultCode, ...]] = Field(min_length=1)
    results: dict[ResultCode, ResultDef] = Field(min_length=1)
    column_shifts: dict[str, int] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _check_rows(self) -> _CrtBase:
        """Rows are contiguous die rolls, each as wide as the columns, using defined codes."""
        rolls: list[tuple[int, str | None, str]] = []
        for label, cells in self.rows.items():
            roll, op = parse_row_label(label)
            rolls.append((roll, op, label))
            if len(cells) != len(self.columns):
                raise mistake(Mistake.ROW_LENGTH, f"rows.{label}", results=len(cells), columns=len(self.columns))
            for code in cells:
                if code not in self.results:
                    raise mistake(Mistake.UNDEFINED_RESULT, f"rows.{label}", result=repr(code))
        rolls.sort()
        for i, (roll, op, label) in enumerate(rolls):
            if i and roll != rolls[i - 1][0] + 1:
                raise mistake(Mistake.ROWS_NOT_CONTIGUOUS, "rows", label=repr(label))
            if (op == "<=" and i != 0) or (op == ">=" and i != len(rolls) - 1):
                raise mistake(Mistake.OPEN_ROW_INSIDE, f"rows.{label}")
        if len(set(self.columns)) != len(self.columns):
            raise mistake(Mistake.COLUMN_TWICE, "columns")
        return self


class RatioCrt(_CrtBase):
    """An odds-ratio CRT (R12.4): columns ``"a:b"``, attack ÷ defense rounded down."""

    kind: Literal["ratio"]
    below_first: BelowFirst = BelowFirst.UNRESOLVABLE

    @model_validator(mode="after")
    def _check_columns(self) -> RatioCrt:
        """Columns are odds in strictly increasing order."""
        odds = [parse_ratio(c) for c in self.columns]
        if any(b <= a for a, b in zip(odds, odds[1:], strict=False)):
            raise mistake(Mistake.ODDS_NOT_INCREASING, "columns")
        return self


class DifferenceCrt(_CrtBase):
    """A differential CRT: columns are contiguous ranges of attack − defense."""

    kind: Literal["difference"]
    below_first: BelowFirst = BelowFirst.FIRST

    @model_validator(mode="after")
    def _check_columns(self) -> DifferenceCrt:
        """Ranges are contiguous, increasing, open-ended only at the ends."""
        ranges = [parse_range(c) for c in self.columns]
        for i, (lo, hi) in enumerate(ranges):
            if (lo is None and i != 0) or (hi is None and i != len(ranges) - 1):
                raise mistake(Mistake.OPEN_COLUMN_INSIDE, "columns", column=repr(self.columns[i]))
            previous_high = ranges[i - 1][1] if i else None
            if i and (previous_high is None or lo != previous_high + 1):
                raise mistake(Mistake.COLUMN_NOT_FOLLOWING, "columns", column=repr(self.columns[i]),
                              previous=repr(self.columns[i - 1]))
        return self


Crt = Annotated[RatioCrt | DifferenceCrt, Field(discriminator="kind")]
"""Either kind of CRT; the file's ``kind`` key chooses."""


def roll_range(crt: RatioCrt | DifferenceCrt) -> tuple[int, int]:
    """The lowest and highest die-roll rows of a CRT."""
    rolls = [parse_row_label(label)[0] for label in crt.rows]
    return min(rolls), max(rolls)


def _base_index(crt: RatioCrt | DifferenceCrt, attack: Fraction, defense: Fraction) -> int:
    """Column index before shifts; -1 when below the first column."""
    if attack < 0 or defense < 0:
        raise ValueError("combat strengths cannot be negative")
    if isinstance(crt, RatioCrt):
        if defense == 0:
            return len(crt.columns) - 1
        odds = Fraction(attack) / Fraction(defense)
        index = -1
        for i, label in enumerate(crt.columns):
            if parse_ratio(label) <= odds:
                index = i
        return index
    diff = math.floor(Fraction(attack) - Fraction(defense))
    for i, label in enumerate(crt.columns):
        lo, hi = parse_range(label)
        if (lo is None or diff >= lo) and (hi is None or diff <= hi):
            return i
    first_lo = parse_range(crt.columns[0])[0]
    return -1 if first_lo is not None and diff < first_lo else len(crt.columns) - 1


def odds_column(
    crt: RatioCrt | DifferenceCrt, attack: Fraction, defense: Fraction, column_shift: int = 0
) -> str | None:
    """The CRT column for these exact strengths, after shifting; None = cannot be resolved.

    Ratio: attack ÷ defense rounded down to a column (R12.4). Difference: attack −
    defense rounded down, then its range. Above the last column uses the last; below
    the first follows ``crt.below_first`` (a shift left past the first column too).
    """
    index = _base_index(crt, attack, defense)
    if index < 0:
        if crt.below_first is BelowFirst.UNRESOLVABLE:
            return None
        index = 0
    index += column_shift
    if index < 0:
        if crt.below_first is BelowFirst.UNRESOLVABLE:
            return None
        index = 0
    return crt.columns[min(index, len(crt.columns) - 1)]


def column_shift(crt: RatioCrt | DifferenceCrt, features: Iterable[str]) -> int:
    """Sum of the CRT's column shifts for the features present (unknown features shift 0)."""
    return sum(crt.column_shifts.get(f, 0) for f in features)


def crt_result(crt: RatioCrt | DifferenceCrt, column: str, modified_roll: int) -> ResultCode:
    """The result code at ``column`` for a modified roll, clamped to the table's rows (R12.5)."""
    if column not in crt.columns:
        raise ValueError(f"{column!r} is not a column of this CRT ({', '.join(crt.columns)})")
    low, high = roll_range(crt)
    roll = min(max(modified_roll, low), high)
    for label, cells in crt.rows.items():
        if parse_row_label(label)[0] == roll:
            return cells[crt.columns.index(column)]
    raise AssertionError("rows are contiguous by validation")  # pragma: no cover


def result_def(crt: RatioCrt | DifferenceCrt, code: ResultCode) -> ResultDef:
    """The structured meaning of a result code (KeyError with the code if undefined)."""
    return crt.results[code]
