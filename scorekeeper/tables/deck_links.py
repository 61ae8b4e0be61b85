"""Which taught deck a table's and a club's photos are read with (API.md "Photos and decks"):
finding a deck by its id, naming one for a club or a table, and the deck a table takes.

A deck's id is a write key, as a table's: a table's JSON and its read-only pages show only the
deck's name (``deck_name``), and a club's id is needed to see the club's deck's id.
"""

from __future__ import annotations

from sqlalchemy import select

from scorekeeper.messages import N_
from scorekeeper.models import Club, Deck, Table, db
from scorekeeper.rules import InvalidInput, Violation
from scorekeeper.tables import store

FIELD = "deck"
"""The key of a PATCH of a club or a table that names its deck."""

NO_DECK = N_("There is no deck with this id")


class DeckNotFound(store.NotFound):
    """No deck has this id."""


def find_deck(token: object, *, lock: bool = False) -> Deck:
    """The deck of this id (``DeckNotFound`` for none, or for what can be no id)."""
    if not isinstance(token, str) or store.TOKEN.fullmatch(token) is None:
        raise DeckNotFound(token)
    query = select(Deck).where(Deck.token == token)
    if lock:
        query = query.with_for_update()
    deck = db.session.scalars(query).first()
    if deck is None:
        raise DeckNotFound(token)
    return deck


def named(raw: object) -> Deck | None:
    """The deck a PATCH names: ``None`` forgets it; an id that is no deck's is a ``422``."""
    if raw is None:
        return None
    try:
        return find_deck(raw)
    except DeckNotFound:
        raise InvalidInput([Violation(FIELD, NO_DECK)]) from None


def name_for_club(club: Club, raw: object) -> None:
    """The club's tables read their photos with this deck (``None``: the built-in model)."""
    deck = named(raw)
    club.deck_id = deck.id if deck is not None else None


def name_for_table(table: Table, raw: object) -> None:
    """The table's own deck; at a club's table it comes before the club's, and ``None``
    forgets it (the club's deck, if any, applies again)."""
    deck = named(raw)
    table.deck_id = deck.id if deck is not None else None


def deck_of(table: Table) -> Deck | None:
    """The deck a table's photos are read with: its own, else its club's, else none."""
    if table.deck_id is not None:
        return db.session.get(Deck, table.deck_id)
    if table.club_id is None:
        return None
    deck_id = db.session.scalar(select(Club.deck_id).where(Club.id == table.club_id))
    return db.session.get(Deck, deck_id) if deck_id is not None else None


def deck_name(deck: Deck | None) -> str | None:
    """What a table shows of its deck: its name ("" for a deck without one), None for none."""
    if deck is None:
        return None
    return deck.name or ""


def club_deck(club: Club) -> Deck | None:
    return db.session.get(Deck, club.deck_id) if club.deck_id is not None else None


def club_deck_key(club: Club) -> tuple[int, str | None, int] | None:
    """What a club's page shows of its deck, to key a kept page by (None for no deck)."""
    deck = club_deck(club)
    return None if deck is None else (deck.id, deck.name, deck.version)
