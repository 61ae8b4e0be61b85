"""High card: a toy game that lives in the tests, to prove a game is one folder.

Copy this folder to ``scorekeeper/games/<name>/``, rename its game, add the folder to
``FOLDERS`` in ``scorekeeper/games/__init__.py``, and the game scores through the pages and
the API (docs/architecture.md, "Adding a game", lists each step). The tests register it with
``register``.
"""

from tests.toygame.game import HIGH_CARD

GAMES = (HIGH_CARD,)
