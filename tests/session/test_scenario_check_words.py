"""The rules' checks of a scenario are data in the engine and sentences in one words file (issue 28 item 2).

The engine gives a mistake in a scenario, a ruleset or a start position as a :class:`Finding` (a :class:`Mistake`
code, named facts and the field path); ``texts/scenario_checks.toml`` holds one template per code. These tests read
the engine's source: every mistake it gives names a code with a template and gives exactly the facts that template
asks for, so no modder's line can fail to be written or leave a placeholder empty.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from pydantic import ValidationError

import malaya
from malaya.content.said import Flaw
from malaya.content.scenario_loader import rules_said, validation_reason
from malaya.engine import Finding, Mistake, RulesError
from malaya.engine.mistakes import finding
from malaya.engine.scenario import Placement
from malaya.session.words.catalog import placeholders, read_words, sentences, words_files
from malaya.session.words.content_words import finding_text, said_text

ENGINE = Path(malaya.__file__).parent / "engine"
GIVERS = ("mistake", "finding")
"""The engine's two doors for a mistake: the error to raise, and the finding to return."""


def _codes_in(node: ast.AST) -> set[Mistake]:
    """The ``Mistake.X`` members named anywhere inside ``node``."""
    return {Mistake[n.attr] for n in ast.walk(node) if isinstance(n, ast.Attribute)
            and isinstance(n.value, ast.Name) and n.value.id == "Mistake"}


def _passed_codes(tree: ast.AST, function: ast.FunctionDef) -> set[Mistake]:
    """The codes the module's calls of ``function`` pass it (a code given as a helper's argument)."""
    return {code for call in ast.walk(tree) if isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
            and call.func.id == function.name for code in _codes_in(call)}


def _engine_mistakes() -> list[tuple[str, Mistake, frozenset[str] | None]]:
    """(where, code, the facts' names; None if not spelt out) of every ``mistake(...)``/``finding(...)`` call."""
    found = []
    for path in sorted(ENGINE.rglob("*.py")):
        if path.name == "mistakes.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        functions = [f for f in ast.walk(tree) if isinstance(f, ast.FunctionDef)]
        for call in ast.walk(tree):
            if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id in GIVERS):
                continue
            first = call.args[0]
            if isinstance(first, ast.Name):  # a code its caller chose: every code the callers pass
                owner = next(f for f in functions if any(node is call for node in ast.walk(f)))
                codes = _passed_codes(tree, owner)
            else:
                codes = _codes_in(first)
            names = [k.arg for k in call.keywords]
            facts = None if None in names else frozenset(str(n) for n in names)
            where = f"{path.relative_to(ENGINE.parent)}:{call.lineno}"
            found += [(where, code, facts) for code in sorted(codes)]
    return found


MISTAKES = _engine_mistakes()


def test_the_engine_gives_every_mistake_through_its_two_doors_with_a_code_each() -> None:
    assert len(MISTAKES) > 50
    assert {code for _, code, _ in MISTAKES} == set(Mistake)


def test_every_mistake_code_has_a_template_and_every_template_is_a_code() -> None:
    assert "scenario_checks.toml" in words_files() and list(read_words("scenario_checks.toml")) == ["scenario_checks"]
    templates = {key.removeprefix("scenario_checks.") for key in sentences() if key.startswith("scenario_checks.")}
    assert templates == {code.value for code in Mistake}


@pytest.mark.parametrize(("where", "code", "facts"), MISTAKES, ids=[f"{w} {c.value}" for w, c, _ in MISTAKES])
def test_every_mistake_the_engine_gives_fills_exactly_its_templates_placeholders(
        where: str, code: Mistake, facts: frozenset[str] | None) -> None:
    # given a mistake the engine gives, spelt out fact by fact
    assert facts is not None, f"{where}: name each fact of a mistake (no **mapping)"
    # then its template asks for exactly those facts
    asked = {name for name, _ in placeholders(sentences()[f"scenario_checks.{code.value}"])}
    assert asked == facts


def test_a_finding_is_written_from_its_template_its_list_with_commas_and_its_field_path_before_it() -> None:
    # given the rules' finding that a position steps in no direction of the six (R4)
    found = finding(Mistake.NOT_A_DIRECTION, "setup[3].at", at="'Jitra+W'", step="'W'",
                    directions=("N", "NE", "SE", "S", "SW", "NW"))
    # then the words file writes it, and content puts the field it is about before it
    assert finding_text(found) == "position 'Jitra+W': 'W' is not a direction (N, NE, SE, S, SW, NW)"
    assert said_text(rules_said(found)) == \
        "setup[3].at: position 'Jitra+W': 'W' is not a direction (N, NE, SE, S, SW, NW)"


def test_a_validator_s_mistake_reaches_content_as_data_through_pydantic() -> None:
    # given a set-up entry whose fixed first landing is for a unit not in the JP box (R17)
    with pytest.raises(ValidationError) as caught:
        Placement(unit="jp_a", at="Singora", first_landing="Kota Bharu")
    # then pydantic kept the rules' error, and content carries its finding (no sentence of the engine's)
    raised = caught.value.errors()[0]["ctx"]["error"]
    assert isinstance(raised, RulesError) and raised.found == finding(Mistake.LANDING_NOT_FROM_BOX)
    reason = validation_reason(caught.value)
    assert not isinstance(reason, str) and reason.code is Flaw.RULES_SAY
    assert said_text(reason) == 'first_landing is only for a unit set up in the JP box (at = "jp_box")'


def test_a_finding_is_plain_data_and_its_developer_text_is_its_field_code_and_facts() -> None:
    found = finding(Mistake.TURN_AFTER_LAST, "reinforcements[0].turn", turn=19, last=12)
    assert found == Finding(Mistake.TURN_AFTER_LAST, (("turn", 19), ("last", 12)), "reinforcements[0].turn")
    assert hash(found) == hash(finding(Mistake.TURN_AFTER_LAST, "reinforcements[0].turn", turn=19, last=12))
    assert str(found) == "reinforcements[0].turn: turn_after_last(turn=19, last=12)"
    assert str(RulesError(found)) == str(found)


def test_an_overstacked_set_up_names_the_tiled_cell_a_modder_edits_R4_1(campaign) -> None:  # type: ignore[no-untyped-def]
    from malaya.engine.hexgrid import to_offset
    from malaya.engine.placement import resolve_at
    from malaya.engine.setup_check import setup_problems

    # given the campaign's set-up with three more brigades stacked on Jitra (R4.1: 4 points a hex off the fortress)
    scenario, board = campaign.scenario, campaign.board
    extra = [Placement(unit=u, at="Jitra") for u in ("cw_28ind_bde", "cw_12ind_bde", "cw_22ind_bde")]
    crowded = scenario.model_copy(update={"setup": (*scenario.setup, *extra)})
    # when the set-up is checked against the map
    problems = [f for f in setup_problems(crowded, board) if f.code is Mistake.OVERSTACKED]
    # then the one overstacked hex is written with its Tiled cell, not an engine coordinate
    col, row = to_offset(resolve_at(board, "Jitra"), board.stagger)
    assert len(problems) == 1
    text = finding_text(problems[0])
    assert f"on the Tiled cell ({col}, {row}) (limit 4)" in text and "Hex(" not in text
