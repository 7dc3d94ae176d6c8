"""``evolve`` is ``dataclasses.replace`` for the engine's records, only faster (issue 16)."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pytest

from malaya.engine import rules
from malaya.engine.fast_replace import evolve
from malaya.engine.gamedef import new_game
from malaya.engine.hexgrid import Hex
from malaya.engine.sides import Side
from malaya.engine.state import Phase
from tests.bundled import bundled_game


def test_an_evolved_state_is_the_state_replace_gives() -> None:
    # given the campaign's opening position and one of its units
    gd = bundled_game()
    state = rules.start(gd, new_game(gd, ())).state
    unit = state.units[0]
    # when a copy is made with some fields changed
    changes = {"turn": state.turn + 1, "side": Side.CW, "phase": Phase.COMBAT, "units": state.units[1:]}
    # then it equals (with the same hash and digest) what dataclasses.replace makes
    assert evolve(state, **changes) == replace(state, **changes)
    assert evolve(state, **changes).digest() == replace(state, **changes).digest()
    assert evolve(unit, hex=Hex(3, 4), steps=1) == replace(unit, hex=Hex(3, 4), steps=1)
    assert hash(evolve(unit, steps=1)) == hash(replace(unit, steps=1))
    # and the original is untouched
    assert evolve(state) == state and evolve(state) is not state


def test_a_field_the_record_does_not_have_is_refused() -> None:
    # given a state, when a copy names a field it does not have, then it is refused as replace refuses it
    gd = bundled_game()
    state = new_game(gd, ())
    with pytest.raises(TypeError):
        evolve(state, turns=3)


def test_a_record_with_post_init_is_refused() -> None:
    # given a slotted record whose __init__ does more than set its fields
    @dataclass(frozen=True, slots=True)
    class Checked:
        value: int

        def __post_init__(self) -> None:
            assert self.value >= 0

    # when it is evolved, then it is refused rather than copied past its check
    with pytest.raises(TypeError):
        evolve(Checked(1), value=-1)
