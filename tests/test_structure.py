"""The structure the docs promise: options declared once, game names compared only by games."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable
from pathlib import Path

from scorekeeper.games import FOLDERS, GAMES, bounds_table, games_in, options_table

ROOT = Path(__file__).resolve().parent.parent


def test_each_game_folder_documents_the_options_it_declares():
    # Issue 40: a house rule is added in its game's folder alone, its documentation included.
    api = (ROOT / "docs" / "api.md").read_text()
    for folder in FOLDERS:
        readme = ROOT / "scorekeeper" / "games" / folder / "README.md"
        assert readme.is_file(), f"{readme.relative_to(ROOT)} is missing (copy tests/toygame's)"
        table = options_table(games_in(folder))
        assert table in readme.read_text(), (
            f"{readme.relative_to(ROOT)} lacks the table of its options "
            f"(options_table(games_in({folder!r}))):\n{table}"
        )
        assert f"`scorekeeper/games/{folder}/README.md`" in api, folder


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


def game_names(words: Iterable[str]) -> re.Pattern[str]:
    """A game's name as code spells it: a word in any case (``toppa``, ``Toppa``, ``TOPPA``)
    and a part of a longer name (``toppa_line``, ``TOPPA_POINTS``, ``TokanResult``,
    ``isBaka``), but not letters inside another word (``bakanal``)."""
    spellings = []
    for word in sorted(words):
        spellings += [
            rf"(?<![a-z]){word.lower()}(?![a-z])",
            rf"(?<![A-Z]){word.capitalize()}(?![a-z])",
            rf"(?<![A-Z]){word.upper()}(?![A-Z])",
        ]
    return re.compile("|".join(spellings))


#: Shared files that may name a game: the registry names the folders, once.
NAMING_GAMES = {ROOT / "scorekeeper" / "games" / "__init__.py"}


def _shared_code() -> list[Path]:
    """The files outside every game's folder: code, templates, style sheets, scripts."""
    folders = {game.folder for game in GAMES.values()}
    places = [
        *(ROOT / "scorekeeper").rglob("*.py"),
        *(ROOT / "scorekeeper").rglob("*.html"),
        *(ROOT / "templates").rglob("*.html"),
        # Not the built script (git-ignored): esbuild's bundle holds the games' own modules.
        *(p for p in (ROOT / "static").rglob("*.js") if "dist" not in p.parts),
        *(ROOT / "static").rglob("*.css"),
    ]
    return [
        path
        for path in places
        if not any(path.is_relative_to(folder) for folder in folders)
        and "migrations" not in path.parts
    ]


def test_no_game_is_named_outside_its_folder():
    # Issue 18 part 1: shared code (the deck grid, the ledger, tables, views, templates, the
    # style sheet and scripts) names no game; it asks the game object. Issue 32: in any case,
    # and inside a longer name too (a constant, a class).
    words = {g.id for g in GAMES.values()} | {str(g.title).lower() for g in GAMES.values()}
    named = game_names(words)
    found = [
        f"{path.relative_to(ROOT)}: {sorted(set(named.findall(_code(path))))}"
        for path in _shared_code()
        if path not in NAMING_GAMES and named.search(_code(path))
    ]
    assert found == []


def test_the_check_sees_a_game_named_in_shared_code():
    named = game_names(["toppa", "tokan", "baka"])
    assert named.search(_code(ROOT / "scorekeeper" / "games" / "tokan" / "game.py"))
    assert not named.search(_code(ROOT / "scorekeeper" / "ledger.py"))
    for spelt in ("toppa", "Toppa", "TOPPA", "toppa_line", "TOPPA_POINTS", "TokanResult"):
        assert named.search(f"x = {spelt}"), spelt
    for spelt in ("isBaka", "x.baka", "'baka'", "BakaGame"):
        assert named.search(spelt), spelt
    for other in ("bakanal", "Tokanoma", "stoppable", "TOPPAN"):
        assert not named.search(other), other


def test_no_game_is_told_apart_by_its_name():
    # Issue 32: code does not compare a game's id or key a table by it (``game == "baka"``,
    # ``{"toppa": 120, "baka": 80}``): a game's own object or its engine's variant says what
    # differs. Only the registry holds the games' ids.
    ids = {g.id for g in GAMES.values()}
    found = []
    for path in (ROOT / "scorekeeper").rglob("*.py"):
        if path in NAMING_GAMES or "migrations" in path.parts:
            continue
        found += [
            f"{path.relative_to(ROOT)}:{line}: {what}"
            for line, what in _by_name(ast.parse(path.read_text(encoding="utf-8")), ids)
        ]
    assert found == []


def _by_name(tree: ast.AST, ids: set[str]) -> list[tuple[int, str]]:
    """The comparisons with a game's id and the tables keyed by game ids in ``tree``."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            named = [s.value for s in sides if isinstance(s, ast.Constant) and s.value in ids]
            found += [(node.lineno, f"compares with {n!r}") for n in named]
        elif isinstance(node, ast.Dict):
            keys = [k.value for k in node.keys if isinstance(k, ast.Constant) and k.value in ids]
            if len(keys) > 1:  # one key may be a hand named like its game (Otoroku's)
                found.append((node.lineno, f"a table keyed by {sorted(keys)}"))
    return found


def test_the_name_check_sees_a_branch_on_a_game():
    ids = {"toppa", "baka"}
    tree = ast.parse('PAR = {"toppa": 120, "baka": 80}\nif game == "toppa":\n    pass\n')
    assert [line for line, _ in _by_name(tree, ids)] == [1, 2]
    assert _by_name(ast.parse('title = "Toppa"\nif variant.exchange:\n    pass\n'), ids) == []
    assert _by_name(ast.parse('NAMES = {"toppa": "Toppa (hand)"}'), ids) == []


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
        "mypy --strict --no-error-summary scorekeeper recogniser bench",
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


ANY_MOST = 60
"""Issue 40: the most lines of ``scorekeeper/`` that mention ``Any`` (imports included)."""

_ANY = re.compile(r"\bAny\b")


def any_lines(folder: Path) -> list[str]:
    """The lines of the Python files under ``folder`` that mention the word ``Any`` (as
    ``grep -rnw Any --include=*.py`` counts them), as ``path:line``."""
    return [
        f"{path.relative_to(folder).as_posix()}:{n}"
        for path in sorted(folder.rglob("*.py"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if _ANY.search(line)
    ]


def test_any_is_left_in_few_lines():
    # Issue 40 item 6: precise types (TypedDicts, typed rows, Protocols, JSON types) rather
    # than ``Any``; docs/architecture.md says where the rest are.
    found = any_lines(ROOT / "scorekeeper")
    assert len(found) <= ANY_MOST, found


def test_the_any_count_sees_a_planted_any(tmp_path):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "typed.py").write_text(
        "from typing import Any\n\n\ndef f(x: Any) -> int:\n    return 1\n", encoding="utf-8"
    )
    (tmp_path / "words.py").write_text("Anyhow = 1\nmany = [2]\nANY = 3\n", encoding="utf-8")
    (tmp_path / "notes.txt").write_text("Any\n", encoding="utf-8")
    assert any_lines(tmp_path) == ["pkg/typed.py:1", "pkg/typed.py:4"]
    assert len(any_lines(ROOT / "scorekeeper")) == sum(
        1
        for path in (ROOT / "scorekeeper").rglob("*.py")
        for line in path.read_text(encoding="utf-8").splitlines()
        if "Any" in re.findall(r"\w+", line)
    )
