"""Check a whole scenario folder and list every problem at once, each with its file, line and a hint.

What is checked, in order: ``scenario.toml`` (TOML, then every field of the schema, then the cross
references of the order of battle, set-up, reinforcements, air schedule, victory and options), the
ruleset it names, the map (and every place, port and landing the scenario names on it, the start
position), ``counters.toml``, an ``[ai]`` table's shape and the briefing. The game played to its end
by two computer players is added by ``malaya check-scenario`` (``runners/scenario_game.py``).
"""

from __future__ import annotations

import difflib
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, get_args

from pydantic import BaseModel, ValidationError

from malaya.content.counter_symbols import COUNTERS_FILE, load_counter_symbols
from malaya.content.errors import ContentError, MapError
from malaya.content.safe_files import FileRefused, read_capped
from malaya.content.said import Flaw, Said, said
from malaya.content.scenario_lines import line_of, loc_of
from malaya.content.scenario_loader import load_ruleset, rules_said, validation_reason
from malaya.content.scenario_refs import RefError, resolve_ref
from malaya.content.tmx_map import load_board
from malaya.engine import Board, Finding, GameDef, Ruleset, Scenario, setup_problems, start_problems
from malaya.resources import scenario_file

SCENARIO_FILE = "scenario.toml"


@dataclass(frozen=True, slots=True)
class Problem:
    """One mistake: the file it is in, its line when known, and what is wrong (with a hint when there is one).

    ``text`` is what is wrong as data (a mistake the rules found is carried inside it, ``Flaw.RULES_SAY``);
    the session writes the line a modder reads (``malaya.session.words.content_words.problem_text``).
    """

    file: str
    text: Said | str
    line: int | None = None

    def __str__(self) -> str:
        return f"{self.file}:{self.line or ''}: {self.text}"


@dataclass
class Checked:
    """What a check found: the problems, and the game definition when the scenario could be loaded whole."""

    problems: list[Problem]
    game: GameDef | None = None


def check_scenario_folder(folder: Path) -> Checked:
    """Every problem of the scenario in ``folder`` (or of the ``scenario.toml`` given), in file order."""
    path = folder / SCENARIO_FILE if folder.is_dir() else folder
    try:
        text = read_capped(path).decode("utf-8")
        data = tomllib.loads(text)
    except FileRefused as err:
        return Checked([Problem(err.name, err.reason)])
    except UnicodeDecodeError:
        return Checked([Problem(path.name, said(Flaw.NOT_UTF8))])
    except tomllib.TOMLDecodeError as err:
        return Checked([Problem(path.name, said(Flaw.INVALID_TOML, why=str(err)), getattr(err, "lineno", None))])
    except RecursionError:
        return Checked([Problem(path.name, said(Flaw.TOML_TOO_DEEP))])
    problems: list[Problem] = []
    data = _with_ruleset(path, text, data, problems)
    scenario = _validated(path, text, data, problems)
    if scenario is None:
        return Checked(problems)
    board = _board(path, text, scenario, problems)
    if board is not None:
        for problem in setup_problems(scenario, board) + start_problems(scenario.start, board):
            problems.append(_located(path.name, text, data, problem))
    try:
        load_counter_symbols(path, scenario)
    except ContentError as err:
        problems.append(_from_error(err.said, COUNTERS_FILE))
    if scenario.briefing is None:
        problems.append(Problem(path.name, said(Flaw.NO_BRIEFING)))
    whole = board is not None and not problems
    return Checked(problems, GameDef(board, scenario) if whole and board is not None else None)


def _with_ruleset(path: Path, text: str, data: dict[str, Any], problems: list[Problem]) -> dict[str, Any]:
    """The data with its ruleset loaded; a broken ruleset is reported and the campaign's used to check the rest."""
    ref = data.get("ruleset")
    if not isinstance(ref, str):
        return data
    try:
        ruleset: Ruleset = load_ruleset(resolve_ref(path, "ruleset", ref))
    except RefError as err:
        problems.append(Problem(path.name, err.reason, line_of(text, ("ruleset",))))
        ruleset = _stand_in_ruleset()
    except ContentError as err:
        problems.append(_from_error(err.said, ref))
        ruleset = _stand_in_ruleset()
    return {**data, "ruleset": ruleset}


def _stand_in_ruleset() -> Ruleset:
    """The campaign's ruleset, to go on checking the scenario's other fields when its own is broken."""
    return load_ruleset(scenario_file().parent / "ruleset.toml")


def _validated(path: Path, text: str, data: dict[str, Any], problems: list[Problem]) -> Scenario | None:
    """The scenario, with every schema error (or every cross-reference problem) added to ``problems``."""
    found: list[Finding] = []
    try:
        scenario = Scenario.model_validate(data, context={"problems": found})
    except ValidationError as err:
        problems += [_schema_problem(path.name, text, data, err, e) for e in err.errors(include_url=False)]
        return None
    except RecursionError:
        problems.append(Problem(path.name, said(Flaw.TOO_DEEP)))
        return None
    problems += [_located(path.name, text, data, problem) for problem in found]
    return scenario


def _schema_problem(file: str, text: str, data: dict[str, Any], err: ValidationError, error: Any) -> Problem:
    """One schema error as a problem: field path, message and line."""
    one = ValidationError.from_exception_data(err.title, [error])
    return Problem(file, _key_hint(validation_reason(one, data), error), line_of(text, tuple(error["loc"]), data))


def _located(file: str, text: str, data: dict[str, Any], problem: Finding) -> Problem:
    """A mistake the rules found, as a ``field.path: message`` problem with the line of its field."""
    return Problem(file, rules_said(problem), line_of(text, loc_of(problem.at), data))


def _board(path: Path, text: str, scenario: Scenario, problems: list[Problem]) -> Board | None:
    """The scenario's map, or None with its problem added."""
    try:
        return load_board(resolve_ref(path, "map", scenario.map))
    except RefError as err:
        problems.append(Problem(path.name, err.reason, line_of(text, ("map",))))
    except MapError as err:
        problems.append(Problem(f"map {scenario.map}", err.said))
    return None


def _from_error(problem: Said | str, file: str) -> Problem:
    """A content error as a problem: of the ``.toml`` file it names, or else of ``file``."""
    if isinstance(problem, Said) and problem.code is Flaw.IN_FILE:
        head, reason = problem.values["file"], problem.values["reason"]
        if isinstance(head, str) and head.endswith(".toml") and isinstance(reason, Said | str):
            return Problem(head, reason)
    return Problem(file, problem)


def _field_names(model: type[BaseModel], seen: set[type[BaseModel]] | None = None) -> set[str]:
    """Every key the model and the models inside it accept (for hints on a mistyped key)."""
    seen = seen if seen is not None else set()
    seen.add(model)
    names = set(model.model_fields)
    for field in model.model_fields.values():
        stack = [field.annotation]
        while stack:
            kind = stack.pop()
            if isinstance(kind, type) and issubclass(kind, BaseModel) and kind not in seen:
                names |= _field_names(kind, seen)
            stack += list(get_args(kind))
    return names


KNOWN_KEYS = frozenset(_field_names(Scenario))


def _key_hint(reason: Said | str, error: Any) -> Said | str:
    """``reason; did you mean 'name'?`` for an unknown key close to a known one, else ``reason``."""
    if error["type"] != "extra_forbidden" or not error["loc"]:
        return reason
    close = difflib.get_close_matches(str(error["loc"][-1]), sorted(KNOWN_KEYS), n=1)
    return said(Flaw.DID_YOU_MEAN, reason=reason, key=repr(close[0])) if close else reason
