"""The AI tells its plan as data; the session's words file writes the W explanation (issue 28 item 2).

Every code the AI tells has a template in ``texts/ai.toml`` and every template of its ``[ai]`` table a code; every
place the AI tells something gives exactly the facts its template asks for; the records it keeps are written by
the session (the sentences themselves are checked in tests/ai: test_ai_intent, test_ai_left_empty, test_ai_pieces).
"""

from __future__ import annotations

import ast
from pathlib import Path

import malaya
from malaya.ai.explain import AIExplanation
from malaya.ai.told import Topic, blown_bridge, spot, told
from malaya.engine import GameDef, Hex
from malaya.session.words.ai_words import explanation_text, told_text
from malaya.session.words.catalog import placeholders, read_words
from tests.bundled import bundled_game

AI = Path(malaya.__file__).parent / "ai"
TEMPLATES: dict[str, str] = read_words("ai.toml")["ai"]


def _asked(code: str) -> set[str]:
    """The placeholders of the template of the topic named ``code`` (``Topic.<code>``)."""
    return {name for name, _ in placeholders(TEMPLATES[Topic[code].value])}


def _given(call: ast.Call, dicts: dict[str, set[str]]) -> set[str]:
    """The facts a ``told(...)`` call names: its keywords, and the keys of a dict spread into it (``**facts``)."""
    return {k.arg for k in call.keywords if k.arg is not None} | {
        key for k in call.keywords if k.arg is None and isinstance(k.value, ast.Name) for key in dicts[k.value.id]}


def _codes(node: ast.expr) -> list[str]:
    """The ``Topic.X`` names a call's code may be (both sides of a conditional)."""
    if isinstance(node, ast.IfExp):
        return _codes(node.body) + _codes(node.orelse)
    assert isinstance(node, ast.Attribute), ast.dump(node)
    return [node.attr]


def test_every_topic_has_a_template_and_every_template_a_topic() -> None:
    assert sorted(code.value for code in Topic) == sorted(TEMPLATES)


def test_everything_the_ai_tells_gives_the_facts_its_template_asks_for() -> None:
    # given every told(Topic.X, fact=...) of the AI
    wrong, seen = [], 0
    for path in sorted(AI.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        dicts = {node.target.id: {k.value for k in node.value.keys if isinstance(k, ast.Constant)}
                 for node in ast.walk(tree) if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
                 and isinstance(node.value, ast.Dict)}
        for call in ast.walk(tree):
            if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "told":
                seen += 1
                wrong += [f"{path.name}:{call.lineno}: {code} gives {sorted(_given(call, dicts))}"
                          for code in _codes(call.args[0]) if _given(call, dicts) != _asked(code)]
    # then each gives what its sentence needs
    assert seen > 40
    assert wrong == []


def test_every_topic_is_told_somewhere_in_the_ai() -> None:
    source = "".join(path.read_text(encoding="utf-8") for path in AI.rglob("*.py"))
    assert [code.name for code in Topic if f"Topic.{code.name}" not in source] == []


def _town_and_beside() -> tuple[GameDef, Hex, Hex]:
    """The campaign, Kampar's hex and a hex beside it with no place of its own."""
    gd = bundled_game()
    kampar = next(p.hex for p in gd.board.places if p.name == "Kampar")
    beside = next(n for n in kampar.neighbors() if gd.board.on_map(n) and not gd.board.places_at(n)
                  and gd.nearest_town(n) is not None and gd.nearest_town(n).name == "Kampar")  # type: ignore[union-attr]
    return gd, kampar, beside


def test_a_hex_is_said_as_the_rules_name_it_at_a_place_or_near_the_nearest_town() -> None:
    gd, kampar, beside = _town_and_beside()
    assert gd.place_name(beside) == "near Kampar"
    assert [told_text(spot(gd, h)) for h in (kampar, beside)] == ["at Kampar", "near Kampar"]


def test_a_bridge_blown_near_a_town_is_said_near_it_not_by_near_it() -> None:
    # given bridges blown on a town's hex and beside it (the rules name that hex "near Kampar")
    gd, kampar, beside = _town_and_beside()
    # then the note reads as a person writes it (it was "Blew a bridge by near Kampar.")
    assert told_text(blown_bridge(gd, kampar)) == "Blew a bridge by Kampar."
    assert told_text(blown_bridge(gd, beside)) == "Blew a bridge near Kampar."


def test_a_note_with_a_phrase_and_a_list_in_it_is_one_sentence() -> None:
    task = told(Topic.MARCHES_ON, place="Kampar")
    assert told_text(told(Topic.TASK, unit="5th Division", task=task, vp="1.5")) == \
        "5th Division marches on Kampar (worth 1.5 VP at the end)."
    assert told_text(told(Topic.OPTIONS_BOUGHT, options=("Matador", "Rail capacity"))) == \
        "Bought the options Matador, Rail capacity."


def test_a_computer_that_has_not_played_says_so() -> None:
    assert explanation_text(AIExplanation()) == "(the computer has not played yet)"
