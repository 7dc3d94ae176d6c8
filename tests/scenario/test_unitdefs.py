"""Unit definitions (R2.1) and default reduced factors (R2.2)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from malaya.engine.scenario import (
    Factors,
    Nationality,
    Side,
    Size,
    UnitDef,
    UnitType,
    reduced_factors,
)
from tests.content.words import raises_rules

BASE = {
    "id": "jp_11_inf",
    "name": "11th Infantry Regt",
    "side": "JP",
    "nationality": "Army",
    "type": "infantry",
    "size": "III",
    "attack": 8,
    "defense": 6,
    "movement": 7,
    "stacking": 2,
    "steps": 2,
}


def test_reduced_factors_default_to_half_rounded_up_movement_kept_R2_2() -> None:
    # given full factors / then reduced attack and defense are halved rounded up, MA unchanged
    assert reduced_factors(8, 6, 7) == Factors(4, 3, 7)
    assert reduced_factors(5, 7, 5) == Factors(3, 4, 5)
    assert reduced_factors(1, 3, 4) == Factors(1, 2, 4)
    assert reduced_factors(0, 0, 0) == Factors(0, 0, 0)


def test_unit_without_reduced_factors_gets_the_default_R2_2() -> None:
    # given a unit with no reduced factors in data / then the R2.2 default applies
    u = UnitDef.model_validate(BASE)
    assert u.full == Factors(8, 6, 7)
    assert u.reduced == Factors(4, 3, 7)
    assert u.factors(2) == u.full and u.factors(1) == u.reduced
    assert u.nationality_label == "JP Army"
    assert (u.side, u.nationality, u.type, u.size) == (
        Side.JP,
        Nationality.ARMY,
        UnitType.INFANTRY,
        Size.REGIMENT,
    )


def test_given_reduced_factors_override_the_default_R2_2() -> None:
    # given explicit reduced factors / then they are used
    u = UnitDef.model_validate({**BASE, "reduced_attack": 3, "reduced_movement": 6})
    assert u.reduced == Factors(3, 3, 6)


@pytest.mark.parametrize(
    ("change", "needle"),
    [
        ({"nationality": "Indian"}, "belongs to side CW"),
        ({"reduced_attack": 9}, "exceed full"),
        ({"steps": 3}, "steps"),
        ({"stacking": 3}, "stacking"),
        ({"steps": 1, "reduced_attack": 2}, "1-step unit"),
        ({"id": "Bad Id"}, "id"),
        ({"size": "XX"}, "size"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_invalid_unit_definitions_are_rejected_R2_1(change: dict, needle: str) -> None:
    # given an inconsistent unit / then validation fails naming the problem
    with raises_rules(needle, ValidationError):
        UnitDef.model_validate({**BASE, **change})


def test_factors_for_an_impossible_step_count_raise() -> None:
    # given a 2-step unit / then asking for 0 or 3 steps left is an error
    u = UnitDef.model_validate(BASE)
    with pytest.raises(ValueError):
        u.factors(3)
