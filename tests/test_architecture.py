"""The import graph keeps its shape: no cycles in the UI, render and report; layers import downward only.

Every ``malaya/`` file is parsed with ``ast``; imports inside functions count as much as
module-level ones (a lazy import is still a dependency).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "malaya"
ROUTER = "malaya.ui.app.router"
SCREEN_PACKAGES = ("malaya.ui.screens", "malaya.ui.dialogs", "malaya.ui.battle")
WHOLE_SCREENS = ("malaya.ui.battle",)
"""Packages that are one screen with all its parts (its panels, map view and input): they import each other."""


def _module_name(path: Path) -> str:
    """Dotted module name of a file under malaya/ (a package's __init__ is the package)."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    """Every module of malaya/ by dotted name."""
    return {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


MODULES = _modules()


def _imported(name: str, path: Path) -> Iterator[str]:
    """Modules of malaya/ that a file imports anywhere in it (``from pkg import mod`` counts as mod)."""
    is_package = path.name == "__init__.py"
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names if alias.name in MODULES)
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(name, is_package, node)
            for alias in node.names:
                target = f"{base}.{alias.name}"
                if target in MODULES:
                    yield target
                elif base in MODULES:
                    yield base


def _absolute(name: str, is_package: bool, node: ast.ImportFrom) -> str:
    """The absolute module a ``from … import`` names."""
    if not node.level:
        return node.module or ""
    parts = name.split(".")
    anchor = parts if is_package else parts[:-1]
    anchor = anchor[: len(anchor) - (node.level - 1)]
    return ".".join([*anchor, *([node.module] if node.module else [])])


@cache
def graph() -> dict[str, list[str]]:
    """Every module of malaya/ with the modules it imports, parsed once, when a test first asks (not on collection,
    which every test process does)."""
    return {name: sorted(set(_imported(name, path)) - {name}) for name, path in MODULES.items()}


def _in(module: str, *packages: str) -> bool:
    """True if the module is one of the packages or inside one."""
    return any(module == p or module.startswith(p + ".") for p in packages)


def _cycles(nodes: set[str]) -> list[list[str]]:
    """Strongly connected components of more than one module among ``nodes`` (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph()[v]:
            if w not in nodes:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return out


def _edges(source: tuple[str, ...], target: tuple[str, ...]) -> list[str]:
    """Every "a -> b" import from a module in ``source`` packages to one in ``target`` packages."""
    return [f"{a} -> {b}" for a, deps in graph().items() if _in(a, *source) for b in deps if _in(b, *target)]


@pytest.mark.slow
def test_the_graph_sees_the_ui_render_and_report_modules() -> None:
    """Given the parser, then it found the packages this file guards (a guard over nothing asserts nothing)."""
    for package in ("malaya.ui.app.router", "malaya.render.geometry", "malaya.report.snapshot"):
        assert package in graph()


@pytest.mark.slow
def test_no_import_cycle_between_files_of_ui_render_and_report() -> None:
    """When every import (lazy ones too) is followed, then no two ui/render/report files need each other."""
    nodes = {m for m in graph() if _in(m, "malaya.ui", "malaya.render", "malaya.report")}
    assert _cycles(nodes) == []


@pytest.mark.parametrize(("layer", "forbidden"), [
    (("malaya.render",), ("malaya.ui", "malaya.report", "malaya.cli", "malaya.cli_parser")),
    (("malaya.report",), ("malaya.ui", "malaya.cli", "malaya.cli_parser")),
    (("malaya.ui",), ("malaya.report", "malaya.cli", "malaya.cli_parser")),
    (("malaya.session",), ("malaya.ui", "malaya.render", "malaya.report", "malaya.cli", "malaya.cli_parser")),
])
@pytest.mark.slow
def test_a_layer_imports_nothing_above_it(layer: tuple[str, ...], forbidden: tuple[str, ...]) -> None:
    """Render draws for ui and report; session knows no pygame layer; ui and report are siblings."""
    assert _edges(layer, forbidden) == []


@pytest.mark.slow
def test_only_the_router_imports_screens_and_dialogs() -> None:
    """Screens change by returning a Transition; the router alone knows every screen class."""
    importers = {
        edge for edge in _edges(("malaya",), SCREEN_PACKAGES)
        if not edge.startswith(ROUTER + " ") and not _same_screen_package(edge)
    }
    assert importers == set()


def _same_screen_package(edge: str) -> bool:
    """A screen importing its own parts (battle.screen -> battle.input.keyboard, dialogs' tables)."""
    a, b = edge.split(" -> ")
    return _owner(a) is not None and _owner(a) == _owner(b)


def _owner(module: str) -> str | None:
    """The screen a module belongs to: ``malaya.ui.battle`` for all its parts, a screens/ package for its parts,
    else the module."""
    for package in WHOLE_SCREENS:
        if _in(module, package):
            return package
    for package in SCREEN_PACKAGES:
        if _in(module, package):
            rest = module[len(package) + 1:].split(".")
            return f"{package}.{rest[0]}" if rest[0] else None
    return None


INPUT_STATE = ("input", "selection", "show_strategic")
"""The battle map's input state (the selection, Demolish mode, the map shown) and its old names."""
INPUT_WRITERS = {("malaya.ui.battle.screen", "__init__"), ("malaya.ui.battle.screen", "apply")}
"""Where it is written: set up once, then replaced only by what a handler returned (issue 28 §3)."""


def _input_writes(name: str, path: Path) -> Iterator[tuple[str, str]]:
    """(module, function) of every assignment to an attribute named in INPUT_STATE in a file."""
    for func in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for node in ast.walk(func):
            targets = node.targets if isinstance(node, ast.Assign) else \
                [node.target] if isinstance(node, ast.AnnAssign | ast.AugAssign) else []
            if any(isinstance(t, ast.Attribute) and t.attr in INPUT_STATE for t in targets):
                yield name, func.name


@pytest.mark.slow
def test_the_input_handlers_are_the_only_writers_of_the_battle_maps_selection() -> None:
    """Given every ui module, then the map's input state is assigned only in the battle screen's set-up and in its
    apply(), which takes the next handler or map view a handler (or a map step) returned (python-tcod's rule)."""
    writes = {w for name, path in MODULES.items() if _in(name, "malaya.ui") for w in _input_writes(name, path)}
    assert writes == INPUT_WRITERS
