"""The hard CW holds Singapore island longer (issue 18): its strongest units hold the shore hexes the JP
can hit hardest, where the JP attacks across the Johore Strait at half strength (R5.2); a shore held by
weak units falls at high odds and its stack is pushed off the island into the swamp (R12.8)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from malaya.ai import make_ai
from malaya.ai.redoubt_shore import DEFENSE_UNIT, shore_weight
from malaya.ai.levels import LEVELS
from malaya.engine import rules
from malaya.engine.actions import MoveUnit
from malaya.engine.hexgrid import Hex
from malaya.engine.sides import Side
from malaya.engine.state import Phase
from tests.ai.strait_map import strait_island
from tests.builder import Game

SHORE_STRENGTH = 6.0
"""The knob's weight as measured (hard leaves it off: with the CW's delaying knobs it did not help)."""


def _island() -> Game:
    # given Singapore island: a fortress hex (4,9) behind a plantation shore hex (4,8) that faces the
    # mainland across the Johore Strait and the causeway (R5.2), sea on either side; two JP regiments at
    # the strait; a full-strength CW brigade (defense 7) in the fortress and two machine-gun battalions
    # (defense 2, one stacking point each) on the shore
    builder = strait_island()
    builder.unit("jp_a", "JP", at=(4, 6)).unit("jp_b", "JP", at=(3, 6))
    builder.unit("cw_bde", "CW", at=(4, 9), defense=7)
    for mg in ("cw_mg1", "cw_mg2"):
        builder.unit(mg, "CW", at=(4, 8), defense=2, stacking=1, steps=1)
    return builder.at_phase(Phase.MOVEMENT, side="CW", turn=20).build()


def _after_the_phase(game: Game, level_name: str) -> dict[str, Hex | None]:
    ai = make_ai(level_name, Side.CW, seed=1)
    state = game.state
    while isinstance(action := ai(game.gd, state), MoveUnit):
        state = rules.apply(game.gd, state, action).state
    return {u.id: u.hex for u in state.units}


def test_with_the_shore_weight_the_cw_puts_its_full_strength_brigade_on_the_shore_not_a_machine_gun_battalion(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = _island()
    shore, fortress = game.hex(4, 8), game.hex(4, 9)
    weighed = replace(LEVELS["hard"], name="hard_shore", shore_strength=SHORE_STRENGTH)
    monkeypatch.setitem(LEVELS, "hard_shore", weighed)
    monkeypatch.setitem(LEVELS, "hard_no_weight", replace(weighed, name="hard_no_weight", shore_strength=0.0))
    # when the hard CW plays its Movement phase, with and without weighing its units on the shore
    hard, without = _after_the_phase(game, "hard_shore"), _after_the_phase(game, "hard_no_weight")
    # then the brigade stands on the shore hex the JP must attack across the strait (R5.2)
    assert hard["cw_bde"] == shore
    # while without the weight it stays in the fortress and leaves the shore to one battalion of defense 2
    assert without["cw_bde"] == fortress
    assert [u for u in ("cw_bde", "cw_mg1", "cw_mg2") if without[u] == shore] == ["cw_mg2"]


def test_the_shore_weight_is_the_unit_strength_times_the_share_of_the_jp_threat() -> None:
    game = _island()
    shore = frozenset({game.hex(4, 8), game.hex(3, 7)})
    threat = {game.hex(4, 8): 16.0, game.hex(3, 7): 8.0}

    def weight(unit: str, h: Hex) -> float:
        return shore_weight(game.gd, game.state, shore, threat, unit, h)
    # when the brigade and a battalion weigh the shore hexes
    # then the brigade weighs 7/DEFENSE_UNIT on the most threatened hex, half that where the threat is half,
    # a battalion 2/DEFENSE_UNIT, and nothing where no JP unit can attack next turn
    assert weight("cw_bde", game.hex(4, 8)) == pytest.approx(7 / DEFENSE_UNIT)
    assert weight("cw_bde", game.hex(3, 7)) == pytest.approx(3.5 / DEFENSE_UNIT)
    assert weight("cw_mg1", game.hex(4, 8)) == pytest.approx(2 / DEFENSE_UNIT)
    assert shore_weight(game.gd, game.state, shore, {}, "cw_bde", game.hex(4, 8)) == 0.0
