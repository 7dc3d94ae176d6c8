"""CW brings home a unit stranded near Singapore (issue 18 blunder 4): a fortress stack the JP pushed
back across the Johore Strait (R12.8) sits out of supply on the mainland bank (R10) unless it crosses
back; infantry beside the strait may cross it with its whole MA (R5.2), if the island hex has room (R4.1)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from malaya.ai import make_ai
from malaya.ai.knowledge import map_knowledge
from malaya.ai.levels import LEVELS, Behaviour
from malaya.ai.strand_return import is_stranded
from malaya.engine import rules
from malaya.engine.actions import MoveUnit
from malaya.engine.hexgrid import Hex
from malaya.engine.sides import Side
from malaya.engine.state import Phase
from tests.builder import Game, GameBuilder


def _pushed_across_the_strait() -> Game:
    # given Singapore island: a full fortress hex (4,27), the CW supply source, a shore hex (4,26) full
    # with two brigades facing the mainland across the Johore Strait, and a plantation hex (5,27) behind
    # with room; the JP far to the north; a CW brigade out of supply in the swamp on the bank at (5,25)
    builder = (GameBuilder(width=10, height=30).terrain((4, 27), "fortress").terrain((4, 26), "plantation")
               .terrain((5, 27), "plantation").terrain((5, 25), "swamp")
               .place("Singapore", (4, 27), supply_source="CW"))
    for bank in ((3, 25), (4, 25), (5, 25)):
        builder.hexside(bank, (4, 26), "strait")
    for sea in ((3, 26), (5, 26), (3, 27), (4, 28), (6, 27), (5, 28), (6, 26), (6, 28)):
        builder.terrain(sea, "sea")
    builder.unit("jp_a", "JP", at=(4, 0)).unit("cw_b", "CW", at=(5, 25))
    for unit_id, cell in (("cw_a", (4, 26)), ("cw_c", (4, 26)), ("cw_d", (4, 27)), ("cw_e", (4, 27)),
                          ("cw_f", (4, 27))):
        builder.unit(unit_id, "CW", at=cell)
    game = builder.at_phase(Phase.MOVEMENT, side="CW", turn=20).build()
    units = tuple(replace(u, supplied=False) if u.id == "cw_b" else u for u in game.state.units)
    return Game(game.gd, replace(game.state, units=units))


def _where_it_ends(game: Game, level_name: str) -> Hex | None:
    ai = make_ai(level_name, Side.CW, seed=1)
    state = game.state
    while isinstance(action := ai(game.gd, state), MoveUnit):
        state = rules.apply(game.gd, state, action).state
    return state.units[game.gd.unit_index["cw_b"]].hex


def test_a_unit_out_of_supply_on_the_bank_near_singapore_is_stranded_the_island_garrison_is_not() -> None:
    game = _pushed_across_the_strait()
    know = map_knowledge(game.gd)
    # then the brigade on the bank counts as stranded, the shore brigade does not
    assert is_stranded(game.gd, game.state, know, "cw_b")
    assert not is_stranded(game.gd, game.state, know, "cw_a")


def test_hard_cw_makes_room_on_the_shore_and_brings_the_stranded_brigade_back_across_the_strait(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = _pushed_across_the_strait()
    # when the hard CW plays its Movement phase, a shore brigade steps back and the stranded one crosses (R5.2)
    assert _where_it_ends(game, "hard") == game.hex(4, 26)
    # while without the knob the shore stays full and the brigade stays out on the mainland, unsupplied
    monkeypatch.setitem(LEVELS, "hard", LEVELS["hard"].without(Behaviour.RETURN_STRANDED))
    assert _where_it_ends(game, "hard") not in map_knowledge(game.gd).redoubt
