"""The import graph of ``scorekeeper/`` (issue 18, part 3): no cycle, and no layer importing
one above it. Every import counts: at the top of a module, inside a function, and under
``TYPE_CHECKING``, since each is a dependency a reader has to follow."""

from __future__ import annotations

import ast
import subprocess
import sys
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
        ),
    ),
    ("the deck", ("cards", "picker", "recognise")),  # recognise: cards found in a photo
    ("rules engine", ("rules",)),  # and each game folder's rules.py
    ("round input and table state", ("state", "bodies")),
    ("games", ("games", "why")),
    ("ledger", ("ledger", "table_changes")),
    ("database", ("database", "models")),
    ("tables and clubs", ("tables", "clubs")),
    ("a photo's cards", ("photos", "teaching")),  # issues 33, 38: a photo read; taught decks
    (
        "web",
        (
            "",
            "wiring",
            "json_provider",
            "assets",
            "i18n",
            "forms",
            "views",
            "migrations",
            "backups",
            "limits",
        ),
    ),
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


# Views only ask (issue 40, item 4): of ``tables/`` and ``clubs/`` a view imports the service
# (what it may ask to be done) and the reading side (what it may ask to see), nothing else,
# and reaches no other module of those folders through them by attribute either.
DOORS = frozenset(
    {
        "scorekeeper.tables.service",
        "scorekeeper.tables.reading",
        "scorekeeper.clubs.service",
        "scorekeeper.clubs.reading",
    }
)
BEHIND_DOORS = ("scorekeeper.tables", "scorekeeper.clubs")


def _through_doors(path: Path) -> list[str]:
    """What a view takes from ``tables/`` or ``clubs/`` other than through their doors."""
    tree = ast.parse(path.read_text())
    out: list[str] = []
    doors: set[str] = set()  # the names a door goes by in this view
    for module, name in view_imports(path):
        full = f"{module}.{name}" if name else module
        if not any(full == b or full.startswith(b + ".") for b in BEHIND_DOORS):
            continue
        if full in DOORS:
            doors.add(name)
        elif module not in DOORS or full in MODULES:
            out.append(f"imports {full}")
    for node in ast.walk(tree):
        if isinstance(node, ast.alias) and node.asname and node.name in ("service", "reading"):
            doors.add(node.asname)
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in doors
            and _is_module_behind(node.value.id, node.attr, path)
        ):
            out.append(f"reaches {node.value.id}.{node.attr}")
    return out


def _is_module_behind(door: str, attr: str, path: Path) -> bool:
    """Whether ``door.attr`` in the view at ``path`` is a module (not a function or a class)."""
    import importlib
    import inspect

    for module, name in view_imports(path):
        if (name or module.rsplit(".", 1)[-1]) in (door, door.replace("club_", "")):
            found = importlib.import_module(f"{module}.{name}" if name else module)
            return inspect.ismodule(getattr(found, attr, None))
    return False


def test_views_only_ask_the_doors(tmp_path):
    bad = tmp_path / "view.py"
    bad.write_text(
        "from scorekeeper.tables import changes, service\n"
        "from scorekeeper.clubs import reading as club_reading\n"
        "from scorekeeper.tables.records import table_csv\n"
        "def f():\n    return service.store, club_reading.find_club\n"
    )
    assert _through_doors(bad) == [
        "imports scorekeeper.tables.changes",
        "imports scorekeeper.tables.records.table_csv",
        "reaches service.store",
    ]
    found = {
        f"{path.relative_to(ROOT)} {what}"
        for path in sorted((PACKAGE / "views").rglob("*.py"))
        for what in _through_doors(path)
    }
    assert found == set()


# The pure parts (issue 40, item 4): the words and numbers, the deck, the rules engines, a
# round's input and a table's state, and the ledger import neither Flask nor SQLAlchemy, not
# even through another module of ours.
PURE_LAYERS = ("words and numbers", "the deck", "rules engine", "round input and table state")
PURE_TOO = ("scorekeeper.ledger", "scorekeeper.table_changes")
WEB_OR_DATABASE = ("flask", "flask_sqlalchemy", "flask_babel", "flask_wtf", "wtforms", "sqlalchemy")


def third_party(name: str) -> set[str]:
    """The top-level packages outside ``scorekeeper`` that module ``name`` imports."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(MODULES[name].read_text())):
        if isinstance(node, ast.Import):
            found |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module.split(".")[0])
    return found


def reached(name: str) -> set[str]:
    seen, todo = {name}, [name]
    while todo:
        for m in GRAPH[todo.pop()]:
            if m not in seen:
                seen.add(m)
                todo.append(m)
    return seen


def test_the_pure_parts_import_neither_flask_nor_sqlalchemy():
    pure = [n for n in MODULES if LAYERS[layer(n)][0] in PURE_LAYERS or n in PURE_TOO]
    assert "scorekeeper.games.toppa.yaku" in pure and "scorekeeper.ledger" in pure
    assert "scorekeeper.models" not in pure
    dirty = {
        f"{name} reaches {package} through {via}"
        for name in pure
        for via in reached(name)
        for package in third_party(via) & set(WEB_OR_DATABASE)
    }
    assert dirty == set()


def test_the_pure_parts_load_no_web_framework_when_imported():
    """What the import graph above cannot see: a package's ``__init__`` (``scorekeeper``'s
    loaded Flask for ``create_app``) and the game folders the registry imports by name. A
    fresh interpreter imports the pure parts and names what else came with them."""
    pure = ["scorekeeper.ledger", "scorekeeper.state", "scorekeeper.table_changes"]
    pure += [f"scorekeeper.games.{g}.rules" for g in ("tokotoko", "toppa", "otoroku", "tokan")]
    probe = (
        f"import sys\nfor m in {pure!r}: __import__(m)\n"
        "print(sorted({n.split('.')[0] for n in sys.modules}))"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True
    )
    loaded = set(ast.literal_eval(out.stdout))
    assert "scorekeeper" in loaded
    assert loaded & {*WEB_OR_DATABASE, "werkzeug", "jinja2"} == set()


# A real split (issue 40, item 2): the ledger, the replay and the tables and clubs layers know
# a game by its rules (``GameRules``, ``RULES``) and ask nothing of its pages (``GamePages``).
RULES_SIDE = ("scorekeeper.ledger", "scorekeeper.table_changes", "scorekeeper.state")
RULES_SIDE_FOLDERS = ("scorekeeper.tables.", "scorekeeper.clubs.")
PAGES_ONLY_NAMES = {"Game", "GAMES", "GamePages", "game_pages", "find_game"}


def _pages_only_members() -> set[str]:
    from scorekeeper.games.game_pages import GamePages
    from scorekeeper.games.game_rules import GameRules

    return set(vars(GamePages)) - set(dir(GameRules)) - {"__module__", "__doc__"}


def asks_of_pages(path: Path, pages_only: set[str]) -> list[str]:
    """What the module at ``path`` takes of a game's pages: an import of ``Game``, ``GAMES``
    or ``GamePages``, or an attribute that only ``GamePages`` has."""
    out: list[str] = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("scorekeeper.games"):
            out += [f"imports {a.name}" for a in node.names if a.name in PAGES_ONLY_NAMES]
        elif isinstance(node, ast.Attribute) and node.attr in pages_only:
            out.append(f"asks .{node.attr}")
    return out


def test_the_rules_side_asks_nothing_of_a_games_pages(tmp_path):
    pages_only = _pages_only_members()
    assert {"read_form", "entry_template", "bar_messages"} <= pages_only
    assert "numbered" not in pages_only and "complete" not in pages_only
    bad = tmp_path / "m.py"
    bad.write_text("from scorekeeper.games import GAMES, RULES\nx = RULES['toppa'].read_form\n")
    assert asks_of_pages(bad, pages_only) == ["imports GAMES", "asks .read_form"]
    found = {
        f"{name}: {what}"
        for name, path in MODULES.items()
        if name in RULES_SIDE or name.startswith(RULES_SIDE_FOLDERS)
        for what in asks_of_pages(path, pages_only)
    }
    assert found == set()
