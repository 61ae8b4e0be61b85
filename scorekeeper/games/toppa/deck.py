"""The deck as Toppa and Baka count it: the full 48 cards (RULES 1), each worth its card
points by its type. Only this family of games counts card points, so they live here."""

from __future__ import annotations

from collections.abc import Iterable

from scorekeeper.cards import ALL_IDS, CARDS, CardType, in_deck_order

#: Both are played with the full 48-card deck (RULES 1).
DECK: frozenset[str] = ALL_IDS
DECK_IN_ORDER: tuple[str, ...] = tuple(in_deck_order(DECK))

#: Toppa and Baka card points by the card's own type (RULES 1).
TOPPA_POINTS: dict[CardType, int] = {
    CardType.BRIGHT: 20,
    CardType.ANIMAL: 10,
    CardType.RIBBON: 5,
    CardType.CHAFF: 0,
}

#: Each card's points, by its id.
POINTS: dict[str, int] = {c.id: TOPPA_POINTS[c.type] for c in CARDS}


def card_points(pile: Iterable[str]) -> int:
    """The card points of a pile (or a hand): 240 for the whole deck."""
    return sum(map(POINTS.__getitem__, pile))
