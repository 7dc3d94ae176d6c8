"""The hard JP's assault on Singapore island and its sea moves (R5.2 strait, R9, R12.2, R15.1)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from malaya.ai import make_ai
from malaya.ai.assault import plan_assaults
from malaya.ai.assault_moves import ROOM_COST, blocks_assault, room_cost
from malaya.ai.combat import choose_combat, evaluate
from malaya.ai.knowledge import enemy_picture, map_knowledge, redoubt_hexes
from malaya.ai.levels import level
from malaya.ai.move_context import MoveContext
from malaya.ai.naval import MAP_LANDING_GAIN, jp_front, score_jp_port
from malaya.engine.actions import MoveUnit
from malaya.engine.combat import preview_for
from malaya.engine.movement import reachable
from malaya.engine.sides import Side
from malaya.engine.state import Phase, set_pool
from tests.builder import GameBuilder
from tests.bundled import bundled_game

REDOUBT = {"value": 4.0, "least_odds": 0.5}
"""The campaign's ``[ai.JP] redoubt`` table (scenarios/malaya1941/scenario.toml)."""


def _island(builder: GameBuilder) -> GameBuilder:
    # A fortress hex (3,7) with a plantation hex (3,6) joined to it: the island, sea on either side.
    # The three mainland hexes north of the plantation face it across the strait (R5.2). The JP's
    # [ai] table values the island as the campaign's does.
    builder.terrain((3, 7), "fortress").terrain((3, 6), "plantation").ai_hints("JP", redoubt=REDOUBT)
    for bank in ((2, 6), (3, 5), (4, 6)):
        builder.hexside(bank, (3, 6), "strait")
    for sea in ((2, 7), (4, 7)):
        builder.terrain(sea, "sea")
    return builder


def _with_attack_ap(state, points: int):
    return replace(state, attack_pool=set_pool(state.attack_pool, Side.JP, points))


def test_the_island_is_the_fortress_and_the_land_joined_to_it_not_across_the_strait() -> None:
    # given the built island and the campaign map
    game = _island(GameBuilder(width=6, height=8)).unit("jp_a", "JP", at=(0, 0)).build()
    # when the AI works out which hexes are Singapore island
    island = redoubt_hexes(game.gd)
    # then the plantation hex joined to the fortress counts, the bank across the strait does not
    assert island == {game.hex(3, 7), game.hex(3, 6)}
    mainland = GameBuilder(width=6, height=8).terrain((3, 7), "fortress").unit("jp_a", "JP", at=(0, 0)).build()
    assert redoubt_hexes(mainland.gd) == frozenset()  # a fortress no strait cuts off is no island
    gd = bundled_game()
    names = {gd.describe_hex(h).split(" (")[0] for h in map_knowledge(gd).redoubt}
    assert {"Seletar", "Tengah", "Sembawang", "Singapore", "Kallang"} <= names
    assert "Johore Bahru" not in names and gd.singapore_hexes <= map_knowledge(gd).redoubt
    hints = gd.scenario.ai[Side.JP].redoubt
    assert hints is not None and (hints.value, hints.least_odds) == (REDOUBT["value"], REDOUBT["least_odds"])


def test_hard_jp_attacks_the_island_at_1_to_2_only_with_the_air_that_makes_it_pay() -> None:
    # given one JP regiment (attack 8, halved across the strait, R5.2) facing a CW brigade of
    # defense 7 on the island's plantation hex: 4 : 7, the 1:2 column
    game = (_island(GameBuilder(width=6, height=8))
            .place("JP field", (0, 0), airfield=True).siam((0, 0))
            .unit("jp_a", "JP", at=(3, 5)).unit("cw_bde", "CW", at=(3, 6), defense=7)
            .at_phase(Phase.COMBAT).build())
    know = map_knowledge(game.gd)
    with_air, without = _with_attack_ap(game.state, 3), _with_attack_ap(game.state, 0)
    # when each level chooses its combat, with three attack AP in range and with none
    hard = choose_combat(game.gd, with_air, know, level("hard"))
    # then with +3 to the die (four rolls in six push the defenders back) the hard JP attacks with all
    # three AP: on the exact distribution a foothold on the island (R15.1) outweighs the steps it risks
    assert hard is not None and hard.target == game.hex(3, 6) and hard.air_points == 3
    assert hard.chosen.column == "1:2"
    # and without air the 1:2 does not pay (the attacker loses a step on most rolls): no attack (issue 18);
    # the normal JP, which gives the island no extra worth, takes it only with the three AP that would
    # otherwise lapse (R11.2: they cost it nothing, and with +3 its distribution pays), never without air
    assert choose_combat(game.gd, without, know, level("hard")) is None
    normal = choose_combat(game.gd, with_air, know, level("normal"))
    assert normal is not None and normal.air_points == 3 and normal.chosen.score > 0
    assert choose_combat(game.gd, without, know, level("normal")) is None


def test_hard_jp_gathers_against_the_island_at_odds_it_would_not_gather_for_elsewhere() -> None:
    # given two JP regiments two hexes from the bank, two CW brigades on the island's plantation hex
    # (unseen: estimated 6.2 defense each, R2.5) and three attack AP in range
    game = (_island(GameBuilder(width=6, height=8))
            .place("JP field", (0, 0), airfield=True).siam((0, 0))
            .unit("jp_a", "JP", at=(2, 4)).unit("jp_b", "JP", at=(4, 4))
            .unit("cw_a", "CW", at=(3, 6)).unit("cw_b", "CW", at=(3, 6))
            .at_phase(Phase.MOVEMENT).build())
    state = _with_attack_ap(game.state, 3)
    know, picture = map_knowledge(game.gd), enemy_picture(game.gd, state, Side.JP)
    routes = {u: set(reachable(game.gd, state, u)) | {state.units[game.gd.unit_index[u]].hex}
              for u in ("jp_a", "jp_b")}
    # when the JP plans its assaults: 16 halved across the strait against about 12.4 is under 1:1
    usual = plan_assaults(game.gd, state, know, picture, routes, goal=3.0)
    island = plan_assaults(game.gd, state, know, picture, routes, goal=3.0,
                           redoubt_least=REDOUBT["least_odds"], redoubt_value=REDOUBT["value"])
    # then only the island rule gathers both regiments on the bank, for the 1:2 column with 3 AP
    assert usual == []
    assert len(island) == 1 and set(island[0].units) == {"jp_a", "jp_b"} and island[0].air_points == 3
    assert island[0].target == game.hex(3, 6) and island[0].odds < 1.0


def test_the_hard_jp_weighs_its_own_step_losses_as_the_cw_victory_points_they_are() -> None:
    # given a JP regiment next to a CW brigade in the open (a 3:2 attack: some results cost the
    # attacker a step, and every JP step lost is a CW victory point, R15.3)
    game = (GameBuilder(width=8, height=6).terrain((7, 5), "fortress")
            .unit("jp_a", "JP", at=(2, 2)).unit("cw_b", "CW", at=(2, 3), defense=5)
            .at_phase(Phase.COMBAT).build())
    know, target = map_knowledge(game.gd), game.hex(2, 3)
    normal, hard = level("normal"), level("hard")
    # when each level scores the same attack
    scored = {lvl.name: evaluate(game.gd, game.state, know, lvl, target, ("jp_a",), 0, 0.0) for lvl in (normal, hard)}
    # then the hard score is lower by the extra weight times the expected attacker steps lost
    results = game.gd.scenario.ruleset.combat.crt.results
    expected_loss = sum(float(p) * results[code].attacker_steps
                        for code, p in preview_for(game.gd, game.state, target, ("jp_a",), 0).probabilities)
    assert expected_loss > 0 and hard.caution > normal.caution
    assert scored["hard"].score == pytest.approx(
        scored["normal"].score - (hard.caution - normal.caution) * expected_loss
    )


def _tank_in_the_way():
    # A CW brigade in the open; a JP tank regiment stands next to it with no road (armor may not
    # attack it, R12.2) and fills the hex with an infantry regiment; two more regiments come up.
    return (GameBuilder(width=8, height=10).terrain((4, 9), "fortress")
            .unit("jp_tank", "JP", at=(4, 3), type="armor", movement=10)
            .unit("jp_a", "JP", at=(4, 3)).unit("jp_b", "JP", at=(4, 1)).unit("jp_c", "JP", at=(5, 1))
            .unit("cw_bde", "CW", at=(4, 4), defense=4)
            .at_phase(Phase.MOVEMENT).build())


def test_a_unit_that_cannot_join_an_assault_makes_room_for_those_that_can() -> None:
    # given the tank in the way and an assault plan against the brigade that commits the infantry
    game = _tank_in_the_way()
    ctx = MoveContext(Side.JP, map_knowledge(game.gd), enemy_picture(game.gd, game.state, Side.JP), {}, {}, 0.0, 0)
    target = game.hex(4, 4)
    ctx.assault = {"jp_a": target, "jp_b": target, "jp_c": target}
    beside, back = game.hex(4, 3), game.hex(4, 1)
    # when the hard level (which coordinates its attacks) scores where the tank ends
    ctx.make_room = True
    # then ending beside the target costs the tank the room it takes from the regiments (R4), a
    # committed regiment pays nothing there, and a hex away from the target is free
    assert blocks_assault(game.gd, game.state, ctx, "jp_tank", beside)
    assert room_cost(game.gd, game.state, ctx, "jp_tank", beside) == ROOM_COST
    assert room_cost(game.gd, game.state, ctx, "jp_a", beside) == 0.0
    assert room_cost(game.gd, game.state, ctx, "jp_tank", back) == 0.0
    ctx.make_room = False
    assert room_cost(game.gd, game.state, ctx, "jp_tank", beside) == 0.0


def test_the_hard_jp_moves_the_blocking_tank_before_the_regiments_need_its_hex() -> None:
    # given the tank in the way
    game = _tank_in_the_way()
    # when the hard JP AI makes its first move of the phase
    action = make_ai("hard", Side.JP, seed=1)(game.gd, game.state)
    # then the tank leaves the brigade's side first, so the regiments can gather there
    assert isinstance(action, MoveUnit) and action.unit == "jp_tank"
    assert action.to.distance(game.hex(4, 4)) > 1


def _coast():
    # An East-coast strip: a JP regiment ashore in a northern port, ports further down the coast,
    # the JP main body (three regiments) inland, Singapore fortress at the bottom.
    b = GameBuilder(width=6, height=30).terrain((3, 29), "fortress")
    for name, row in (("Back port", 2), ("North port", 5), ("Near port", 8), ("South port", 16)):
        b.place(name, (0, row), port=True, sea_area="East")
    b.unit("jp_ashore", "JP", at=(0, 5))
    for k, col in enumerate((3, 4, 5)):
        b.unit(f"jp_main{k}", "JP", at=(col, 12))
    return b.at_phase(Phase.NAVAL).build()


def test_a_unit_ashore_re_embarks_only_to_land_well_ahead_of_where_it_stands() -> None:
    # given the regiment ashore in North port
    game = _coast()
    gd, state = game.gd, game.state
    know, lvl = map_knowledge(gd), level("hard")
    picture = enemy_picture(gd, state, Side.JP)
    front = jp_front(gd, state, know)

    def value(port_cell):
        return score_jp_port(gd, state, know, lvl, picture, "jp_ashore", game.hex(*port_cell), True, front)

    # when the hard JP weighs landing it at the other ports (R9.1)
    # then a port behind it or only a few MP further south is never worth the sea move; a port
    # at least MAP_LANDING_GAIN MP further toward Singapore is
    here = know.dist(game.hex(0, 5))
    assert here - know.dist(game.hex(0, 8)) < MAP_LANDING_GAIN <= here - know.dist(game.hex(0, 16))
    assert value((0, 2)) is None and value((0, 8)) is None
    assert value((0, 16)) is not None
