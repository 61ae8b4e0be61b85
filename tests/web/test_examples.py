"""Each game's example rounds, kept in its folder (``examples.json``, issue 18 part 1): the
worked examples of RULES.md 8, scored through the API. Every registered game has some, and a
game registered from the tests (High card) brings its own the same way."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.games import GAMES, register
from tests import toygame
from tests.toygame.game import HIGH_CARD


def examples(folder: Path) -> list[dict[str, Any]]:
    return json.loads((folder / "examples.json").read_text(encoding="utf-8"))


def at(data: Any, path: str) -> Any:
    for key in path.split("."):
        data = data[int(key)] if isinstance(data, list) else data[key]
    return data


FOLDERS = sorted({game.folder for game in GAMES.values()})
CASES = [pytest.param(e, id=e["name"][:60]) for f in FOLDERS for e in examples(f)]


def test_every_game_has_example_rounds_in_its_folder():
    for game in GAMES.values():
        assert any(e["game"] == game.id for e in examples(game.folder)), game.id


@pytest.mark.parametrize("example", CASES)
def test_each_example_round_scores_as_rules_md_says(client, example):
    resp = client.post(f"/api/v1/score/{example['game']}", json=example["body"])
    assert resp.status_code == 200, resp.get_json()
    got = resp.get_json()
    assert {path: at(got, path) for path in example["expect"]} == example["expect"], example[
        "ruling"
    ]


def test_the_toy_game_brings_its_examples_too(client):
    register(*toygame.GAMES)
    try:
        for example in examples(HIGH_CARD.folder):
            resp = client.post(f"/api/v1/score/{example['game']}", json=example["body"])
            assert resp.status_code == 200, resp.get_json()
            assert {p: at(resp.get_json(), p) for p in example["expect"]} == example["expect"]
    finally:
        del GAMES[HIGH_CARD.id]
