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
MOVED = (
    "ui/dialogs/help/dialog.py", "ui/input/keymap.py", "ui/battle/panels/phase_panel.py", "ui/panels/replay_panel.py",
    "ui/screens/end.py", "ui/screens/menu.py", "ui/screens/load.py", "ui/screens/pbem.py",
    "ui/screens/new_game/screen.py", "ui/screens/settings.py", "ui/battle/panels/combat_panel.py",
    "report/__init__.py", "report/html_page.py", "report/analysis_section.py", "report/chart.py",
    "report/win_chart.py",
)
"""The modules whose player-facing sentences all come from the words files."""
NOT_SENTENCES = {
    "this game",  # the name a record of an unsaved game is given (a file label, not shown)
    "new seed",  # the New Game page's widget name in its layout
    "left shift", "right shift", "left ctrl", "right ctrl", "left alt", "right alt", "left meta", "right meta",
    "caps lock", "num lock",  # pygame's key names, which the keymap matches
    "Jitra", "Penang", "Kampar", "Slim River", "Kuala Lumpur", "Muar", "Johore Bahru", "Singapore",  # places: map names
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


def _left_sentences(path: Path) -> list[str]:
    """The literals of ``path`` that read as words for a player: letters and spaces outside markup and placeholders."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = _docstrings(tree)
    inner = {id(sub) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) for sub in ast.walk(node)
             if sub is not node}
    left = []
    for node in ast.walk(tree):
        if id(node) in docs or id(node) in inner:
            continue
        if isinstance(node, ast.JoinedStr):
            text = "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
        else:
            continue
        if re.search(r"\{[a-z-]+:", text):  # a style sheet
            continue
        words = re.sub(r"<[^>]*>|\{[^}]*\}|[a-z-]+=\S+", " ", text)
        if _SENTENCE.search(words) and text not in NOT_SENTENCES:
            left.append(f"{path.relative_to(CODE)}:{node.lineno}: {text!r}")
    return left


def test_every_screen_words_file_is_one_table_named_for_its_screen() -> None:
    screens = [name for name in words_files() if name.split("/")[0] in SCREEN_FOLDERS]
    assert len(screens) >= len(MOVED) - 1  # the report's package file and its page share nothing, one table each
    for name in screens:
        assert len(read_words(name)) == 1, f"{name} holds one table"


@pytest.mark.parametrize("module", MOVED)
def test_given_a_moved_module_then_no_sentence_is_left_in_its_code(module: str) -> None:
    assert _left_sentences(CODE / module) == []


def test_every_key_the_screens_and_the_report_name_is_in_a_words_file() -> None:
    """Also the keys chosen by a condition or kept in a table, which the words files' own test cannot see as said."""
    groups = {key.split(".")[0] for key in sentences()}
    named = {text for folder in ("ui", "report") for path in (CODE / folder).rglob("*.py")
             for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(node, ast.Constant) and isinstance(text := node.value, str) and _KEY.fullmatch(text)
             and text.split(".")[0] in groups}
    assert named, "the screens name their sentences by key"
    assert sorted(named - sentences().keys()) == []
