"""The engine is pure rules: importing it loads no pygame, pytmx or I/O-ish dependency."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[2] / "malaya" / "engine"
FORBIDDEN = {"pygame", "pytmx", "platformdirs", "random", "time", "datetime.now"}


@pytest.mark.slow
def test_importing_the_engine_loads_neither_pygame_nor_pytmx() -> None:
    # given a fresh interpreter
    code = (
        "import sys, pkgutil, importlib, malaya.engine as e\n"
        "for m in pkgutil.walk_packages(e.__path__, 'malaya.engine.'):\n"
        "    importlib.import_module(m.name)\n"
        "bad = sorted(n for n in sys.modules if n.split('.')[0] in {'pygame', 'pytmx', 'platformdirs'})\n"
        "print(','.join(bad))\n"
    )
    # when every engine module is imported
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    # then none of the forbidden packages was loaded
    assert out.stdout.strip() == ""


@pytest.mark.slow
def test_engine_source_imports_no_randomness_clock_or_io_library() -> None:
    # given every engine module's import statements
    offenders = []
    for path in sorted(ENGINE.rglob("*.py")):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            offenders += [f"{path.name}: {n}" for n in names if n.split(".")[0] in FORBIDDEN]
    # then there are none
    assert offenders == []
