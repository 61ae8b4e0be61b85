"""The import graph of ``scorekeeper/`` (issue 18, part 3): no cycle, and no layer importing
one above it. Every import counts: at the top of a module, inside a function, and under
``TYPE_CHECKING``, since each is a dependency a reader has to follow."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "scorekeeper"

# Bottom first. A module may import its own layer and those below it, never one above.
LAYERS: list[tuple[str, tuple[str, ...]]] = [
    (
        "words and numbers",
        (
            "caches",
            "codec",
            "messages",
            "kinds",
            "devices",
            "jsonio",
            "round_data",
            "exact",
            "charts",
            "settle",
            "models",
        ),
    ),
    ("the deck", ("cards", "picker")),
    ("rules engine", ("rules",)),  # and each game folder's rules.py
    ("round input and table state", ("state", "bodies")),
    ("games", ("games", "why")),
    ("ledger", ("ledger",)),
    ("database", ("database",)),
    ("tables", ("tables",)),
    ("a photo's cards", ("recognise", "photos")),  # issue 33: read into a round form
    ("web", ("", "setup", "i18n", "forms", "views", "migrations", "backups", "limits")),
]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


MODULES = {module_name(p): p for p in PACKAGE.rglob("*.py")}


def known(name: str) -> str | None:
    """The module of ``scorekeeper`` that ``name`` is, or is inside (a class, a function)."""
    while name not in MODULES:
        if "." not in name:
            return None
        name = name.rsplit(".", 1)[0]
    return name


def imports(name: str) -> set[str]:
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {m for a in node.names if (m := known(a.name))}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, *([base] if base else [])])
            for a in node.names:
                m = known(f"{base}.{a.name}") if f"{base}.{a.name}" in MODULES else known(base)
                if m:
                    found.add(m)
    found.discard(name)
    return found


GRAPH = {name: imports(name) for name in MODULES}


def layer(name: str) -> int:
    inside = name.removeprefix("scorekeeper").removeprefix(".")
    top = inside.split(".")[0]
    parts = inside.split(".")
    if parts[0] == "games" and parts[-1] == "rules":
        top = "rules"  # a game folder's pure rules engine sits with the shared one
    for i, (_, tops) in enumerate(LAYERS):
        if top in tops:
            return i
    raise AssertionError(f"{name} is in no layer: add it to LAYERS")


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_graph_sees_the_imports_of_every_kind():
    # The walk itself: a top-level import, one inside a function (the app factory's), and one
    # under TYPE_CHECKING (the games' PriorScore) are all edges.
    assert "scorekeeper.messages" in GRAPH["scorekeeper.cards"]
    assert "scorekeeper.setup" in GRAPH["scorekeeper"]
    assert "scorekeeper.state" in GRAPH["scorekeeper.games.base"]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    # A game's engine is in the rules layer, below its game object.
    assert layer("scorekeeper.games.toppa.rules") < layer("scorekeeper.games.toppa.game")


def test_no_import_cycle_in_scorekeeper():
    assert cycles(GRAPH) == []


def test_no_layer_imports_one_above_it():
    upward = [
        f"{a} ({LAYERS[layer(a)][0]}) imports {b} ({LAYERS[layer(b)][0]})"
        for a in sorted(GRAPH)
        for b in sorted(GRAPH[a])
        if layer(b) > layer(a)
    ]
    assert upward == []


def test_the_database_layer_imports_no_table_logic():
    assert not {m for m in GRAPH["scorekeeper.database"] if m.startswith("scorekeeper.tables")}
