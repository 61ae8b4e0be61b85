"""The card picker's view of a deck: months in order, and what an entry has ticked."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper.cards import CARD_BY_ID, CARDS, SUIT_BY_ID, SUITS, Card
from scorekeeper.messages import N_


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


def picked(cards: Sequence[str] | None) -> dict[str, Any]:
    """The picker's state for a list of card ids: the cards ticked, plain cards each by its
    own id (the form reads a plain card's id as that very card while it is free)."""
    return {"ids": {c for c in cards or () if isinstance(c, str) and c in CARD_BY_ID}}


@dataclass(frozen=True, slots=True)
class Tally:
    """What the entry page's bar shows of a pile or hand: its cards and their points."""

    count: int
    points: int


def tally(cards: Sequence[Any] | None) -> Tally:
    """The count and the Toppa points of a list of card ids (anything else is skipped)."""
    ids = [c for c in cards or () if isinstance(c, str) and c in CARD_BY_ID]
    return Tally(len(ids), sum(CARD_BY_ID[c].points for c in ids))


@dataclass(frozen=True, slots=True)
class SlotChoice:
    """One choice of a card slot's select (Tokotoko): a card, or one plain card of a month
    (its plain cards are interchangeable, so the month's first stands for them all)."""

    value: str
    label: str
    card: Card
    plain: int
    """How many plain cards of the month the deck has (0 for a named card)."""


def nagoya_rows(deck: frozenset[str], values: Mapping[str, int] | None = None) -> list[MonthRow]:
    """A deck grouped by month in the Nagoya order (pine 1, willow 2, ... plum 12)."""
    return sorted(month_rows(deck, values), key=lambda row: SUIT_BY_ID[row.suit_id].nagoya)


def slot_choices(deck: frozenset[str]) -> list[SlotChoice]:
    """Every choice a Tokotoko card slot offers, in the Nagoya order: each card, plain cards
    each by its own id (the card grid puts the very plain card tapped in a slot)."""
    out = []
    for row in nagoya_rows(deck):
        for card in row.cards:
            out.append(
                SlotChoice(card.id, slot_label(card.id), card, row.chaff if card.chaff_group else 0)
            )
    return out


def slot_value(card_id: Any) -> str:
    """The select value that shows ``card_id`` (the card's own id), or "" if it is none."""
    card = CARD_BY_ID.get(card_id) if isinstance(card_id, str) else None
    return "" if card is None else card.id


def rest_index(players: Sequence[Any], n: int) -> int:
    """Whose pile is "the rest of the deck" on a pile form: the first entered player with
    no captured pile, else the last player."""
    for i, p in enumerate(players[:n]):
        if isinstance(p, Mapping) and "captured" not in p:
            return i
    return n - 1


def pile_tallies(players: Sequence[Any], n: int, deck: frozenset[str]) -> list[Tally]:
    """Each pile's tally on a pile form; the rest of the deck's is what the others leave."""
    rest = rest_index(players, n)
    piles = [
        tally(p.get("captured")) if i != rest and isinstance(p, Mapping) else Tally(0, 0)
        for i, p in enumerate(list(players[:n]) + [{}] * (n - len(players)))
    ]
    whole = tally(sorted(deck))
    piles[rest] = Tally(
        whole.count - sum(t.count for t in piles), whole.points - sum(t.points for t in piles)
    )
    return piles


def hand_values(cards: Sequence[Any] | None) -> list[int]:
    """An Otoroku hand's card values as entered: values as given, cards by their month."""
    out = []
    for c in cards or ():
        if isinstance(c, int) and not isinstance(c, bool):
            out.append(c)
        elif isinstance(c, str) and c in CARD_BY_ID:
            out.append(CARD_BY_ID[c].month)
    return out


def slot_label(card_id: Any) -> str:
    """How a Tokotoko card slot names ``card_id`` ('Crane (Pine 1)'), or '' if none."""
    value = slot_value(card_id)
    card = CARD_BY_ID.get(value)
    if card is None:
        return ""
    what = N_("Plain") if card.chaff_group else card.english
    return N_("%(card)s (%(suit)s %(n)s)", card=what, suit=card.suit.english, n=card.nagoya)


def initials(names: Sequence[str]) -> list[str]:
    """A short mark per player for the card grid's tiles, beside their colour: the first
    letter of each name, two letters where two names share one, else the seat from 1."""
    for size in (1, 2):
        marks = [(n.strip()[:size] or "?").upper() for n in names]
        if len(set(marks)) == len(marks):
            return marks
    return [str(i + 1) for i in range(len(names))]
