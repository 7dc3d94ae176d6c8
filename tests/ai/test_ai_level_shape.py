"""The shape of an AI level (issue 25): a level is its behaviours and a few named aspects, every behaviour
is played at some level, and nothing in ``malaya/ai`` is named for a place on the map."""

from __future__ import annotations

import ast
import re
from dataclasses import fields
from pathlib import Path

from malaya.ai import candidates
from malaya.ai.levels import CANDIDATE_ACTIONS, LEVELS, Behaviour, Level, level

AI_DIR = Path(candidates.__file__).parent
PLACE = re.compile("island|singapore|causeway|kota", re.IGNORECASE)


def _bound_names(tree: ast.AST) -> list[str]:
    """The names a module defines: functions, classes, their arguments, and whatever is assigned or imported
    under a new name (constants, variables, attributes, dataclass fields). Names it only reads from the
    engine (``Hexside.CAUSEWAY``, ``gd.singapore_hexes``) are the rules' words, not the AI's."""
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.append(node.name)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            a = node.args
            names += [x.arg for x in (*a.posonlyargs, *a.args, *a.kwonlyargs)]
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign, ast.NamedExpr, ast.For, ast.comprehension)):
            targets = [node.target]
        for t in targets:
            for sub in ast.walk(t):
                if isinstance(sub, ast.Name):
                    names.append(sub.id)
                elif isinstance(sub, ast.Attribute):
                    names.append(sub.attr)
        if isinstance(node, ast.alias) and node.asname:
            names.append(node.asname)
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("malaya.ai"):
            names += node.module.split(".") + [a.name for a in node.names]
    return names


def test_a_level_has_at_most_eight_fields() -> None:
    # given the Level record, then it holds a name, its behaviours and at most six aspects (issue 25)
    names = [f.name for f in fields(Level)]
    assert len(names) <= 8, names
    assert names[:2] == ["name", "behaviours"]


def test_every_behaviour_is_played_at_some_level() -> None:
    # given every level, then each behaviour is on in at least one of them: code no level runs is deleted
    played = set().union(*(lvl.behaviours for lvl in LEVELS.values()))
    assert set(Behaviour) == played, sorted(b.name for b in set(Behaviour) - played)


def test_the_candidate_behaviours_are_the_candidate_actions_by_their_names() -> None:
    # given the candidate behaviours, then each is a candidate action of ai.candidates, and the hard level asks
    # them in order while normal and the frozen baseline ask none
    assert {b.value for b in CANDIDATE_ACTIONS} <= set(candidates.CANDIDATES)
    assert level("hard").candidates == ("take", "march", "keep", "hold")
    assert level("normal").candidates == () == level("baseline").candidates


def test_no_module_knob_or_constant_of_the_ai_is_named_for_a_place() -> None:
    # given every module of malaya/ai, when its names are read (docstrings and comments aside)
    named: dict[str, set[str]] = {}
    for path in sorted(AI_DIR.glob("*.py")):
        for name in [path.stem, *_bound_names(ast.parse(path.read_text(encoding="utf-8")))]:
            if PLACE.search(name):
                named.setdefault(path.name, set()).add(name)
    names = {b.name for b in Behaviour} | {b.value for b in Behaviour} | {f.name for f in fields(Level)}
    # then none names Singapore, its island or causeway, or Kota Bharu: the AI reads places from the scenario
    assert named == {}
    assert not [n for n in names if PLACE.search(n)]
