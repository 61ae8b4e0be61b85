"""A game's two halves (issue 32 item 3): what it says about its rules (``GameRules``) and
what its pages need (``GamePages``), each hook declared once with a docstring and a harmless
default, and a game's declarations read from its engine module rather than copied."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

from scorekeeper.games import GAMES
from scorekeeper.games.base import Game
from scorekeeper.games.game_pages import GamePages
from scorekeeper.games.game_rules import ENGINE_CONSTANTS, GameRules
from scorekeeper.state import State, TableSpec
from tests.toygame import rules as toy_engine
from tests.toygame.game import HIGH_CARD

ROOT = Path(__file__).resolve().parent.parent


def hooks(base: type) -> set[str]:
    return {n for n in vars(base) if not n.startswith("__")} | set(
        getattr(base, "__annotations__", {})
    )


def test_a_game_is_its_rules_and_its_pages():
    assert Game.__mro__[1:3] == (GameRules, GamePages)
    for game in GAMES.values():
        assert isinstance(game, GameRules) and isinstance(game, GamePages), game.id


def test_each_hook_is_declared_once_with_its_docstring():
    # What the pages read of the rules (the game's id, title and noun) is only annotated on
    # the pages' side: its value and docstring are the rules'.
    both = hooks(GameRules) & {n for n in vars(GamePages) if not n.startswith("__")}
    assert both == set()
    assert set(GamePages.__annotations__) - set(vars(GamePages)) == {"id", "title", "noun"}
    for base in (GameRules, GamePages):
        for name, member in vars(base).items():
            if name.startswith("_") or not callable(getattr(member, "fget", member)):
                continue
            assert inspect.getdoc(getattr(member, "fget", member)), f"{base.__name__}.{name}"


def test_the_rules_half_knows_no_page():
    # The rules' half reads no form, names no template and describes nothing for the API.
    tree = ast.parse((ROOT / "scorekeeper" / "games" / "game_rules.py").read_text())
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert not imported & {
        "scorekeeper.games.form_input",
        "scorekeeper.games.schema",
        "scorekeeper.games.game_pages",
    }


def test_the_ledger_asks_a_game_only_about_its_rules():
    rules = hooks(GameRules) | {n for n in dir(GameRules) if not n.startswith("__")}
    places = [
        ROOT / "scorekeeper" / "ledger.py",
        ROOT / "scorekeeper" / "table_changes.py",
        ROOT / "scorekeeper" / "tables" / "replay.py",
    ]
    asked = {
        (path.name, node.attr)
        for path in places
        if path.is_file()
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "game"
    }
    assert asked, "the ledger asks its game something"
    assert {(f, a) for f, a in asked if a not in rules} == set()


@pytest.mark.parametrize("game", list(GAMES.values()), ids=lambda g: g.id)
def test_a_game_s_declarations_are_its_engine_s(game):
    engine = getattr(type(game), "engine", None)
    if engine is None:
        # Toppa's engine serves two games: each reads its declarations from its variant.
        variant = game.variant
        assert (game.id, game.title, game.max_players) == (
            variant.id,
            variant.title,
            variant.players,
        )
        assert game.rule_options is variant.rule_options and game.bounds is variant.bounds
        return
    for attr, constant in ENGINE_CONSTANTS.items():
        if hasattr(engine, constant):
            assert getattr(game, attr) is getattr(engine, constant), (game.id, attr)


def test_a_game_that_sets_its_engine_reads_the_rest_from_it():
    assert HIGH_CARD.id == toy_engine.GAME and HIGH_CARD.title is toy_engine.TITLE
    assert HIGH_CARD.setting_options is toy_engine.SETTINGS
    assert HIGH_CARD.keys is toy_engine.KEYS and HIGH_CARD.deck is toy_engine.DECK

    class Renamed(Game):
        engine = toy_engine
        title = "Hi-card"  # what a game sets itself, it keeps

    assert Renamed.title == "Hi-card" and Renamed.id == toy_engine.GAME
    assert Game.keys == frozenset({"players"})  # the base is left as it was


def test_the_defaults_are_harmless():
    # A game that sets only its engine: a form reads nothing (the engine says what is
    # missing), an error shows beside its player, the table may end a game after a round,
    # and the API's description names its result.
    class Bare(Game):
        engine = toy_engine

    game = Bare()
    errors: list[object] = []
    assert game.entry_from_form({"dealer": "1"}, 2, errors) == {"dealer": 1} and errors == []
    assert game.error_place("players.1.card", ["Aki", "Ben"], {})[:2] == ("player-1", "Ben")
    spec = TableSpec(game=game.id, players=("Aki", "Ben"), rules={}, settings={})
    state = State.initial(spec)
    assert game.progress(spec, state, 0) == "Round 1 next" and not game.can_end(state)
    assert game.seated_after(spec, state, [0, 1]) == state.seated
    assert sum(game.end_game(spec, state).deltas) == 0
    assert game.explain({}) is None and game.bar_messages() == {}
    assert game.result_schema().name == "HighcardResult"
    assert game.numbered(3) == "round 3" and game.yaku_name("x") == "x"
