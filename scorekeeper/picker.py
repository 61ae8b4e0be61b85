"""The card picker's view of a deck: months in order, and what an entry has ticked."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

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
    cards: tuple[Card, ...] = ()
    """Every card of the month in the game's deck, plain cards each on its own."""


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
                tuple(cards),
            )
        )
    return rows


@dataclass(frozen=True, slots=True)
class Picked:
    """A picker's state: the ids of the cards ticked."""

    ids: frozenset[str]


def picked(cards: Sequence[object] | None) -> Picked:
    """The picker's state for a list of card ids: the cards ticked, plain cards each by its
    own id (the form reads a plain card's id as that very card while it is free)."""
    return Picked(frozenset(c for c in cards or () if isinstance(c, str) and c in CARD_BY_ID))


def initials(names: Sequence[str]) -> list[str]:
    """A short mark per player for the card grid's tiles, beside their colour: the first
    letter of each name, two letters where two names share one, else the seat from 1."""
    for size in (1, 2):
        marks = [(n.strip()[:size] or "?").upper() for n in names]
        if len(set(marks)) == len(marks):
            return marks
    return [str(i + 1) for i in range(len(names))]
