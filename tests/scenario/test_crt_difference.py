"""The difference kind of CRT, proven with the sample differential table (fixture)."""

from __future__ import annotations

import tomllib
from fractions import Fraction

import pytest
from pydantic import TypeAdapter, ValidationError

from malaya.engine.crt import Crt, DifferenceCrt, column_shift, crt_result, odds_column, result_def
from tests.content.words import raises_rules
from tests.scenario.conftest import FIXTURES


@pytest.fixture(scope="module")
def crt() -> DifferenceCrt:
    data = tomllib.loads((FIXTURES / "difference_crt.toml").read_text(encoding="utf-8"))
    parsed = TypeAdapter(Crt).validate_python(data["crt"])
    assert isinstance(parsed, DifferenceCrt)
    return parsed


def F(n: int | str) -> Fraction:
    return Fraction(n)


def test_differential_4_in_clear_on_roll_1_is_DR2(crt: DifferenceCrt) -> None:
    # given attack 10 vs defense 6 (differential 4) in clear / when rolling 1 / then DR2
    col = odds_column(crt, F(10), F(6), column_shift(crt, ["clear"]))
    assert col == "4..5"
    assert crt_result(crt, col, 1) == "DR2"


def test_forest_shifts_two_columns_left(crt: DifferenceCrt) -> None:
    # given differential 4 in forest / then the column is two left of "4..5", i.e. "1"
    col = odds_column(crt, F(10), F(6), column_shift(crt, ["forest"]))
    assert col == "1"
    assert crt_result(crt, col, 1) == "DR"


def test_shifts_of_several_features_add_up(crt: DifferenceCrt) -> None:
    # given a town behind a river (2 + 3 left) at differential 10 / then 5 columns left of "10+"
    assert column_shift(crt, ["town", "river"]) == -5
    assert odds_column(crt, F(16), F(6), -5) == "1"


def test_differential_is_rounded_down(crt: DifferenceCrt) -> None:
    # given a fractional differential 3 1/2 / then it reads the "2..3" column
    assert odds_column(crt, Fraction(19, 2), F(6)) == "2..3"
    assert odds_column(crt, Fraction(1, 2), F(1)) == "-1"  # -1/2 rounds down to -1


def test_below_the_first_column_uses_the_first_and_above_the_last_uses_the_last(
    crt: DifferenceCrt,
) -> None:
    # given differentials off both ends / then the end columns apply (below_first = "first")
    assert odds_column(crt, F(1), F(9)) == "-1"
    assert odds_column(crt, F(40), F(1)) == "10+"
    assert (
        odds_column(crt, F(1), F(9), -3) == "-1"
    )  # shifting left off the table stays at the first


def test_sample_table_cells(crt: DifferenceCrt) -> None:
    # given the sample table / then a few cells across the table read as printed
    assert crt_result(crt, "-1", 1) == "NR"
    assert crt_result(crt, "-1", 3) == "AR"
    assert crt_result(crt, "6..7", 6) == "NR"
    assert crt_result(crt, "10+", 4) == "DR2"
    assert crt_result(crt, "10+", 9) == "DR"  # clamped to row 6
    assert result_def(crt, "DR2").defender_retreat == 2
    assert result_def(crt, "AR").attacker_retreat == 1


@pytest.mark.parametrize(
    ("columns", "needle"),
    [
        (["-1", "0", "2..3"], "does not follow"),
        (["0", "10+", "11"], "open-ended"),
        (["3..1"], "backwards"),
        (["x"], "is not like"),
    ],
)
def test_bad_difference_columns_are_rejected(columns: list[str], needle: str) -> None:
    # given malformed column ranges / then validation names the problem
    rows = {"1": ["NR"] * len(columns)}
    with raises_rules(needle, ValidationError):
        TypeAdapter(Crt).validate_python(
            {"kind": "difference", "columns": columns, "rows": rows, "results": {"NR": {}}}
        )
