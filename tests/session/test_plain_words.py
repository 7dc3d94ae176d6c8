"""The gate's reasons in plain words (issue 13 §2): rule numbers, coordinates after a name and "ZOC" are left out."""

from __future__ import annotations

from malaya.session.plain_words import plain_reason


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
