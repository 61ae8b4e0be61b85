"""The five games' rules: pure functions from a frozen input to a frozen result.

No Flask and no database here. Each game module reads a JSON-shaped body (``parse``) and
scores it (``score``); the result offers each player's change (``deltas``), how the round
moves a table on (``outcome``) and the API's dict (``to_dict``). The game objects of
``scorekeeper.games`` wrap these modules with everything else that differs per game.
"""

from __future__ import annotations

from scorekeeper.rules.common import InvalidInput, Note, Option, Outcome, RoundResult, Violation

__all__ = ["InvalidInput", "Note", "Option", "Outcome", "RoundResult", "Violation"]
