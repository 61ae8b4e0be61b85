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
    ("the deck", ("cards", "picker", "recognise")),  # recognise: cards found in a photo
    ("rules engine", ("rules",)),  # and each game folder's rules.py
    ("round input and table state", ("state", "bodies")),
    ("games", ("games", "why")),
    ("ledger", ("ledger", "table_changes")),
    ("database", ("database",)),
    ("tables", ("tables",)),
    ("a photo's cards", ("photos", "teaching")),  # issues 33, 38: a photo read; taught decks
    ("web", ("", "wiring", "bundle", "i18n", "forms", "views", "migrations", "backups", "limits")),
]


#: A game folder's modules that serve its pages (its game object, form reading, explanation
#: lines, its result's schema for the API); every other module of the folder is its pure
#: rules engine (``rules.py`` and the modules it is split into, such as Toppa's ``yaku.py``),
#: in the rules engine's layer.
GAME_SIDE = frozenset({"game", "form", "why", "openapi"})


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
    if parts[0] == "games" and len(parts) == 3 and parts[2] not in GAME_SIDE:
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
    assert "scorekeeper.wiring" in GRAPH["scorekeeper"]
    assert "scorekeeper.state" in GRAPH["scorekeeper.games.game_rules"]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    # A game's engine is in the rules layer, below its game object.
    assert layer("scorekeeper.games.toppa.rules") < layer("scorekeeper.games.toppa.game")
    assert layer("scorekeeper.games.toppa.yaku") == layer("scorekeeper.games.toppa.rules")
    assert layer("scorekeeper.games.toppa") == layer("scorekeeper.games.toppa.game")


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


# Views read a request, call a service and render or redirect (issue 32, item 2): what a table
# is made of, how it is stored and how a round is scored stays behind ``scorekeeper.tables``.
VIEWS_NEVER_IMPORT = (
    "scorekeeper.models",
    "scorekeeper.database",
    "scorekeeper.codec",
    "scorekeeper.ledger",
    "scorekeeper.table_changes",
    "scorekeeper.tables.store",
    "sqlalchemy",
    "csv",  # a table's CSV rows are written once, by tables/records.py
)


def view_imports(path: Path) -> list[tuple[str, str]]:
    """Every module a view imports, at the top, inside a function or under TYPE_CHECKING,
    with the name it takes from it ("" for a plain ``import``)."""
    found: list[tuple[str, str]] = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found += [(a.name, "") for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found += [(node.module, a.name) for a in node.names]
    return found


def forbidden_in_views() -> list[str]:
    out = []
    for path in sorted((PACKAGE / "views").rglob("*.py")):
        for module, name in view_imports(path):
            full = f"{module}.{name}" if name else module
            if any(full == m or full.startswith(m + ".") for m in VIEWS_NEVER_IMPORT):
                out.append(f"{path.relative_to(ROOT)} imports {module} {name}".strip())
    return out


def test_the_views_check_sees_every_kind_of_import(tmp_path):
    view = tmp_path / "view.py"
    view.write_text(
        "from scorekeeper.tables import store\n"
        "def f():\n    from scorekeeper.models import Table\n"
        "import sqlalchemy.exc\n"
    )
    found = set(view_imports(view))
    assert {("scorekeeper.tables", "store"), ("scorekeeper.models", "Table")} <= found
    assert ("sqlalchemy.exc", "") in found


def test_views_only_call_services():
    """Views import services, games and forms, never the models, the database, the codecs,
    the store or the ledger (issue 32)."""
    assert forbidden_in_views() == []
