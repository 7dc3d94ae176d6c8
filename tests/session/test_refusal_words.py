"""The gate's refusals are data in the engine and sentences in one words file (issue 28 item 2).

The engine gives a refusal as a :class:`Refusal` code with named facts; ``texts/refusals.toml`` holds one template
per code. These tests read the engine's source: every refusal it gives names a code with a template, and gives
exactly the facts that template asks for, so no refusal can ever fail to be written or leave a placeholder empty.
"""

from __future__ import annotations

import ast
from fractions import Fraction
from pathlib import Path

import pytest

import malaya
from malaya.engine import Refusal, Rejection
from malaya.session.words.catalog import placeholders, read_words, sentences, words_files
from malaya.session.words.plain_words import plain_refusal, refusal_text

ENGINE = Path(malaya.__file__).parent / "engine"
SESSION_MADE = {Refusal.HELD}
"""Codes no rule gives: the session holds the game (while a save is checked) and says why in its own words."""


def _codes_in(node: ast.AST) -> set[Refusal]:
    """The ``Refusal.X`` members named anywhere inside ``node``."""
    return {Refusal[n.attr] for n in ast.walk(node) if isinstance(n, ast.Attribute)
            and isinstance(n.value, ast.Name) and n.value.id == "Refusal"}


def _engine_refusals() -> list[tuple[str, Refusal, frozenset[str] | None]]:
    """(where, code, the facts' names; None if not spelt out) of every ``reject(...)`` call in the engine's source.

    A code chosen by a helper (``reject(_why_not_eligible(unit, h), ...)``) stands for every code the helper returns.
    """
    found = []
    for path in sorted(ENGINE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        helpers = {f.name: f for f in ast.walk(tree) if isinstance(f, ast.FunctionDef)}
        for call in ast.walk(tree):
            if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "reject"):
                continue
            first = call.args[0]
            chooser = first.func.id if isinstance(first, ast.Call) and isinstance(first.func, ast.Name) else None
            codes = _codes_in(helpers[chooser]) if chooser in helpers else _codes_in(first)
            names = [k.arg for k in call.keywords]
            facts = None if None in names else frozenset(str(n) for n in names)
            where = f"{path.relative_to(ENGINE.parent)}:{call.lineno}"
            found += [(where, code, facts) for code in sorted(codes)]
    return found


REFUSALS = _engine_refusals()


def test_the_engine_gives_its_refusals_through_reject_with_a_code_each() -> None:
    assert len(REFUSALS) > 90
    assert {code for _, code, _ in REFUSALS} | SESSION_MADE == set(Refusal)


def test_every_refusal_code_has_a_template_and_every_template_is_a_code() -> None:
    assert "refusals.toml" in words_files() and list(read_words("refusals.toml")) == ["refusals"]
    templates = {key.removeprefix("refusals.") for key in sentences() if key.startswith("refusals.")}
    assert templates == {code.value for code in Refusal}


@pytest.mark.parametrize(("where", "code", "facts"), REFUSALS, ids=[f"{w} {c.value}" for w, c, _ in REFUSALS])
def test_every_refusal_the_engine_gives_fills_exactly_its_templates_placeholders(
        where: str, code: Refusal, facts: frozenset[str] | None) -> None:
    # given a refusal the engine gives, spelt out fact by fact
    assert facts is not None, f"{where}: name each fact of a refusal (no **mapping)"
    # then its template asks for exactly those facts
    asked = {name for name, _ in placeholders(sentences()[f"refusals.{code.value}"])}
    assert asked == facts


def test_a_refusal_is_written_from_its_template_with_its_numbers_as_players_write_them_R7_1() -> None:
    # given the gate's refusal of a move that needs more MP than the unit has
    rejection = Rejection(code=Refusal.OUT_OF_REACH, params=(
        ("unit", "5th Division"), ("where", "Jitra (10,7)"), ("needs", Fraction(5, 2)), ("left", Fraction(1, 2))))
    # then the words file writes it, rule number kept, and the player reads it plainly
    assert refusal_text(rejection) == "5th Division cannot reach Jitra (10,7): it needs 2½ MP and has ½ MP left (R7.1)."
    assert plain_refusal(rejection) == "5th Division cannot reach Jitra: it needs 2½ MP and has ½ MP left."


def test_counted_words_agree_with_their_number_R9_7_R8_2_R4() -> None:
    assert refusal_text(Rejection(code=Refusal.FORCE_Z_POINTS_SHORT, params=(("pool", 1),))) == \
        "Only 1 attack air point is left (R9.7)."
    assert refusal_text(Rejection(code=Refusal.FORCE_Z_POINTS_SHORT, params=(("pool", 2),))) == \
        "Only 2 attack air points are left (R9.7)."
    assert refusal_text(Rejection(code=Refusal.RAIL_CAPACITY_USED, params=(("capacity", 1),))) == \
        "The rail capacity of this phase (1 unit) is used up (R8.2)."
    one = Rejection(code=Refusal.OVERSTACKED, params=(("places", "Kampar (12,30)"), ("count", 1)))
    two = Rejection(code=Refusal.OVERSTACKED, params=(("places", "Kampar (12,30), Ipoh (12,27)"), ("count", 2)))
    assert plain_refusal(one).startswith("Cannot end the phase: Kampar holds more units")
    assert plain_refusal(two).startswith("Cannot end the phase: Kampar, Ipoh hold more units")
    many = Rejection(code=Refusal.OVERSTACKED_MANY, params=(("places", "Jitra (10,7), Kampar (12,30), Ipoh (12,27)"),
                                                           ("more", 2)))
    assert plain_refusal(many) == ("Cannot end the phase: Jitra, Kampar, Ipoh and 2 more hold more units than the "
                                   "stacking limit allows; move some away first.")


def test_a_refusal_is_plain_data_hashable_and_its_developer_text_is_its_code_and_facts() -> None:
    rejection = Rejection(code=Refusal.NOT_YOUR_UNIT, params=(("unit", "Tank"), ("side", "JP")))
    assert hash(rejection) == hash(Rejection(code=Refusal.NOT_YOUR_UNIT, params=(("unit", "Tank"), ("side", "JP"))))
    assert rejection.values == {"unit": "Tank", "side": "JP"}
    assert str(rejection) == "not_your_unit(unit='Tank', side='JP')"
    assert rejection.code == "not_your_unit"  # a code is also its stable string
