"""The structure the docs promise: options declared once, game names compared only by games."""

from __future__ import annotations

import re
from pathlib import Path

from scorekeeper.games import GAMES, bounds_table, options_table

ROOT = Path(__file__).resolve().parent.parent
NAMES = "|".join(GAMES)


def test_the_table_of_options_is_the_one_the_declarations_write():
    readme = (ROOT / "docs" / "api.md").read_text()
    assert options_table() in readme


def test_no_game_name_is_compared_outside_the_games():
    # A game's name in quotes outside scorekeeper/games and scorekeeper/rules means a switch on
    # the game that belongs with the game object instead.
    quoted = re.compile(rf"""["'](?:{NAMES})["']""")
    places = [
        *(ROOT / "scorekeeper").rglob("*.py"),
        *(ROOT / "templates").rglob("*.html"),
        *(ROOT / "static").rglob("*.js"),
    ]
    found = [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
        for path in places
        if not path.is_relative_to(ROOT / "scorekeeper" / "games")
        and not path.is_relative_to(ROOT / "scorekeeper" / "rules")
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if quoted.search(line)
    ]
    assert found == []


def test_every_game_declares_what_the_pages_ask_of_it():
    for game in GAMES.values():
        assert (ROOT / "templates" / game.entry_template).is_file(), game.id
        assert (ROOT / "templates" / game.tally_template).is_file(), game.id
        assert (ROOT / "templates" / game.result_template).is_file(), game.id
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
