"""The combat breakdown's lines are data in the engine and sentences in one words file (issue 28 item 2, R12.11).

The engine gives each line of the Combat Panel's breakdown as a :class:`Reason` with named facts;
``texts/breakdown.toml`` holds one template per reason. These tests read the engine's source: every line it makes
names a reason with a template, and gives exactly the facts that template asks for, so no line can fail to be
written or leave a placeholder empty; and the words a player reads are those the engine wrote before the move.
"""

from __future__ import annotations

import ast
from fractions import Fraction
from pathlib import Path

import pytest

import malaya
from malaya.engine import Breakdown, Hexside, Reason, Terrain
from malaya.engine.combat.breakdown import line, modifier
from malaya.session.words.breakdown_words import WORDS, breakdown_text
from malaya.session.words.catalog import placeholders, read_words, sentences, words_files

ENGINE = Path(malaya.__file__).parent / "engine"


def _engine_lines() -> list[tuple[str, Reason, frozenset[str] | None]]:
    """(where, reason, the facts' names; None if not spelt out) of every ``line(...)``/``modifier(...)`` of the engine.

    A reason chosen by a condition (``Reason.SHIFT_LEFT if shift < 0 else Reason.SHIFT_RIGHT``) stands for each.
    """
    found = []
    for path in sorted(ENGINE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for call in ast.walk(tree):
            if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
                    and call.func.id in ("line", "modifier") and call.args):
                continue
            reasons = {Reason[n.attr] for n in ast.walk(call.args[0]) if isinstance(n, ast.Attribute)
                       and isinstance(n.value, ast.Name) and n.value.id == "Reason"}
            names = [k.arg for k in call.keywords]
            facts = None if None in names else frozenset(str(n) for n in names)
            where = f"{path.relative_to(ENGINE.parent)}:{call.lineno}"
            found += [(where, reason, facts) for reason in sorted(reasons)]
    return found


LINES = _engine_lines()


def test_the_engine_makes_every_breakdown_line_through_line_or_modifier_with_a_reason_each() -> None:
    assert {reason for _, reason, _ in LINES} == set(Reason)


def test_every_reason_has_a_template_and_every_template_is_a_reason() -> None:
    assert "breakdown.toml" in words_files() and list(read_words("breakdown.toml")) == ["breakdown", "breakdown_words"]
    templates = {key.removeprefix("breakdown.") for key in sentences() if key.startswith("breakdown.")}
    assert templates == {reason.value for reason in Reason}


@pytest.mark.parametrize(("where", "reason", "facts"), LINES, ids=[f"{w} {r.value}" for w, r, _ in LINES])
def test_every_line_the_engine_makes_fills_exactly_its_templates_placeholders(
        where: str, reason: Reason, facts: frozenset[str] | None) -> None:
    # given a breakdown line the engine makes, spelt out fact by fact
    assert facts is not None, f"{where}: name each fact of a line (no **mapping)"
    # then its template asks for exactly those facts
    asked = {name for name, _ in placeholders(sentences()[f"breakdown.{reason.value}"])}
    assert asked == facts


def test_every_terrain_and_hexside_code_a_line_names_has_its_words() -> None:
    codes = {t.value for t in Terrain} | {h.value for h in Hexside} | {"river", "hexside"}
    assert codes == set(WORDS)
    assert {key.removeprefix("breakdown_words.") for key in WORDS.values()} == \
        {key.removeprefix("breakdown_words.") for key in sentences() if key.startswith("breakdown_words.")}


def test_a_strength_line_is_written_with_its_numbers_as_players_write_them_R12_3() -> None:
    assert breakdown_text(line(Reason.ATTACKS_WITH, Fraction(8), Breakdown.ATTACK, unit="6th Regt",
                               strength=Fraction(8))) == "6th Regt attacks with 8"
    assert breakdown_text(line(Reason.ATTACKS_ACROSS, Fraction(2, 3), Breakdown.ACROSS, unit="6th Regt",
                               hexside="strait", times=Fraction(2, 3))) == "6th Regt attacks across a strait: ×⅔"
    assert breakdown_text(line(Reason.TERRAIN, Fraction(3, 2), Breakdown.TERRAIN, terrain="town",
                               times=Fraction(3, 2))) == "Town: defenders ×1½"


def test_a_column_shift_counts_its_columns_and_names_what_is_crossed_R12_4() -> None:
    assert breakdown_text(modifier(Reason.SHIFT_LEFT, -2, Breakdown.SHIFT, feature="town", columns=2)) == \
        "Town: the odds shift 2 columns left"
    assert breakdown_text(modifier(Reason.SHIFT_ACROSS_LEFT, -1, Breakdown.SHIFT, hexside="river_major",
                                   columns=1)) == "Across a major river: the odds shift 1 column left"
    # a ruleset's own shift key is its words with spaces for underscores
    assert breakdown_text(modifier(Reason.SHIFT_RIGHT, 1, Breakdown.SHIFT, feature="night_attack", columns=1)) == \
        "Night attack: the odds shift 1 column right"


def test_a_die_modifier_has_its_sign_and_counted_air_points_R12_5() -> None:
    assert breakdown_text(modifier(Reason.DEFENSE_AIR, -2, Breakdown.DEFENSE_AIR, points=2, die=-2)) == \
        "2 defending air points: −2 on the die"
    assert breakdown_text(modifier(Reason.CAP, -1, Breakdown.CAP, cap=3, die=-1)) == \
        "The modifiers together are capped at ±3: −1 on the die"
    assert breakdown_text(modifier(Reason.ARMOR, 1, Breakdown.ARMOR, terrain="plantation", die=1)) == \
        "Armor attacking into plantation: +1 on the die"
