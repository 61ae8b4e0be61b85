"""The card picker's view of a deck: months in order, and what an entry has ticked."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper.cards import CARD_BY_ID, CARDS, SUITS, Card


@dataclass(frozen=True, slots=True)
class MonthRow:
    suit_id: str
    month: int
    english: str
    kanji: str
    romaji: str
    specials: tuple[Card, ...]
    chaff: int
    """How many interchangeable plain cards this month has in the game's deck."""
    chaff_card: Card | None
    """The plain card a tile for them shows."""
    values: Mapping[str, int]
    """The number a game counts each card for, shown on its tile (empty: none shown)."""


def month_rows(deck: frozenset[str], values: Mapping[str, int] | None = None) -> list[MonthRow]:
    """A deck grouped by month, as the picker shows it, with the game's card values."""
    rows = []
    for s in SUITS:
        cards = [c for c in CARDS if c.suit is s and c.id in deck]
        if not cards:
            continue
        specials = tuple(c for c in cards if c.chaff_group is None)
        plain = [c for c in cards if c.chaff_group is not None]
        rows.append(
            MonthRow(
                s.id,
                s.month,
                s.english,
                s.kanji,
                s.romaji,
                specials,
                len(plain),
                plain[0] if plain else None,
                {c.id: values[c.id] for c in cards if c.id in values} if values else {},
            )
        )
    return rows


def picked(cards: Sequence[str] | None) -> dict[str, Any]:
    """The picker's state for a list of card ids: ticked specials and chaff counts."""
    ids = [c for c in cards or () if isinstance(c, str) and c in CARD_BY_ID]
    counts = Counter(CARD_BY_ID[c].suit.id for c in ids if CARD_BY_ID[c].chaff_group)
    return {"ids": {c for c in ids if not CARD_BY_ID[c].chaff_group}, "chaff": dict(counts)}
