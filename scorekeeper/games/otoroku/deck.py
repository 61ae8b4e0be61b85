"""Otoroku's deck and table (RULES 1, 5): 40 cards, January to October, for 2 to 7 players."""

from __future__ import annotations

from scorekeeper.cards import CARDS, Card
from scorekeeper.messages import N_

GAME = "otoroku"
TITLE = N_("Otoroku")
#: The 40-card deck: January to October (RULES 1).
DECK: frozenset[str] = frozenset(c.id for c in CARDS if c.month <= 10)
MIN_PLAYERS, MAX_PLAYERS = 2, 7


def left_out(card: Card) -> str:
    """Why a card is not in Otoroku's deck (RULES 1)."""
    return N_(
        "%(card)s is not used in Otoroku: its deck is months 1-10, "
        "so %(suit)s (month %(month)s) is removed",
        card=card.name,
        suit=card.suit.english,
        month=card.month,
    ).capitalized()
