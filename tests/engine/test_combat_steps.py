"""The combat resolution queue holds typed steps (issue 12) whose canonical form is unchanged (R12.6-R12.9)."""

from __future__ import annotations

from fractions import Fraction

from malaya.engine.chance_context import (
    NO_CONTEXT,
    AirPointsContext,
    LossCandidates,
    PercentContext,
    SeaMoveContext,
)
from malaya.engine.combat_steps import Eliminate, LoseSteps, PickLoss, ReadDie, Retreat, StepKind
from malaya.engine.hexgrid import Hex
from malaya.engine.state import canonical


def test_given_each_step_when_made_canonical_then_it_is_the_flat_row_saved_digests_were_taken_from() -> None:
    """A state digest of a combat under resolution is the same as before the steps were typed."""
    read = ReadDie("2:1", -1, Fraction(9, 2), Fraction(2), 1, 0)
    assert canonical(read) == ["die", "2:1", "-1", "9/2", "2", "1", "0"]
    assert canonical(Eliminate(("cw_a", "cw_b"))) == ["eliminate", "cw_a", "cw_b"]
    assert canonical(LoseSteps(2, ("cw_a",))) == ["lose", "2", "cw_a"]
    assert canonical(PickLoss(("cw_a", "cw_b"))) == ["pick", "cw_a", "cw_b"]
    assert canonical(Retreat(1, ("jp_a",))) == ["retreat", "1", "jp_a"]


def test_given_a_step_when_asked_its_kind_then_it_is_the_enum_member_of_its_class() -> None:
    """Each record names its kind by the StepKind enum, never by a free string."""
    kinds = [step.kind for step in (ReadDie("1:1", 0, Fraction(1), Fraction(1), 0, 0), Eliminate(()),
                                    LoseSteps(1, ()), PickLoss(()), Retreat(2, ()))]
    assert kinds == [StepKind.DIE, StepKind.ELIMINATE, StepKind.LOSE, StepKind.PICK, StepKind.RETREAT]


def test_given_each_chance_context_when_made_canonical_then_it_is_the_flat_row_digests_were_taken_from() -> None:
    """R9.3, R9.7, R12.7: a chance node's context is typed, and its digest text is what it always was."""
    assert canonical(SeaMoveContext("jp_a", Hex(33, -3), True)) == ["jp_a", "33", "-3", "1"]
    assert canonical(AirPointsContext(3)) == ["3"]
    assert canonical(PercentContext(80)) == ["80"]
    assert canonical(LossCandidates(("a", "b"))) == ["a", "b"]
    assert canonical(NO_CONTEXT) == []
