"""CW guards the shore of Singapore island (issue 18 blunder 4): a garrison packed into the fortress
lets the JP walk onto the island's empty shore hexes, attack the fortress from the land side and push
its stacks back across the strait into the swamp, where they starve (R5.2, R7.2, R12.8, R10)."""

from __future__ import annotations

from malaya.ai import make_ai
from malaya.ai.demolition import next_demolition
from malaya.ai.knowledge import enemy_picture, map_knowledge
from malaya.ai.redoubt_shore import SHORE_BONUS, SHORE_STACK, crossing_ready, guard_value, shore_hexes
from malaya.engine.actions import MoveUnit
from malaya.engine.sides import Side
from malaya.engine.state import Phase
from tests.ai.strait_map import strait_island
from tests.builder import Game


def _island(*units: tuple[str, str, tuple[int, int]], road: bool = False) -> Game:
    # given Singapore island: a fortress hex (4,9) behind a plantation hex (4,8) that faces the mainland
    # across the Johore Strait (R5.2) and over the causeway from (4,7); sea on either side
    builder = strait_island()
    if road:
        builder.road((4, 6), (4, 7), (4, 8), (4, 9))  # the road over the causeway makes it a bridge (R7.7)
    for unit_id, side, cell in units:
        builder.unit(unit_id, side, at=cell)
    return builder.at_phase(Phase.MOVEMENT, side="CW", turn=20).build()


def test_the_shore_is_the_island_hex_facing_the_mainland_not_the_fortress_behind_it() -> None:
    game = _island(("jp_a", "JP", (4, 4)), ("cw_a", "CW", (4, 9)))
    # when the AI works out the island's shore
    shore = shore_hexes(game.gd, map_knowledge(game.gd))
    # then it is the plantation hex across the strait and the causeway, not the fortress behind it
    assert shore == {game.hex(4, 8)}


def test_a_bare_shore_hex_is_worth_the_bonus_and_leaving_it_bare_costs_as_much() -> None:
    game = _island(("jp_a", "JP", (4, 5)), ("cw_a", "CW", (4, 9)), ("cw_b", "CW", (4, 8)))
    know = map_knowledge(game.gd)
    threat = {game.hex(4, 8): 8.0}
    # when the lone brigade on the shore weighs staying against falling back into the fortress
    stay = guard_value(game.gd, game.state, know, threat, "cw_b", game.hex(4, 8))
    leave = guard_value(game.gd, game.state, know, threat, "cw_b", game.hex(4, 9))
    # then staying is worth the shore bonus and leaving the shore bare costs as much
    assert (stay, leave) == (SHORE_BONUS, -SHORE_BONUS)
    # and the fortress brigade gains by stacking onto the shore only while the JP can attack it
    assert guard_value(game.gd, game.state, know, threat, "cw_a", game.hex(4, 8)) == SHORE_STACK
    assert guard_value(game.gd, game.state, know, {}, "cw_a", game.hex(4, 8)) == 0.0


def test_hard_cw_garrison_steps_onto_the_bare_shore_while_the_baseline_stays_in_the_fortress() -> None:
    # given the JP at the strait and a CW brigade in the fortress with the shore hex empty (final stand)
    game = _island(("jp_a", "JP", (4, 6)), ("cw_a", "CW", (4, 9)))
    # when the hard CW moves, it holds the shore so the JP cannot walk onto the island (R7.2)
    action = make_ai("hard", Side.CW, seed=1)(game.gd, game.state)
    assert action == MoveUnit(side=Side.CW, unit="cw_a", to=game.hex(4, 8))
    # while the frozen baseline keeps it in the fortress and leaves the shore open
    baseline = make_ai("baseline", Side.CW, seed=1)(game.gd, game.state)
    assert not (isinstance(baseline, MoveUnit) and baseline.to == game.hex(4, 8))


def test_the_causeway_is_blown_only_once_no_cw_unit_near_it_is_left_on_the_mainland() -> None:
    # given the JP closing in, a CW brigade on the island and another still on the mainland bank
    stranded = _island(("jp_a", "JP", (4, 2)), ("cw_a", "CW", (4, 8)), ("cw_b", "CW", (6, 6)))
    home = _island(("jp_a", "JP", (4, 2)), ("cw_a", "CW", (4, 8)), ("cw_b", "CW", (4, 9)))
    causeway = (stranded.hex(4, 7), stranded.hex(4, 8))
    # then blowing it would strand the mainland brigade, and once both are on the island it may go
    assert not crossing_ready(stranded.gd, stranded.state, map_knowledge(stranded.gd), *causeway)
    assert crossing_ready(home.gd, home.state, map_knowledge(home.gd), *causeway)


def test_with_causeway_early_a_brigade_two_hexes_back_on_the_mainland_no_longer_keeps_the_causeway() -> None:
    # given the JP at the strait, a CW brigade on the island and one two hexes from the causeway on the
    # mainland (watched, seed 11: the causeway stayed up for such units and the JP crossed it at full
    # strength, R5.2, instead of attacking across the strait at half strength)
    game = _island(("jp_a", "JP", (4, 5)), ("cw_a", "CW", (4, 8)), ("cw_b", "CW", (6, 6)), road=True)
    know, picture = map_knowledge(game.gd), enemy_picture(game.gd, game.state, Side.CW)
    # when the CW looks for a demolition with and without causeway_early
    usual = next_demolition(game.gd, game.state, know, picture, guard=True)
    early = next_demolition(game.gd, game.state, know, picture, guard=True, early=True)
    # then only causeway_early blows the causeway; a brigade beside its mainland end still keeps it
    assert usual is None
    assert early is not None and {early.a, early.b} == {game.hex(4, 7), game.hex(4, 8)}
    beside = _island(("jp_a", "JP", (4, 5)), ("cw_a", "CW", (4, 8)), ("cw_b", "CW", (5, 7)), road=True)
    assert next_demolition(beside.gd, beside.state, know, enemy_picture(beside.gd, beside.state, Side.CW),
                           guard=True, early=True) is None
