"""The R12.6 ratio CRT as data, odds rounding (R12.4) and die-roll clamping (R12.5)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from malaya.engine.crt import RatioCrt, crt_result, odds_column, parse_ratio, result_def
from malaya.engine.ruleset import Ruleset

# R12.6 transcribed from RULES.md: roll label, then the 8 columns 1:2 .. 6:1.
R12_6 = """
<=0 A2 A2 A1 A1 A1 EX EX DR
1   A2 A1 A1 A1 EX DR DR D1R
2   A1 A1 A1 EX DR DR D1R D1R
3   A1 A1 EX DR DR D1R D1R D2R
4   AR EX DR DR D1R D1R D2R D2R
5   EX DR DR D1R D1R D2R D2R DE
6   DR DR D1R D1R D2R D2R DE DE
>=7 DR D1R D1R D2R D2R DE DE DE
"""
COLUMNS = ["1:2", "1:1", "3:2", "2:1", "3:1", "4:1", "5:1", "6:1"]
ROLLS = {"<=0": 0, ">=7": 7}


def _cells() -> list[tuple[int, str, str]]:
    out = []
    for line in R12_6.strip().splitlines():
        label, *codes = line.split()
        roll = ROLLS.get(label)
        roll = int(label) if roll is None else roll
        out.extend((roll, col, code) for col, code in zip(COLUMNS, codes, strict=True))
    return out


@pytest.fixture(scope="module")
def crt(ruleset: Ruleset) -> RatioCrt:
    assert isinstance(ruleset.combat.crt, RatioCrt)
    return ruleset.combat.crt


def test_crt_columns_are_the_R12_4_odds_in_order(crt: RatioCrt) -> None:
    # given the bundled ruleset / then its columns are exactly R12.4's
    assert list(crt.columns) == COLUMNS
    assert crt.kind == "ratio"


@pytest.mark.parametrize(("roll", "column", "code"), _cells())
def test_every_crt_cell_matches_R12_6(crt: RatioCrt, roll: int, column: str, code: str) -> None:
    # given the CRT data / when looking up a cell / then it is the one printed in R12.6
    assert crt_result(crt, column, roll) == code


def test_die_roll_below_the_table_uses_the_lowest_row_R12_5(crt: RatioCrt) -> None:
    # given modified rolls under 0 / then they read the "<=0" row
    for roll in (-1, -3, -10):
        assert [crt_result(crt, c, roll) for c in COLUMNS] == [
            crt_result(crt, c, 0) for c in COLUMNS
        ]


def test_die_roll_above_the_table_uses_the_highest_row_R12_5(crt: RatioCrt) -> None:
    # given modified rolls over 7 / then they read the ">=7" row
    for roll in (8, 9, 20):
        assert [crt_result(crt, c, roll) for c in COLUMNS] == [
            crt_result(crt, c, 7) for c in COLUMNS
        ]


def test_crt_result_rejects_an_unknown_column(crt: RatioCrt) -> None:
    # given a column not on the table / then a ValueError explains it
    with pytest.raises(ValueError, match="7:1"):
        crt_result(crt, "7:1", 3)


@pytest.mark.parametrize(
    ("attack", "defense", "column"),
    [
        (Fraction(7, 2), 1, "3:1"),  # 7/2 : 1 rounds down
        (5, 1, "5:1"),  # exact column
        (Fraction(11, 2), 1, "5:1"),
        (1, 2, "1:2"),  # exactly the first column
        (Fraction(3, 2), 1, "3:2"),
        (Fraction(149, 100), 1, "1:1"),
        (Fraction(299, 100), 1, "2:1"),
        (6, 1, "6:1"),
        (Fraction(13, 2), 1, "6:1"),  # better than 6:1 uses 6:1
        (100, 1, "6:1"),
        (8, Fraction(9, 1), "1:2"),
        (Fraction(16, 3), 4, "1:1"),  # 4/3 rounds down to 1:1
        (12, 8, "3:2"),
    ],
)
def test_odds_round_down_to_a_column_R12_4(
    crt: RatioCrt, attack: Fraction, defense: Fraction, column: str
) -> None:
    # given exact strengths / when computing the odds column / then it is rounded down
    assert odds_column(crt, Fraction(attack), Fraction(defense)) == column


@pytest.mark.parametrize(
    ("attack", "defense"), [(Fraction(49, 100), 1), (1, 3), (0, 5), (Fraction(99, 2), 100)]
)
def test_odds_below_1_2_cannot_be_resolved_R12_4(
    crt: RatioCrt, attack: Fraction, defense: Fraction
) -> None:
    # given odds worse than 1:2 / then there is no column (Roll Dice stays disabled)
    assert odds_column(crt, Fraction(attack), Fraction(defense)) is None


def test_zero_defense_uses_the_last_column_R12_4(crt: RatioCrt) -> None:
    # given a defense total of 0 / then the odds are better than 6:1
    assert odds_column(crt, Fraction(1), Fraction(0)) == "6:1"


def test_column_shift_moves_and_clamps(crt: RatioCrt) -> None:
    # given 3:1 odds / when shifted / then the column moves, stays at 6:1 on the right,
    # and shifting left past 1:2 makes the combat unresolvable like odds below 1:2
    assert odds_column(crt, Fraction(3), Fraction(1), column_shift=-2) == "3:2"
    assert odds_column(crt, Fraction(3), Fraction(1), column_shift=5) == "6:1"
    assert odds_column(crt, Fraction(3), Fraction(1), column_shift=-5) is None


@given(
    st.fractions(min_value=0, max_value=200, max_denominator=64),
    st.fractions(min_value=Fraction(1, 64), max_value=200, max_denominator=64),
)
@pytest.mark.slow
def test_chosen_column_is_the_greatest_not_above_the_odds_R12_4(
    crt: RatioCrt, attack: Fraction, defense: Fraction
) -> None:
    # given any strengths / then the column's odds <= attack/defense < the next column's odds
    col = odds_column(crt, attack, defense)
    odds = attack / defense
    if col is None:
        assert odds < Fraction(1, 2)
        return
    i = crt.columns.index(col)
    assert parse_ratio(col) <= odds
    if i + 1 < len(crt.columns):
        assert odds < parse_ratio(crt.columns[i + 1])


def test_result_codes_are_structured_data_R12_6(crt: RatioCrt) -> None:
    # given the legend / then each code's steps, retreats and elimination are as R12.6 says
    expect = {
        "A1": (1, 0, 0, 0, False),
        "A2": (2, 0, 0, 0, False),
        "AR": (1, 0, 2, 0, False),
        "EX": (1, 1, 0, 0, False),
        "DR": (0, 0, 0, 2, False),
        "D1R": (0, 1, 0, 2, False),
        "D2R": (0, 2, 0, 2, False),
        "DE": (0, 0, 0, 0, True),
    }
    assert set(crt.results) == set(expect)
    for code, (a_steps, d_steps, a_ret, d_ret, elim) in expect.items():
        r = result_def(crt, code)
        assert (r.attacker_steps, r.defender_steps, r.attacker_retreat, r.defender_retreat) == (
            a_steps,
            d_steps,
            a_ret,
            d_ret,
        )
        assert r.defender_eliminated is elim
        assert r.text
