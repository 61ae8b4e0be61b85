"""The structure the docs promise: options declared once, game names compared only by games."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from scorekeeper.games import GAMES, bounds_table, options_table

ROOT = Path(__file__).resolve().parent.parent


def test_the_table_of_options_is_the_one_the_declarations_write():
    readme = (ROOT / "docs" / "api.md").read_text()
    assert options_table() in readme


def _code(path: Path) -> str:
    """A file's code without its comments and docstrings (they may name a game)."""
    text = path.read_text(encoding="utf-8")
    if path.suffix in (".html", ".js", ".css"):
        text = re.sub(r"<!--.*?-->|\{#.*?#\}|/\*.*?\*/", "", text, flags=re.S)
        return re.sub(r"(?m)^\s*//.*$", "", text)
    docs: set[int] = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            docs.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    lines = text.splitlines()
    return "\n".join(re.sub(r"#.*$", "", ln) for i, ln in enumerate(lines, 1) if i not in docs)


def _words(code: str) -> str:
    """Code with CamelCase names taken apart ("TokanResult": "Tokan Result"), so that a game's
    name inside one is a word of its own (issue 32)."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", code)


def test_no_game_is_named_outside_its_folder():
    # Issue 18 part 1: shared code (the deck grid, the ledger, tables, views, templates, the
    # style sheet and scripts) names no game; it asks the game object. The registry names
    # the folders, once.
    words = {g.id for g in GAMES.values()} | {str(g.title).lower() for g in GAMES.values()}
    named = re.compile(rf"\b(?:{'|'.join(sorted(words))})\b", re.I)
    folders = {game.folder for game in GAMES.values()}
    places = [
        *(ROOT / "scorekeeper").rglob("*.py"),
        *(ROOT / "scorekeeper").rglob("*.html"),
        *(ROOT / "templates").rglob("*.html"),
        *(ROOT / "static").rglob("*.js"),
        *(ROOT / "static").rglob("*.css"),
    ]
    found = [
        f"{path.relative_to(ROOT)}: {sorted(set(named.findall(_words(_code(path)))))}"
        for path in places
        if not any(path.is_relative_to(folder) for folder in folders)
        and "migrations" not in path.parts
        and path != ROOT / "scorekeeper" / "games" / "__init__.py"
        and named.search(_words(_code(path)))
    ]
    assert found == []


def test_the_check_sees_a_game_named_in_shared_code():
    assert re.search(r"\btokan\b", _code(ROOT / "scorekeeper" / "games" / "tokan" / "game.py"))
    assert not re.search(r"\btoppa\b", _code(ROOT / "scorekeeper" / "ledger.py"), re.I)
    # A game's name inside a CamelCase name counts too (issue 32: "TokanResult").
    assert re.search(r"\bTokan\b", _words('ref("TokanResult")'))
    assert re.search(r"\bOtoroku\b", _words("class OtorokuPages(GamePages):"))
    assert not re.search(r"\bTokan\b", _words("TokanaResult"))


def test_every_game_is_one_folder_with_what_the_pages_ask_of_it():
    for game in GAMES.values():
        folder = game.folder
        assert folder.parent == ROOT / "scorekeeper" / "games", game.id
        for name in ("entry.html", "tally.html", "result.html"):
            assert (folder / "templates" / name).is_file(), (game.id, name)
        for name in (*game.scripts, *game.styles):
            assert (folder / "static" / name).is_file(), (game.id, name)
        assert (folder / "rules.py").is_file() and (folder / "game.py").is_file(), game.id
        assert game.min_players <= game.default_players <= game.max_players
        keys = [o.key for o in game.options]
        assert len(keys) == len(set(keys)), game.id


def test_the_table_of_bounds_is_the_one_the_declarations_write():
    readme = (ROOT / "docs" / "api.md").read_text()
    assert bounds_table() in readme


def test_pre_commit_runs_the_checks_that_scripts_test_runs():
    # Issue 18 part 5: the lint and type run of ./scripts/test, and the same before a commit.
    script = (ROOT / "scripts" / "test").read_text().replace('"', "")
    hooks = (ROOT / ".pre-commit-config.yaml").read_text()
    for check in (
        "ruff check --quiet .",
        "ruff format --check --quiet .",
        "mypy --strict --no-error-summary scorekeeper",
    ):
        assert check in script and check in hooks, check


def test_the_readme_is_a_users_guide_the_rest_is_in_docs():
    # Issue 18 part 6: at most 250 lines, with the two commands and the API in brief; the
    # detail lives in docs/, and every document the README names exists.
    readme = (ROOT / "README.md").read_text()
    assert len(readme.splitlines()) <= 250
    assert "./scripts/run" in readme and "./scripts/test" in readme
    for doc in re.findall(r"`(docs/[a-z]+\.md)`", readme):
        assert (ROOT / doc).is_file(), doc
    assert {"architecture.md", "performance.md", "api.md"} <= {
        p.name for p in (ROOT / "docs").iterdir()
    }
