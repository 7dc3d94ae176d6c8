"""The words of saves and turn files come from texts/saves/ (issue 28 item 2): counted nouns and verbs agree.

Where the old code pasted ``unit(s)`` or ``1 actions`` the words files now count: ``1 unit``, ``1 action``. The
refusals themselves are asserted word for word by the bad-save, mutant, trust and play-by-e-mail tests.
"""

from __future__ import annotations

from pathlib import Path

from malaya.engine import GameDef, Hex
from malaya.persistence.pbem.chain_check import ChainReport
from malaya.persistence.pbem.turn_keeper import advance_words
from malaya.persistence.replay import Divergence
from malaya.persistence.verify import VerifyReport
from malaya.session.pbem.orders import CombatOrder
from malaya.session.words.catalog import say


def test_given_a_save_of_one_action_when_verified_then_the_line_counts_in_the_singular() -> None:
    report = VerifyReport(Path("one.json"), 1, 1, "e7a81779737c" + "0" * 52, None)
    assert report.line() == "OK: 1 action, 1 checkpoint, final state e7a81779737c"
    assert VerifyReport(Path("two.json"), 74, 4, "138ae67963a1", None).line() == \
        "OK: 74 actions, 4 checkpoints, final state 138ae67963a1"


def test_given_a_divergence_when_verified_then_the_line_names_its_action_once() -> None:
    dice = Divergence(4, "dice", say("save_consistency.wrong_die", number=4, value=5, expected=6))
    illegal = Divergence(9, "illegal", say("save_replay.illegal", number=9, action="move_unit", reason="No."))
    assert VerifyReport(Path("a.json"), 9, 0, None, dice).line() == "DIVERGED at action 4: die 5, but the seed gives 6"
    assert VerifyReport(Path("a.json"), 9, 0, None, illegal).line() == \
        "DIVERGED at action 9: action 9 (move_unit) is illegal: No."


def test_given_a_chain_of_one_file_when_reported_then_its_nouns_are_singular() -> None:
    assert ChainReport(1, 1, "abcdef123456789", None).line() == \
        "OK: a finished play-by-e-mail game of 1 turn file, 1 action, final state abcdef123456"
    assert ChainReport(0, 0, None, "no turn files to check").line() == "REFUSED: no turn files to check"


def test_given_combat_orders_then_the_note_counts_units_and_air_points_in_words() -> None:
    """R12.9: the note says who advances if the hex is vacated."""
    one = say("pbem_orders.order", order=1, place="Jitra", units=1, advance="if the hex is vacated, no unit advances")
    assert one == ("Order 1: attack Jitra with 1 unit; if the hex is vacated, no unit advances; it is fought when "
                   "your opponent opens the file.")
    two = say("pbem_orders.order_with_air", order=2, place="Kampar", units=2, air=1, advance="…")
    assert two.startswith("Order 2: attack Kampar with 2 units and 1 air point; …;")


def test_given_attackers_who_advance_or_stay_then_the_verbs_agree_with_them(gd: GameDef) -> None:
    """R12.9: advancing is optional; the note names who advances and who stays."""
    a, b, c = (u.id for u in gd.unit_defs[:3])
    name = {u: gd.unit_def(u).name for u in (a, b, c)}
    assert advance_words(gd, CombatOrder(Hex(0, 0), (a,), 0, ())) == "if the hex is vacated, no unit advances"
    assert advance_words(gd, CombatOrder(Hex(0, 0), (a,), 0, (a,))) == f"if the hex is vacated, {name[a]} advances"
    assert advance_words(gd, CombatOrder(Hex(0, 0), (a, b, c), 0, (a, b))) == \
        f"if the hex is vacated, {name[a]} and {name[b]} advance ({name[c]} stays)"
    assert advance_words(gd, CombatOrder(Hex(0, 0), (a, b, c), 0, (a,))) == \
        f"if the hex is vacated, {name[a]} advances ({name[b]} and {name[c]} stay)"
