"""CW keeps its island stacks from being pushed off Singapore island (issue 18 blunder 4): a defending stack
retreats two hexes together, each one farther from the combat hex, and must end where it fits, else one hex
farther (R12.8, R4.2); on a full island that last hex is across the strait in the swamp, out of supply (R10)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from malaya.ai.knowledge import map_knowledge
from malaya.ai.levels import Behaviour, level
from malaya.ai.move_setup import move_context
from malaya.ai.redoubt_path import UNSUPPLIED_NEAR, crossing_blown, leaves_redoubt, unsupplied_near
from malaya.ai.redoubt_room import ROOM_COST, block_hexes, has_room, redoubt_points, room_value
from malaya.ai.strand_return import BLOCK, return_value
from malaya.engine.combat.retreat import best_retreat
from malaya.engine.hexgrid import edge
from malaya.engine.sides import Side
from malaya.engine.state import Phase
from tests.ai.strait_map import THIN_EAST, THIN_FRONT, THIN_MIDDLE, THIN_SHORE, THIN_SWAMP, thin_island
from tests.builder import Game, GameBuilder, campaign_ruleset

JP_SHORE, FRONT, MIDDLE, EAST, SWAMP = THIN_SHORE, THIN_FRONT, THIN_MIDDLE, THIN_EAST, THIN_SWAMP


def _island(*units: tuple[str, str, tuple[int, int]]) -> Game:
    # given a thin Singapore island running south: a plantation shore hex (4,2) the JP already holds, the
    # fortress hexes (4,3) in front, (4,4) and (4,5) behind, and across the Johore Strait from the last one
    # the swamp (4,6) on the mainland; sea everywhere else; the campaign's fortress stacking of 4 (R4.1)
    return thin_island(units).at_phase(Phase.MOVEMENT, side="CW", turn=22).build()


def _front_retreat_end(game: Game) -> object:
    path = best_retreat(game.gd, game.state, ("cw_a", "cw_b"), game.hex(*FRONT), game.hex(*FRONT), 2)
    return None if path is None else path.hexes[-1]


GARRISON = (("jp_a", "JP", JP_SHORE), ("cw_a", "CW", FRONT), ("cw_b", "CW", FRONT),
            ("cw_c", "CW", MIDDLE), ("cw_d", "CW", MIDDLE))


def test_a_full_stack_retreats_off_the_island_when_the_hex_two_behind_it_is_full() -> None:
    # given the front stack of 4 points facing the JP, with the east fortress hex empty or holding a brigade
    empty, filled = _island(*GARRISON), _island(*GARRISON, ("cw_e", "CW", EAST))
    # then the game's retreat (R12.8) ends on the empty east hex, but with it taken goes on into the swamp
    assert _front_retreat_end(empty) == empty.hex(*EAST)
    assert _front_retreat_end(filled) == filled.hex(*SWAMP)
    # and the AI's check agrees
    know = map_knowledge(empty.gd)
    for game, room in ((empty, True), (filled, False)):
        points, jp = redoubt_points(game.gd, game.state, know)
        assert has_room(game.gd, game.state, know, points, jp, game.hex(*FRONT)) is room


def test_a_garrison_brigade_filling_the_retreat_room_costs_what_the_front_stack_would_lose() -> None:
    game = _island(*GARRISON, ("cw_e", "CW", MIDDLE))
    know = map_knowledge(game.gd)
    threat = {game.hex(*FRONT): 16.0}
    # when the brigade in the middle hex weighs stepping back onto the east hex
    cost = room_value(game.gd, game.state, know, threat, "cw_e", game.hex(*EAST))
    # then it pays for the 4 points of the front stack that would then be pushed into the swamp
    assert cost == -ROOM_COST * 4
    # and nothing while the JP cannot attack the front stack next turn
    assert room_value(game.gd, game.state, know, {}, "cw_e", game.hex(*EAST)) == 0.0


def test_a_stranded_brigade_in_the_swamp_blocks_the_front_stacks_retreat_so_it_holds_its_hex() -> None:
    game = _island(*GARRISON, ("cw_e", "CW", EAST), ("cw_f", "CW", SWAMP))
    know = map_knowledge(game.gd)
    threat = {game.hex(*FRONT): 16.0}
    # then the game finds no retreat for the front stack: it loses steps but stays on the island (R12.8)
    assert _front_retreat_end(game) is None
    # and the AI marks the swamp as where the front stack's retreat would end without the blocker
    assert block_hexes(game.gd, game.state, know, threat) == {game.hex(*SWAMP): 1}


def test_hard_cw_keeps_its_stranded_brigade_on_the_block_hex() -> None:
    game = _island(*GARRISON, ("cw_e", "CW", EAST), ("cw_f", "CW", SWAMP))
    units = tuple(replace(u, supplied=False) if u.id == "cw_f" else u for u in game.state.units)
    state = replace(game.state, units=units)
    ctx = move_context(game.gd, state, level("hard"), lambda note: None)
    # when the stranded brigade weighs staying on the block hex, it is worth the block more than without it
    stay = return_value(game.gd, state, ctx, "cw_f", game.hex(*SWAMP))
    assert ctx.strand_block == {game.hex(*SWAMP): 1}
    plain = move_context(game.gd, state, level("hard").without(Behaviour.STRANDED_BLOCK_RETREATS), lambda note: None)
    assert return_value(game.gd, state, plain, "cw_f", game.hex(*SWAMP)) == pytest.approx(stay - BLOCK)
    # and a second stranded brigade gains nothing from stacking onto the hex already blocked
    assert return_value(game.gd, state, ctx, "cw_e", game.hex(*SWAMP)) == \
        return_value(game.gd, state, plain, "cw_e", game.hex(*SWAMP))


def test_hard_cw_does_not_end_unsupplied_near_singapore_nor_advance_off_the_island() -> None:
    game = _island(*GARRISON, ("cw_e", "CW", EAST))
    ctx = move_context(game.gd, game.state, level("hard"), lambda note: None)
    know = map_knowledge(game.gd)
    # then the swamp across the strait, with no supply line (R10.4), costs a hard CW unit; the island does not
    assert game.hex(*SWAMP) not in ctx.supplied[game.gd.unit_def("cw_e").type]
    assert unsupplied_near(game.gd, game.state, ctx, level("hard"), "cw_e", game.hex(*SWAMP)) == UNSUPPLIED_NEAR
    assert unsupplied_near(game.gd, game.state, ctx, level("hard"), "cw_e", game.hex(*MIDDLE)) == 0.0
    assert unsupplied_near(game.gd, game.state, ctx, level("normal"), "cw_e", game.hex(*SWAMP)) == 0.0
    # and an advance after combat from the island to the mainland leaves it (R12.9), one on the island does not
    assert leaves_redoubt(game.gd, game.state, know, "cw_e", game.hex(*SWAMP))
    assert not leaves_redoubt(game.gd, game.state, know, "cw_e", game.hex(*MIDDLE))
    assert game.state.units[game.gd.unit_index["jp_a"]].hex == game.hex(*JP_SHORE)
    assert game.gd.side_of("jp_a") is Side.JP


def test_once_the_causeway_is_blown_the_mainland_near_singapore_costs_a_hard_cw_unit_even_supplied() -> None:
    # given the island joined to the mainland bank (4,1) by a causeway over the strait, with a CW brigade there
    builder = (GameBuilder(width=9, height=9).with_ruleset(campaign_ruleset()).terrain(JP_SHORE, "plantation")
               .terrain(FRONT, "fortress").hexside((4, 1), JP_SHORE, "causeway")
               .unit("jp_a", "JP", at=(4, 7)).unit("cw_a", "CW", at=(4, 1)).unit("cw_b", "CW", at=FRONT))
    for c in range(9):
        for r in range(9):
            if c != 4:
                builder.terrain((c, r), "sea")
    game = builder.at_phase(Phase.MOVEMENT, side="CW", turn=12).build()
    bank, hard = game.hex(4, 1), level("hard")
    ctx = move_context(game.gd, game.state, hard, lambda note: None)
    # then while the causeway stands the bank is supplied over it (R10.4) and costs nothing
    assert bank in ctx.supplied[game.gd.unit_def("cw_a").type]
    assert unsupplied_near(game.gd, game.state, ctx, hard, "cw_a", bank) == 0.0
    # and once it is blown (R7.7) ending there costs, whatever supply the phase began with
    blown = replace(game.state, demolished=frozenset({edge(bank, game.hex(*JP_SHORE))}))
    assert crossing_blown(game.gd, blown)
    assert unsupplied_near(game.gd, blown, ctx, hard, "cw_a", bank) == UNSUPPLIED_NEAR
