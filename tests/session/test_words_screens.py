"""The screens' and the report's words live in the words files: every key named is there, no sentence left in code.

Issue 28 item 2: a writer or a translator edits ``malaya/session/words/texts/{ui,report,cli}/*.toml`` without reading
code. These tests keep it so for the modules already moved (``MOVED``): a sentence written as a literal there again
fails here, and so does a key (also one chosen by a condition or kept in a table) that no words file has.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import malaya
from malaya.session.words.catalog import SCREEN_FOLDERS, read_words, sentences, words_files

CODE = Path(malaya.__file__).parent
NOT_PLAYER_TEXT = {
    "ui/widgets/text_pairs.py",  # the names of colour pairs for the contrast check (tests/ui), never drawn
    "ui/widgets/layout.py",  # a layout's problems, for the layout tests
    "ui/app/showcase.py",  # the screenshot script's own refusals and file names
    "ui/audio/event_cues.py",  # a developer's error: an engine event with no sound cue decided
}
"""Modules of ui/ and report/ whose literals are for developers and tests, not for a player."""
MOVED = (*sorted(name for folder in ("ui", "report", "render") for path in (CODE / folder).rglob("*.py")
                if (name := str(path.relative_to(CODE))) not in NOT_PLAYER_TEXT),
         *sorted(str(path.relative_to(CODE)) for path in (CODE / "persistence").rglob("*.py")),  # texts/saves/
         "cli.py", "cli_parser.py", "runners/pbem_commands.py", "runners/check_scenario.py",
         "runners/scenario_commands.py", "runners/analyze.py", "runners/simulate.py", "runners/ladder.py",
         "runners/ladder_command.py", "runners/ladder_report.py", "runners/ladder_stats.py", "runners/ladder_watch.py",
         "runners/tiled_project.py", "runners/scenario_pack.py", "runners/scenario_files.py", "runners/pool.py")
"""The modules whose player-facing sentences all come from the words files."""
MOVED += tuple(sorted(str(path.relative_to(CODE)) for path in (CODE / "content").rglob("*.py")))
"""Content says what is wrong with a file as data (``content/said.py``): its sentences are in ``texts/content.toml``."""
MOVED += tuple(sorted(str(path.relative_to(CODE)) for path in (CODE / "ai").rglob("*.py")))
"""The AI tells its plan as data (``ai/told.py``, its records): the W explanation's words are in ``texts/ai.toml``."""
NOT_SENTENCES = {
    "this game",  # the name a record of an unsaved game is given (a file label, not shown)
    "new seed",  # the New Game page's widget name in its layout
    "left shift", "right shift", "left ctrl", "right ctrl", "left alt", "right alt", "left meta", "right meta",
    "caps lock", "num lock",  # pygame's key names, which the keymap matches
    "lesson card",  # the lesson card's panel name in the battle's layout
    "save on quit", "mark the session",  # the names of the guarded disk operations (their toasts are words)
    "the record must be of this client's match",  # a programming error (an assertion), never shown
    'pip install "malaya[cluster]"',  # the command that installs the cluster extra (runners/pool.py), typed as it is
    '--scenario "%mappath" play --new --side hotseat',  # Tiled's Play command line (runners/tiled_project.py)
    "Alor Star", "Changlun", "Ipoh", "Kuala Kangsar", "Sungei Patani", "Taiping", "Gemas", "Segamat", "Seremban",
    "Tampin", "Tanjong Malim", "Tapah", "Ayer Hitam", "Kulai", "Yong Peng",
    "Jitra", "Penang", "Kampar", "Slim River", "Kuala Lumpur", "Muar", "Johore Bahru", "Singapore",  # places: map names
    "machine gun",  # a counter's symbol as a counters file names it (content/counter_symbols.py), matched, not shown
    "a special file",  # content/safe_files.file_kind, the words of a save's reader (persistence/reading.py) only
    "degenerate hex geometry {}",  # an invariant of tiled_geometry (the map's header is checked first), never shown
    "unknown AI level {}; choose one of {}",  # a programming error (ai/levels.py): every caller picks from LEVELS
    "{} is on the map without a hex",  # an invariant of ai/move_order.py (an assertion's message), never shown
    "no legal action in {}",  # an invariant of ai/random_bot.py: the rules always offer an action, never shown
    # "Value error, " (below) is taken off in content/scenario_loader.py too
    "Value error, ",  # the prefix pydantic puts before a validator's words, taken off (persistence/format.py)
    "still arriving",  # the name of a watched file's state (persistence/pbem/watch.py Seen); its words are pbem_watch's
    # persistence/pbem/ledger.py: a skipped order's line is written into the turn file and compared byte for byte by
    # both players' games (protocol data, so the same in every language); the e-mail shows it as it came
    "Combat order {} was not carried out: {}",
    "the record was checked in full when it was opened", "the worker was sent the definition",  # assertions
    "unknown definition {}",  # a refused unpickling between the window and its save reader: caught, never shown
    "the match's log does not replay to its state: were these its options?",  # a programming error (record.py)
    "rollout results arrived out of order",  # an internal invariant (persistence/rollout_jobs.py)
    "the random bot chose an illegal action: {}",  # persistence/sample.py builds the tests' and benchmarks' games
    # persistence/snapshot.py: why a snapshot is not decoded, for the log only (the save then opens by replaying)
    "not JSON: {}", "an integer", "true or false", "a whole number", "a fraction in lowest terms", "a list of {}",
    "a resolution step", "no context", "{}: the keys differ from its fields ({})", "no snapshot decoder for {}",
    # persistence/win_cache.py: why the rollout cache is not read, for the log only (a new cache is started)
    "a rollout is not [outcome, margin]", "too large", "not a rollout cache of this version", "no rollouts",
}
"""Literals in moved modules that read like words but are names the code matches, not sentences to translate."""
_SENTENCE = re.compile(r"[A-Za-z]{2,}[,;:]? [A-Za-z]{2,}")
_KEY = re.compile(r"[a-z][a-z0-9_]*\.(?!json$|toml$|png$|html$)[a-z0-9_]+")


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring nodes (module, class, function and attribute docstrings) of ``tree``."""
    found: set[int] = set()
    for node in ast.walk(tree):
        for statement in getattr(node, "body", []) if isinstance(getattr(node, "body", None), list) else []:
            if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
                found.add(id(statement.value))
    return found


def _words_of(node: ast.AST) -> str | None:
    """The text of a literal (an f-string's parts with ``{}`` for its values) if it reads as words for a player."""
    if isinstance(node, ast.JoinedStr):
        text = "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
    elif isinstance(node, ast.Constant) and isinstance(node.value, str):
        text = node.value
    else:
        return None
    if re.search(r"\{[a-z-]+:|%[-+.0-9]*[sdf]", text):  # a style sheet, a log line's format
        return None
    words = re.sub(r"<[^>]*>|\{[^}]*\}|[a-z-]+=\S+", " ", text)
    return text if _SENTENCE.search(words) and text not in NOT_SENTENCES else None


def _left_sentences(path: Path) -> list[str]:
    """The literals of ``path`` that read as words for a player: letters and spaces outside markup and placeholders."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = _docstrings(tree)
    inner = {id(sub) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) for sub in ast.walk(node)
             if sub is not node}
    return [f"{path.relative_to(CODE)}:{node.lineno}: {text!r}" for node in ast.walk(tree)
            if id(node) not in docs and id(node) not in inner and (text := _words_of(node)) is not None]


def _refusal_sentences(source: str, where: str) -> list[str]:
    """The literals that read as words inside the refusals of an engine module (``reject(...)``, ``Rejection(...)``),
    also in the module's own functions a refusal calls to find its code or its facts."""
    tree = ast.parse(source)
    functions = {f.name: f for f in ast.walk(tree) if isinstance(f, ast.FunctionDef)}
    refusals = [call for call in ast.walk(tree) if isinstance(call, ast.Call)
                and getattr(call.func, "id", None) in ("reject", "Rejection")]
    called = {functions[n.func.id] for call in refusals for n in ast.walk(call) if isinstance(n, ast.Call)
              and isinstance(n.func, ast.Name) and n.func.id in functions}
    docs = {id(f.body[0].value) for f in called if isinstance(f.body[0], ast.Expr)}
    inner = {id(sub) for part in (*refusals, *called) for node in ast.walk(part) if isinstance(node, ast.JoinedStr)
             for sub in ast.walk(node) if sub is not node}
    return [f"{where}:{node.lineno}: {text!r}" for part in (*refusals, *called) for node in ast.walk(part)
            if id(node) not in docs and id(node) not in inner and (text := _words_of(node)) is not None]


def test_every_screen_words_file_is_one_table() -> None:
    screens = [name for name in words_files() if name.split("/")[0] in SCREEN_FOLDERS]
    assert screens
    assert [name for name in screens if len(read_words(name)) != 1] == []


@pytest.mark.parametrize("module", MOVED)
@pytest.mark.slow
def test_given_a_moved_module_then_no_sentence_is_left_in_its_code(module: str) -> None:
    assert _left_sentences(CODE / module) == []


@pytest.mark.slow
def test_every_key_the_screens_the_report_and_the_commands_name_is_in_a_words_file() -> None:
    """Also the keys chosen by a condition or kept in a table, which the words files' own test cannot see as said."""
    groups = {key.split(".")[0] for key in sentences()}
    named = {text for folder in ("ui", "report", "runners") for path in (CODE / folder).rglob("*.py")
             for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(node, ast.Constant) and isinstance(text := node.value, str) and _KEY.fullmatch(text)
             and text.split(".")[0] in groups}
    assert named, "the screens name their sentences by key"
    named |= {node.value for name in ("cli.py", "cli_parser.py")
              for node in ast.walk(ast.parse((CODE / name).read_text(encoding="utf-8")))
              if isinstance(node, ast.Constant) and isinstance(node.value, str) and _KEY.fullmatch(node.value)
              and node.value.split(".")[0] in groups}
    assert sorted(named - sentences().keys()) == []


ENGINE_MODULES = sorted(str(path.relative_to(CODE)) for path in (CODE / "engine").rglob("*.py"))
"""The rules modules: their refusals are codes and facts, the sentences are in ``texts/refusals.toml``."""


@pytest.mark.parametrize("module", ENGINE_MODULES)
def test_given_an_engine_module_then_no_sentence_is_left_in_its_refusals(module: str) -> None:
    assert _refusal_sentences((CODE / module).read_text(encoding="utf-8"), module) == []


def test_a_sentence_written_into_an_engine_refusal_or_the_helper_choosing_it_is_caught() -> None:
    # given refusals that carry words again: in the call, in an f-string, in a helper the call asks
    source = (
        'def _why(unit):\n'
        '    """Why not (a docstring is no sentence for a player)."""\n'
        '    return "it is not next to that hex"\n'
        'def check(gd, unit):\n'
        '    if unit.used:\n'
        '        return reject(Refusal.ALREADY_MOVED, unit=f"{unit.name} has already moved")\n'
        '    if unit.far:\n'
        '        return Rejection(code=Refusal.NOT_ADJACENT, params=(("why", _why(unit)),))\n'
        '    return reject(Refusal.NOT_IN_PORT, units=", ".join(unit.names))\n'
    )
    # then each sentence is found, the docstring and a list's comma are not
    assert _refusal_sentences(source, "x.py") == [
        "x.py:6: '{} has already moved'", "x.py:3: 'it is not next to that hex'"]


def test_every_key_the_save_and_turn_file_modules_name_is_in_a_words_file() -> None:
    """Also a key chosen by a condition (``says_finished`` or ``says_not_finished``)."""
    groups = {key.split(".")[0] for key in sentences()}
    named = {text for path in (CODE / "persistence").rglob("*.py")
             for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(node, ast.Constant) and isinstance(text := node.value, str) and _KEY.fullmatch(text)
             and text.split(".")[0] in groups}
    assert "save_format.not_valid" in named and "pbem_ledger.file" in named
    assert sorted(named - sentences().keys()) == []


ENGINE_FOR_DEVELOPERS = {
    # assertions and invariants: a programming error, never shown to a player
    ("engine/combat/declare.py", "a combat below the first column is refused by _check_roll (R12.4)"),
    ("engine/combat/resolution.py", "the combat die is read with the first step, not {}"),
    ("engine/combat/resolution.py", "a random step loss picks from the first step, not {}"),
    ("engine/combat/resolution.py", "combat step {} waits for a chance outcome"),
    ("engine/crt.py", "rows are contiguous by validation"),
    ("engine/crt.py", "combat strengths cannot be negative"),
    ("engine/crt.py", "{} is not a column of this CRT ({})"),
    ("engine/force_z.py", "Force Z intercepts a sea move, not {}"),
    ("engine/force_z.py", "an air attack on Force Z spends air points, not {}"),
    ("engine/force_z.py", "the Penang roll needs its percentage, not {}"),
    ("engine/hexgrid.py", "radius must be >= 0"),
    ("engine/phases.py", "the phase table must list every phase of R3.1 in order"),
    ("engine/state.py", "no canonical form for {}"),
    ("engine/unitdefs.py", "{} has {} step(s); {} left is impossible"),
    ("engine/victory_terms.py", "the last level is open-ended by validation"),
    ("engine/fast_replace.py", "evolve needs a slotted dataclass without __post_init__, not {}"),
    ("engine/fast_replace.py", "{} has no field {}"),
    ("engine/fast_replace.py", "evolve cannot copy {}: field {} is not an init field"),
    # pydantic field descriptions: the schema's documentation, never drawn
    ("engine/crt.py", "hexes the attackers retreat (0 = none)"),
    ("engine/crt.py", "hexes the defenders retreat (0 = none)"),
}
"""Literals of the engine that read like words but are for developers."""
ENGINE_THROUGH_CONTENT = {
    # a hex away from every place, as GameDef.place_name names it (the AI's own words use it too; malaya/ai is
    # converted on its own branch)
    ("engine/gamedef.py", "open country"),
}
"""Literals of the engine still written in English for a modder or a player: each waits on a layer above it."""


def _engine_sentences() -> set[tuple[str, str]]:
    """(module, literal) of every literal of the engine that reads as words."""
    found = set()
    for path in sorted((CODE / "engine").rglob("*.py")):
        for left in _left_sentences(path):
            where, _, text = left.partition(": ")
            found.add((where.rsplit(":", 1)[0], ast.literal_eval(text)))
    return found


@pytest.mark.slow
def test_given_the_engine_then_every_sentence_left_in_it_is_for_developers_or_waits_on_a_layer_above() -> None:
    # the combat breakdown (texts/breakdown.toml), the refusals (texts/refusals.toml) and the checks of a scenario,
    # ruleset and start position a modder reads (texts/scenario_checks.toml) are data in the engine
    left = _engine_sentences()
    assert left - ENGINE_FOR_DEVELOPERS - ENGINE_THROUGH_CONTENT == set()
    # and each entry of the lists is still there (a literal moved out is taken off its list)
    assert (ENGINE_FOR_DEVELOPERS | ENGINE_THROUGH_CONTENT) - left == set()
