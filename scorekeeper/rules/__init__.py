"""The five games' rules: pure functions from a frozen input to a frozen result.

No Flask and no database here. ``find_game(name)`` returns the game's entry points; every
game reads the same JSON-shaped body (``parse``) and scores it (``score``), so the API and
the web forms share one validation path.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from typing import Any, Protocol

from scorekeeper.rules import otoroku, tokan, tokotoko, toppa
from scorekeeper.rules.common import InvalidInput, Note, Violation


class Scored(Protocol):
    """What every game's result offers."""

    @property
    def deltas(self) -> tuple[Fraction, ...]: ...

    def to_dict(self) -> dict[str, Any]: ...


@dataclass(frozen=True, slots=True)
class Game:
    """A game's entry points."""

    id: str
    title: str
    min_players: int
    max_players: int
    parse: Callable[[Mapping[str, Any]], Any]
    score: Callable[[Any], Scored]

    def evaluate(self, data: Mapping[str, Any]) -> Scored:
        """Parse and score a body; raises InvalidInput with every violation found."""
        return self.score(self.parse(data))


GAMES: dict[str, Game] = {
    "tokotoko": Game("tokotoko", "Tokotoko", 2, 21, tokotoko.parse, tokotoko.score),
    "toppa": Game("toppa", "Toppa", 2, 2, partial(toppa.parse, game="toppa"), toppa.score),
    "baka": Game("baka", "Baka", 3, 3, partial(toppa.parse, game="baka"), toppa.score),
    "otoroku": Game("otoroku", "Otoroku", 2, 7, otoroku.parse, otoroku.score),
    "tokan": Game("tokan", "Tokan", 3, 30, tokan.parse, tokan.score),
}


def find_game(name: str) -> Game | None:
    """The game called ``name`` (case-insensitive), or None."""
    return GAMES.get(name.strip().lower())


__all__ = ["GAMES", "Game", "InvalidInput", "Note", "Scored", "Violation", "find_game"]
