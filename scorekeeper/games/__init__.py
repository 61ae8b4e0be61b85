"""The five games, one object each, registered in ``GAMES``.

Everything that differs between games lives with its game object (``scorekeeper.games.base``
says what one offers); the ledger, the table services, the forms, the views and the templates
ask the game and never compare a game's name.
"""

from __future__ import annotations

from scorekeeper.games.base import Game, GameEnd
from scorekeeper.games.otoroku import OTOROKU
from scorekeeper.games.tokan import TOKAN
from scorekeeper.games.tokotoko import TOKOTOKO
from scorekeeper.games.toppa import BAKA, TOPPA
from scorekeeper.rules import Option

GAMES: dict[str, Game] = {g.id: g for g in (TOKOTOKO, TOPPA, BAKA, OTOROKU, TOKAN)}


def options_table() -> str:
    """The README's table of house rules and settings, written from the declarations."""
    rows: dict[int, tuple[list[str], Option]] = {}
    for game in GAMES.values():
        for o in game.options:
            rows.setdefault(id(o), ([], o))[0].append(game.title)
    lines = ["| game | option | where | values (default first) |", "|---|---|---|---|"]
    for titles, o in rows.values():
        where = "rules" if any(o in g.rule_options for g in GAMES.values()) else "settings"
        lines.append(f"| {', '.join(titles)} | `{o.key}` | {where} | {_values(o)} |")
    return "\n".join(lines)


def _values(o: Option) -> str:
    if o.kind == "bool":
        flags = [bool(o.default), not o.default]
        return ", ".join(f"`{str(v).lower()}`" for v in flags)
    if o.kind == "choice":
        ordered = [str(o.default)] + [v for v in o.values if v != o.default]
        return ", ".join(f"`{v}`" for v in ordered)
    hint = f" {o.hint}" if o.hint else ""
    return f"`{o.default}`{hint} ({o.minimum} to {o.maximum:,})"


def find_game(name: str) -> Game | None:
    """The game called ``name`` (case-insensitive), or None."""
    return GAMES.get(name.strip().lower())


__all__ = ["GAMES", "Game", "GameEnd", "find_game", "options_table"]
