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

GAMES: dict[str, Game] = {g.id: g for g in (TOKOTOKO, TOPPA, BAKA, OTOROKU, TOKAN)}


def find_game(name: str) -> Game | None:
    """The game called ``name`` (case-insensitive), or None."""
    return GAMES.get(name.strip().lower())


__all__ = ["GAMES", "Game", "GameEnd", "find_game"]
