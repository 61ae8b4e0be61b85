"""Toppa (2 players, par 120) and Baka (3 players, par 80): RULES.md section 4.

Both games score a captured pile (dekiyaku) and an exposed hand (teyaku). Toppa settles
the yaku difference by an exchange of captured cards (4.5); Baka settles Low Man Out,
yaku against the average (or pairwise) and card points arithmetically (4.6), in thirds.

One engine, two sets of parameters (``variant``: ``TOPPA`` and ``BAKA``); the engine reads a
variant, never a game's name. Its parts, by concern:

- ``variant``: what the two games differ in; ``house_rules``: their house rules;
- ``deck``: the deck and its card points; ``yaku``: dekiyaku and teyaku;
- ``entry``: reading and checking a round's body (``parse``);
- ``settle``: the settlement (``score``), with ``notes`` saying why, and ``result``;
- ``draw``: the first dealer's draw.

This module is the engine's face: what the game object, the checker and the tests use.
"""

from __future__ import annotations

from scorekeeper.games.toppa.deck import DECK, POINTS, TOPPA_POINTS, card_points
from scorekeeper.games.toppa.draw import DrawResult, draw_value, first_dealer
from scorekeeper.games.toppa.entry import (
    KEYS,
    PLAYER_KEYS,
    Input,
    PlayerInput,
    misdeal,
    odd_month,
    parse,
)
from scorekeeper.games.toppa.house_rules import RULE_OPTIONS, Rules, parse_rules
from scorekeeper.games.toppa.result import PlayerResult, RoundResult
from scorekeeper.games.toppa.settle import exchange_suggestion, resolve_piles, score
from scorekeeper.games.toppa.variant import BAKA, ROUND, TOPPA, VARIANTS, Variant
from scorekeeper.games.toppa.yaku import YAKU_NAMES, Yaku, dekiyaku, teyaku
from scorekeeper.rules.common import InvalidInput

__all__ = [
    "BAKA",
    "DECK",
    "KEYS",
    "PLAYER_KEYS",
    "POINTS",
    "ROUND",
    "RULE_OPTIONS",
    "TOPPA",
    "TOPPA_POINTS",
    "VARIANTS",
    "YAKU_NAMES",
    "DrawResult",
    "Input",
    "InvalidInput",
    "PlayerInput",
    "PlayerResult",
    "RoundResult",
    "Rules",
    "Variant",
    "Yaku",
    "card_points",
    "dekiyaku",
    "draw_value",
    "exchange_suggestion",
    "first_dealer",
    "misdeal",
    "odd_month",
    "parse",
    "parse_rules",
    "resolve_piles",
    "score",
    "teyaku",
]
