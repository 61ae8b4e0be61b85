"""Tokotoko's round form: a select per card slot (the grid fills them), in the Nagoya order."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from scorekeeper.cards import CARD_BY_ID, SUIT_BY_ID, Card
from scorekeeper.messages import N_
from scorekeeper.picker import MonthRow, month_rows


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


def slot_value(card_id: object) -> str:
    """The select value that shows ``card_id`` (the card's own id), or "" if it is none."""
    card = CARD_BY_ID.get(card_id) if isinstance(card_id, str) else None
    return "" if card is None else card.id


def slot_label(card_id: object) -> str:
    """How a Tokotoko card slot names ``card_id`` ('Crane (Pine 1)'), or '' if none."""
    value = slot_value(card_id)
    card = CARD_BY_ID.get(value)
    if card is None:
        return ""
    what = N_("Plain") if card.chaff_group else card.english
    return N_("%(card)s (%(suit)s %(n)s)", card=what, suit=card.suit.english, n=card.nagoya)
