"""CW keeps a way back to Singapore island (issue 18 blunder 4): a mainland hex near the fortress from
which the JP can cut every way back next turn is where units are stranded out of supply (R10)."""

from __future__ import annotations

from malaya.ai.knowledge import map_knowledge
from malaya.ai.redoubt_path import open_ways, strands
from malaya.engine.state import Phase
from tests.ai.strait_map import strait_island
from tests.builder import Game


def _strait() -> Game:
    # given Singapore island (a fortress hex and a plantation joined to it) across a strait from a
    # mainland ten columns wide, a causeway from the middle bank hex
    builder = strait_island()
    return builder.unit("jp_a", "JP", at=(0, 0)).unit("cw_a", "CW", at=(8, 2)).at_phase(Phase.MOVEMENT).build()


def test_a_hex_whose_ways_back_the_jp_can_reach_next_turn_strands_its_unit() -> None:
    game = _strait()
    know = map_knowledge(game.gd)
    # when the JP can reach or attack the whole band of hexes along the strait (the threat map)
    band = {game.hex(c, r): 8.0 for c in range(10) for r in (6, 7)}
    ways = open_ways(game.gd, know, band)
    # then a mainland hex north of the band has no safe way back and strands its unit,
    # while with no threat every mainland hex keeps one and the island never strands
    assert strands(game.gd, know, ways, game.hex(8, 3))
    assert not strands(game.gd, know, open_ways(game.gd, know, {}), game.hex(8, 3))
    assert not strands(game.gd, know, ways, game.hex(4, 8))


def test_a_gap_in_the_reach_keeps_the_way_open() -> None:
    game = _strait()
    know = map_knowledge(game.gd)
    # when the JP reach along the strait leaves the column of the causeway free
    band = {game.hex(c, r): 8.0 for c in range(10) for r in (6, 7) if c != 4}
    ways = open_ways(game.gd, know, band)
    # then the hex at the top of that free column keeps its way back over the causeway (R5.2)
    assert not strands(game.gd, know, ways, game.hex(4, 3))


def test_a_bank_hex_beside_the_island_strands_when_the_causeway_end_is_threatened() -> None:
    game = _strait()
    know = map_knowledge(game.gd)
    # when the JP can reach the causeway end and the hexes around it, but not the bank hex east of it
    reach = {game.hex(c, r): 8.0 for c in range(0, 5) for r in range(0, 8)}
    ways = open_ways(game.gd, know, reach)
    # then the bank hex across the strait from the island has no way back: the strait is no way (R5.2)
    assert strands(game.gd, know, ways, game.hex(6, 7))
