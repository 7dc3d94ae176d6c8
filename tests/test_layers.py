"""The package keeps its layers and has no import cycle between files (docs/architecture.md).

Imports are read from the source with ``ast``, so an import inside a function or under
``if TYPE_CHECKING:`` counts like any other: a layer may not reach upwards lazily either.
The layer order is the ``layers`` contract of ``[tool.importlinter]`` in pyproject.toml
(``lint-imports`` checks the same contracts); tests/test_architecture.py adds the screens' own
rules (only the router imports screens).
"""

from __future__ import annotations

import ast
import tomllib
from collections.abc import Iterable, Mapping
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

Graph = dict[str, frozenset[str]]


def modules_of(source_root: Path, package: str = "malaya") -> dict[str, Path]:
    """Every module of ``package`` under ``source_root`` by dotted name (a package by its own name)."""
    out = {}
    for path in sorted((source_root / package).rglob("*.py")):
        parts = list(path.relative_to(source_root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _known(name: str, modules: Mapping[str, Path]) -> str | None:
    """The module ``name`` names, or the nearest package of it that is one of ``modules``."""
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name or None


def _targets(node: ast.AST, here: str, is_package: bool, modules: Mapping[str, Path]) -> set[str]:
    """The modules of ``modules`` one import statement names (``from p import m`` names p.m if a module)."""
    if isinstance(node, ast.Import):
        return {t for a in node.names if (t := _known(a.name, modules))}
    if not isinstance(node, ast.ImportFrom):
        return set()
    base = node.module or ""
    if node.level:
        package = here.split(".") if is_package else here.split(".")[:-1]
        package = package[: len(package) - node.level + 1]
        base = ".".join([*package, base] if base else package)
    found = set()
    for alias in node.names:
        target = f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else _known(base, modules)
        if target:
            found.add(target)
    return found


def import_graph(source_root: Path, package: str = "malaya") -> Graph:
    """Module → the modules of the same package it imports anywhere in its file (not itself)."""
    modules = modules_of(source_root, package)
    graph: Graph = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        found: set[str] = set()
        for node in ast.walk(tree):
            found |= _targets(node, name, path.name == "__init__.py", modules)
        graph[name] = frozenset(found - {name})
    return graph


def cycles(graph: Graph) -> list[list[str]]:
    """The groups of modules that import each other in a circle (strongly connected, 2 or more)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(start: str) -> None:
        work = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def layer_contract(pyproject: Path = ROOT / "pyproject.toml") -> list[list[tuple[str, bool]]]:
    """The ``layers`` contract, high to low: each layer's (module, independent of its siblings) pairs."""
    config = tomllib.loads(pyproject.read_text(encoding="utf-8"))["tool"]["importlinter"]
    contract = next(c for c in config["contracts"] if c["id"] == "layers")
    out = []
    for layer in contract["layers"]:
        independent = "|" in layer
        names = [n.strip().strip("()") for n in layer.replace("|", ":").split(":")]
        out.append([(n, independent) for n in names])
    return out


def layer_violations(graph: Graph, layers: list[list[tuple[str, bool]]], importers: Iterable[str]) -> list[str]:
    """``importer -> imported`` lines for every import of ``importers`` that goes up, or across to a sibling
    declared independent."""
    rank: dict[str, tuple[int, str, bool]] = {}
    for height, layer in enumerate(reversed(layers)):
        for name, independent in layer:
            rank[name] = (height, name, independent)

    def placed(module: str) -> tuple[int, str, bool] | None:
        name = module
        while name and name not in rank:
            name = name.rpartition(".")[0]
        return rank.get(name)

    bad = []
    for importer in sorted(importers):
        mine = placed(importer)
        for imported in sorted(graph.get(importer, ())):
            theirs = placed(imported)
            if mine is None or theirs is None or mine[1] == theirs[1]:
                continue
            if theirs[0] > mine[0] or (theirs[0] == mine[0] and mine[2]):
                bad.append(f"{importer} -> {imported}")
    return bad


# --- the checker itself ---------------------------------------------------------------------------


def _write(root: Path, files: Mapping[str, str]) -> None:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def test_a_lazy_import_back_is_found_as_a_cycle(tmp_path: Path) -> None:
    # given a package whose a imports b at the top and b imports a inside a function
    _write(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/a.py": "from pkg.b import g\n",
        "pkg/b.py": "def g():\n    from pkg import a\n    return a\n",
        "pkg/c.py": "from pkg import a\n",
    })
    # when its cycles are computed
    found = cycles(import_graph(tmp_path, "pkg"))
    # then a and b form the only cycle (c only imports)
    assert found == [["pkg.a", "pkg.b"]]


def test_a_type_checking_and_a_relative_import_count_as_imports(tmp_path: Path) -> None:
    # given a module that imports its sibling only for type checking, relatively
    _write(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/sub/__init__.py": "",
        "pkg/sub/a.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .b import B\n",
        "pkg/sub/b.py": "from ..sub import a\nclass B: ...\n",
    })
    # when the import graph is read, then both directions are edges, and so a cycle
    graph = import_graph(tmp_path, "pkg")
    assert graph["pkg.sub.a"] == {"pkg.sub.b"} and graph["pkg.sub.b"] == {"pkg.sub.a"}
    assert cycles(graph) == [["pkg.sub.a", "pkg.sub.b"]]


def test_an_upward_and_a_sibling_import_are_violations() -> None:
    # given three layers, the middle one of two independent siblings
    layers = [[("p.top", False)], [("p.left", True), ("p.right", True)], [("p.low", False)]]
    graph = {"p.low.x": frozenset({"p.top.y"}), "p.left.x": frozenset({"p.right.z", "p.low.x", "p.left.w"})}
    # when violations are listed, then the upward and the sideways import are, the downward and own-package not
    assert layer_violations(graph, layers, graph) == ["p.left.x -> p.right.z", "p.low.x -> p.top.y"]


# --- the package ----------------------------------------------------------------------------------


@pytest.mark.slow
def test_no_two_files_of_malaya_import_each_other_in_a_circle() -> None:
    # given every import between files of malaya, function-local and type-checking ones too
    graph = import_graph(ROOT)
    # then no file reaches itself again through them
    assert cycles(graph) == []


@pytest.mark.slow
def test_no_module_imports_a_layer_above_its_own_or_an_independent_sibling() -> None:
    # given the layers contract of pyproject.toml and every import of malaya, lazy or not
    graph = import_graph(ROOT)
    # when each import is placed in its layers
    bad = layer_violations(graph, layer_contract(), graph)
    # then none goes up a layer or across to an independent sibling
    assert bad == []


def test_every_package_of_malaya_has_a_place_in_the_layers() -> None:
    # given the layers contract
    placed = {name for layer in layer_contract() for name, _ in layer}
    # when the top-level packages and modules of malaya are listed (the package root aside)
    tops = {".".join(m.split(".")[:2]) for m in modules_of(ROOT) if m.count(".") >= 1}
    # then each one is in a layer
    assert sorted(tops - placed) == []
