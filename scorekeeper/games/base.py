"""What a game is to the rest of the app: one object per game owning all that differs.

The rules engine (a game folder's ``rules.py``) scores one round from a complete input. A
``Game`` adds what a table and its pages need to know about that game, in two halves, each
its own base class with every hook declared once, with a docstring and a harmless default:

- ``GameRules`` (``game_rules.py``), what the game says about its rules: its identity and
  declarations (read from its engine module), completing a round's input from the table's
  state, who stays seated, when a game ends, cheap rescoring, ending a game early, the draw;
- ``GamePages`` (``game_pages.py``), what its pages need: reading its round form, where an
  error shows, its templates, scripts and styles, nouns, progress, the bar's messages, the
  line under a result, its result for the API's description.

``Game`` is both (two bases rather than a pair of objects it holds): a caller asks
``game.complete(...)`` or ``game.read_form(...)`` of the one object it already has, and a
game's class overrides, side by side, only the hooks that differ. The ledger and the table
services ask only for ``GameRules`` hooks; the views and templates for both. Pure: no Flask
and no database.
"""

from __future__ import annotations

from scorekeeper.games.game_pages import FIELD_WORDS, BarLine, BarWords, ErrorItem, GamePages
from scorekeeper.games.game_rules import Engine, GameEnd, GameRules


class Game(GameRules, GamePages):
    """One game: its rules (``GameRules``) and its pages (``GamePages``).

    Subclasses set ``engine`` (the rest of the declarations follow from it), the flags that
    differ, and override the hooks they need; the defaults describe a game of single rounds
    with no dealer, pot, house or seats.
    """


__all__ = [
    "FIELD_WORDS",
    "BarLine",
    "BarWords",
    "Engine",
    "ErrorItem",
    "Game",
    "GameEnd",
    "GamePages",
    "GameRules",
]
