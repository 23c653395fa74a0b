"""The package's layout (issue 14): no import circles, no module over 600 lines.

The graph counts module-level and function-level imports alike (a function-level import is a
circle postponed, not removed); only ``if TYPE_CHECKING:`` blocks are left out, since they never
run. ``from pyrules.x import name`` is an edge to ``pyrules.x.name`` when that is a module.

The package itself (``pyrules/__init__.py``, the public facade that re-exports KnowledgeBase,
Answers and GameState) is no node of the graph: inside the package it may only be imported for
``__version__`` (set before the facade imports anything) or as the package object
(``pyrules.__file__``), which :func:`test_the_facade_is_imported_only_for_its_version` checks.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "pyrules"
MAX_LINES = 600


def _modules() -> dict[str, Path]:
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _type_checking_blocks(tree: ast.AST) -> set[int]:
    skip = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip |= {id(n) for stmt in node.body for n in ast.walk(stmt)}
    return skip


def import_graph() -> dict[str, set[str]]:
    """Module -> the pyrules modules it imports (module- or function-level)."""
    modules = _modules()
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = _type_checking_blocks(tree)
        for node in ast.walk(tree):
            if id(node) in skip:
                continue
            targets = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                targets = [f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in modules else node.module
                           for a in node.names]
            for target in targets:
                if target in modules and target != name and target != "pyrules":
                    graph[name].add(target)
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle as a list of modules (first == last), or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_the_package_has_no_import_circle():
    graph = import_graph()
    assert "pyrules.facts.state" in graph["pyrules.api"]  # the graph is read
    cycle = find_cycle(graph)
    assert cycle is None, "import circle: " + " -> ".join(cycle)


def test_the_sub_packages_have_no_import_circle():
    # pyrules.inputs.cards -> pyrules.inputs, ...; top-level modules (api, errors) are their own node
    layers: dict[str, set[str]] = {}
    for name, targets in import_graph().items():
        here = ".".join(name.split(".")[:2])
        layers.setdefault(here, set()).update(".".join(t.split(".")[:2]) for t in targets)
    for here, targets in layers.items():
        targets.discard(here)
    cycle = find_cycle(layers)
    assert cycle is None, "sub-package circle: " + " -> ".join(cycle)


def test_the_facade_is_imported_only_for_its_version():
    wrong = []
    for name, path in _modules().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "pyrules" and node.level == 0:
                wrong += [f"{name}: {a.name}" for a in node.names
                          if a.name != "__version__" and f"pyrules.{a.name}" not in _modules()]
    assert wrong == []


def test_the_cycle_finder_names_a_circle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_no_module_is_over_600_lines():
    long = {name: n for name, path in _modules().items()
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert long == {}, f"modules over {MAX_LINES} lines: {long}"
