"""The games, one folder each, registered in ``GAMES``.

Everything that is one game lives in its folder ``scorekeeper/games/<folder>/``: its pure rules
engine (``rules.py``), its game object (``game.py``, the hooks ``scorekeeper.games.base``
declares), its templates and its script and style parts (``templates/``, ``static/``) and its
example rounds (``examples.json``). The ledger, the table services, the forms, the views and
the shared templates ask the game object and never compare a game's name. A folder's
``__init__`` names its games in ``GAMES``; adding a game is adding its folder to ``FOLDERS``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from importlib import import_module

from scorekeeper.games.base import Game, GameEnd, GameRules
from scorekeeper.messages import Msg
from scorekeeper.rules import Option
from scorekeeper.rules.common import (
    MAX_NAME_LENGTH,
    MAX_POINT_VALUE,
    MAX_ROUND_NUMBER,
    SUBMISSION_ID_LENGTH,
    Body,
)

FOLDERS = ("tokotoko", "toppa", "otoroku", "tokan")
"""The registry: the game folders, in the order the home page offers their games."""

GAMES: dict[str, Game] = {}
RULES: Mapping[str, GameRules] = GAMES
"""The same games seen by their rules only: what the ledger, the replay and the tables layer
use (``tests/test_layers.py`` checks that they ask nothing of ``GamePages``)."""


def register(*games: Game) -> None:
    """Offer ``games`` on every page and in the API (a game's id must be new). A game
    registered so, from outside ``FOLDERS``, brings no catalogue: its words stay English."""
    for game in games:
        if game.id in GAMES:
            raise ValueError(f"a game called {game.id!r} is registered already")
        GAMES[game.id] = game


def games_in(folder: str) -> tuple[Game, ...]:
    """The games of the game folder ``scorekeeper/games/<folder>``."""
    games: tuple[Game, ...] = import_module(f"{__name__}.{folder}").GAMES
    return games


for _folder in FOLDERS:
    register(*games_in(_folder))


def options_table(games: Sequence[Game]) -> str:
    """The table of a game folder's house rules and settings in its ``README.md`` (``games``:
    the folder's, ``games_in(folder)``), written from the declarations (docs/api.md points to
    each)."""
    rows: dict[int, tuple[list[str], Option]] = {}
    for game in games:
        for o in game.options:
            rows.setdefault(id(o), ([], o))[0].append(game.title)
    lines = ["| game | option | where | values (default first) |", "|---|---|---|---|"]
    for titles, o in rows.values():
        where = "rules" if any(o in g.rule_options for g in games) else "settings"
        lines.append(f"| {', '.join(titles)} | `{o.key}` | {where} | {_values(o)} |")
    return "\n".join(lines)


def _values(o: Option) -> str:
    if o.kind == "bool":
        flags = [bool(o.default), not o.default]
        return ", ".join(f"`{str(v).lower()}`" for v in flags)
    if o.kind == "choice":
        others = [v for v in o.values if v != o.default]
        return ", ".join(f"`{v}`" for v in [str(o.default), *others])
    hint = f" {o.hint}" if o.hint else ""
    return f"`{o.default}`{hint} ({o.minimum} to {o.maximum:,})"


def bounds_table() -> str:
    """docs/api.md's table of bounds beyond the options, written from the declarations: what a
    round or a new table may carry, and a value outside is refused (422) naming its field."""
    lines = [
        "| game | input | bounds |",
        "|---|---|---|",
        f"| every game | a player's or the table's `name` | 1 to {MAX_NAME_LENGTH} characters |",
        f"| every game | `point_value` | more than 0, at most {MAX_POINT_VALUE:,}, whole or a "
        f"fraction `n/d` with `d` at most {MAX_POINT_VALUE:,} |",
        f"| every game | `submission_id` | 1 to {SUBMISSION_ID_LENGTH} ASCII letters, digits, "
        "`-` and `_` |",
        "| every game | `dealer`, `first_dealer` | a position among the players |",
        f"| every game | `expected_number`, a round number in a link | 1 to "
        f"{MAX_ROUND_NUMBER:,} (in a link, a round the table lacks is 404) |",
    ]
    for game in GAMES.values():
        span = (
            f"exactly {game.min_players}"
            if game.min_players == game.max_players
            else f"{game.min_players} to {game.max_players}"
        )
        lines.append(f"| {game.title} | players | {span} |")
        lines += [
            f"| {game.title} | `{b.field}`, {b.what} | {b.minimum:,} to {b.maximum:,} |"
            for b in game.bounds
        ]
    return "\n".join(lines)


def why_line(result: Body) -> Msg | None:
    """The line that explains a stored round's ``result`` (its game's ``explain``), or None."""
    game = GAMES.get(str(result.get("game")))
    return game.explain(result) if game else None


def find_game(name: str) -> Game | None:
    """The game called ``name`` (case-insensitive), or None."""
    return GAMES.get(name.strip().lower())


__all__ = [
    "FOLDERS",
    "GAMES",
    "RULES",
    "Game",
    "GameEnd",
    "GameRules",
    "bounds_table",
    "find_game",
    "games_in",
    "options_table",
    "register",
    "why_line",
]
