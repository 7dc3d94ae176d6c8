"""Every refusal says why (issue 13 §2), asked of the session as a click would ask it: on the campaign map the
reasons name places, never a hex's column and row; an advance over the stacking limit says so."""

from __future__ import annotations

import re
from functools import lru_cache

from malaya.engine.actions import Advance, EndPhase, MoveUnit
from malaya.engine.gamedef import GameDef
from malaya.engine.sides import Side
from malaya.engine.state import Location, Phase
from malaya.session.game_client import GameClient
from malaya.session.match import Match
from malaya.session.words import refusals
from tests.builder import GameBuilder
from tests.bundled import bundled_game
from tests.rules.combat_fixtures import D, Table, combat_builder, hx, toward


@lru_cache(maxsize=1)
def _campaign() -> GameDef:
    return bundled_game()


def _jp_movement() -> GameClient:
    """The campaign's first Japanese Movement phase, both sides played here."""
    client = GameClient(Match.new(_campaign(), 7), frozenset(Side))
    while client.state.phase is not Phase.MOVEMENT:
        assert client.submit(EndPhase(side=client.state.side)) is None
    return client


def test_given_the_campaign_a_hex_beyond_the_movement_points_is_named_by_place_with_the_cost_R7_1() -> None:
    # given the first JP Movement phase and a regiment on the Siamese border
    client = _jp_movement()
    gd = client.gd
    unit = next(u for u in client.state.units if u.on_map and gd.side_of(u.id) is Side.JP
                and gd.unit_def(u.id).name.startswith("11th Infantry"))
    assert unit.hex is not None
    reach = client.destinations(unit.id)
    # when a land hex far to the south, out of its reach, is clicked
    far = next(h for h in sorted(gd.board.terrain, key=lambda h: h.distance(unit.hex))
               if 6 <= h.distance(unit.hex) <= 9 and h not in reach and gd.board.terrain[h].value != "sea"
               and not gd.board.places_at(h) and gd.place_name(h) != gd.place_name(unit.hex))
    text = refusals.why_not_move(client, unit.id, far)
    # then the reason names the unit, the nearest place and the MP it would cost
    assert re.fullmatch(r"11th Infantry Regt \(5th Div\) cannot reach the hex near [A-Z][\w ]+: "
                        r"it needs \d+½? MP and has \d+½? MP left\.", text), text
    assert "column" not in text and "(" not in text.split(":")[0].removeprefix("11th Infantry Regt (5th Div)")


def test_given_the_campaign_clicking_an_enemy_out_of_the_combat_phase_says_when_to_attack() -> None:
    client = _jp_movement()
    cw = next(u for u in client.state.units if u.on_map and client.gd.side_of(u.id) is Side.CW)
    assert cw.hex is not None and refusals.enemy_at(client, cw.hex)
    assert refusals.why_not_attack(client, cw.hex) == "Attacks are declared in the Combat phase."


def test_given_the_campaign_clicking_a_far_enemy_in_combat_says_none_of_your_units_is_next_to_it_R12_2() -> None:
    # given the JP Combat phase of turn 1, with Singapore far from every JP unit
    client = _jp_movement()
    while client.state.phase is not Phase.COMBAT:
        assert client.submit(EndPhase(side=Side.JP)) is None
    singapore = next(p.hex for p in client.gd.board.places if p.name == "Singapore")
    # when it is clicked, then the reason names it and says why
    assert refusals.why_not_attack(client, singapore) == "None of your units may attack Singapore: none is next to it."


def test_an_advance_over_the_stacking_limit_says_so_in_words_R12_9_R4_2() -> None:
    # given three 2-point attackers that drove the defender out of a clear hex (limit 4), two already advanced
    S, N, SE = toward(D, "S"), toward(D, "N"), toward(D, "SE")
    builder: GameBuilder = combat_builder().unit("c", "JP", at=SE, name="3rd Regt").unit("a", "JP", at=S)
    table = Table.of(builder.unit("b", "JP", at=N, name="2nd Regt").unit("cw", "CW", at=D).build())
    table.attack(D, "c", "a", "b", die=4)
    table.do(Advance(side=Side.JP, unit="c"))
    table.do(Advance(side=Side.JP, unit="a"))
    client = GameClient(Match(table.gd, 1, table.state), frozenset(Side))
    # when the third is clicked to advance, then the reason is the stacking limit, in words
    text = refusals.why_not_advance(client, "b")
    assert text == f"2nd Regt would go over the stacking limit in {table.gd.place_name(hx(D))}."
    assert client.state.units[client.gd.unit_index["b"]].location is Location.MAP


def test_a_refused_move_is_logged_with_its_place_so_the_line_centres_the_map_there_R7_1() -> None:
    # given the first JP Movement phase and a regiment that cannot reach a far hex
    client = _jp_movement()
    gd = client.gd
    unit = next(u for u in client.state.units if u.on_map and gd.side_of(u.id) is Side.JP)
    singapore = next(p.hex for p in gd.board.places if p.name == "Singapore")
    move = MoveUnit(side=Side.JP, unit=unit.id, to=singapore)
    rejection = client.submit(move)
    assert rejection is not None
    # when the refusal is logged
    reason = client.refused(move, rejection)
    # then the line is the reason in words, about Singapore, with the rule numbers kept beside it
    line = client.log.lines[-1]
    assert line.text == f"Refused: {reason}" and "Singapore" in reason and line.hex == singapore
    assert not re.search(r"\bR\d", line.text)
