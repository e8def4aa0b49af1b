"""The package's layout: imports run one way (no module reaches, even lazily, back to one that imports it), and the
game's domain sits in judge/game/, apart from the mail, command-line and daemon layers."""
from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "judge"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in PACKAGE.rglob("*.py")}


def _imports(path: Path, known: set[str]) -> set[str]:
    """Every judge module this file imports, at the top or inside a function."""
    here = _module_name(path)
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            # `from judge.commands import clock` imports judge.commands.clock; `from judge.maps import Map` the package
            names = [f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in known else node.module
                     for a in node.names]
        else:
            continue
        out.update(n for n in names if n in known and n != here)
    return out


def _graph() -> dict[str, set[str]]:
    mods = _modules()
    known = set(mods)
    graph = {}
    for name, path in mods.items():
        edges = _imports(path, known)
        if path.name == "__init__.py":
            # a package re-exporting its own submodules is its public face, not a layer
            edges = {e for e in edges if not e.startswith(name + ".")}
        graph[name] = edges
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_no_import_circles():
    assert _cycles(_graph()) == []


def test_the_cycle_finder_finds_a_circle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_the_game_domain_is_one_package():
    top = {p.stem for p in PACKAGE.glob("*.py")}
    domain = {"game", "gameclock", "membership", "ordering", "votes", "roles", "standing", "press_routing",
              "processing"}
    assert not top & domain
    assert {p.stem for p in (PACKAGE / "game").glob("*.py")} >= {"model", "clock", "membership", "ordering",
                                                                   "votes", "roles", "standing", "processing"}


def test_the_domain_does_not_import_the_layers_above_it():
    above = ("judge.commands", "judge.mail", "judge.daemon", "judge.service", "judge.cli", "judge.pipe", "judge.web")
    graph = _graph()
    for name, edges in graph.items():
        if name.startswith("judge.game"):
            assert not [e for e in edges if e.startswith(above)], name
