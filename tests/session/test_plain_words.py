"""The gate's reasons in plain words (issue 13 §2): rule numbers, coordinates after a name and "ZOC" are left out."""

from __future__ import annotations

from malaya.engine.hexgrid import Hex, to_offset
from malaya.session.game_client import GameClient
from malaya.session.match import Match
from malaya.session.words.event_words import direction, hex_name
from malaya.session.words.info_text import hex_lines
from malaya.session.words.plain_words import plain_reason, rule_refs
from tests.builder import GameBuilder
from tests.bundled import bundled_game


def test_rule_numbers_in_parentheses_are_left_out() -> None:
    assert plain_reason("Only the Commonwealth player demolishes bridges (R7.7).") == \
        "Only the Commonwealth player demolishes bridges."
    assert plain_reason("Tanks landed here and must join this attack (R12.2, R9.6).") == \
        "Tanks landed here and must join this attack."


def test_rule_numbers_closing_a_parenthesis_of_words_are_left_out() -> None:
    assert plain_reason("It may not attack (it must be adjacent; R12.2).") == "It may not attack (it must be adjacent)."
    assert plain_reason("Cannot reach it (terrain, MP or enemy ZOC, R5-R7).") == \
        "Cannot reach it (terrain, MP or enemy zone of control)."


def test_coordinates_follow_no_place_name_and_a_bare_hex_is_named_by_column_and_row() -> None:
    assert plain_reason("Jitra (10,7) has already been attacked this Combat phase (R12.2).") == \
        "Jitra has already been attacked this Combat phase."
    assert plain_reason("hex (3,-4) holds no enemy unit to attack (R12.1).") == \
        "The hex at column 3, row -4 holds no enemy unit to attack."


def test_a_hex_without_a_name_is_told_by_the_nearest_place_when_the_map_is_known() -> None:
    # given the campaign map and a hex beside Kampar that has no name of its own
    gd = bundled_game()
    kampar = next(p.hex for p in gd.board.places if p.name == "Kampar")
    beside = next(h for h in kampar.neighbors() if gd.board.on_map(h) and not gd.board.places_at(h))
    col, row = to_offset(beside, gd.board.stagger)
    # when a reason names it by its cell, then the player reads the nearest place instead
    assert plain_reason(f"Tank cannot reach hex ({col},{row}): it needs 3 MP.", gd) == \
        f"Tank cannot reach the hex {gd.place_name(beside)}: it needs 3 MP."
    assert gd.place_name(beside).startswith("near ")


def test_abbreviations_a_player_does_not_use_are_written_out() -> None:
    assert plain_reason("CW units move by sea only to Singapore (R9.3).") == \
        "Commonwealth units move by sea only to Singapore."
    assert plain_reason("No rail path (friendly rail hexes only, no enemy units or ZOC).") == \
        "No rail path (friendly rail hexes only, no enemy units or zone of control)."


def test_rule_numbers_are_kept_apart_from_the_words_for_a_link() -> None:
    # given a refusal citing rules, when it becomes a log line, then the words drop them and the line keeps them
    text = "Tanks landed here and must join this attack (R12.2, R9.6)."
    assert rule_refs(text) == ("R12.2", "R9.6")
    game = GameBuilder(width=2, height=1).unit("jp", "JP", at=(0, 0)).build()
    client = GameClient(Match(game.gd, 1, game.state))
    client.note(f"Refused: {text}")
    line = client.log.lines[-1]
    assert (line.text, line.rules) == ("Refused: Tanks landed here and must join this attack.", ("R12.2", "R9.6"))


def test_a_hex_without_a_name_is_found_by_distance_and_direction_from_the_nearest_town() -> None:
    """Given the campaign map, then a hex next to Kampar is "the hex just <direction> of Kampar" and one further off
    counts its hexes; a named hex is its name (issue 26 §6: no "column 11, row 17")."""
    gd = bundled_game()
    kampar = next(p.hex for p in gd.board.places if p.name == "Kampar")
    south = Hex(kampar.q, kampar.r + 1)
    assert not gd.board.places_at(south)
    assert hex_name(gd, south) == "the hex just south of Kampar"
    assert hex_name(gd, kampar) == "Kampar"
    assert direction(kampar, Hex(kampar.q + 1, kampar.r - 1)) == "north-east"
    assert direction(kampar, Hex(kampar.q - 1, kampar.r + 1)) == "south-west"


def test_the_hex_panel_names_rivers_railways_and_the_owner_in_words() -> None:
    """Given every hex of the campaign map with a river on a side (R5.2), then the Hex panel's lines say "minor river"
    or "major river", never a data name such as "river_minor", and the owner is a side's name, not its letters."""
    gd = bundled_game()
    state = Match.new(gd, seed=1).state
    rivers = [h for h in gd.board.terrain
              if any(str(gd.board.hexside(h, n)).startswith("river") for n in h.neighbors())]
    assert rivers
    for h in rivers[:40]:
        text = " ".join(hex_lines(gd, state, h))
        assert "river_" not in text and "_" not in text and "river" in text
        assert "Owner: Japanese" in text or "Owner: Commonwealth" in text
