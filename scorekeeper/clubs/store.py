"""Finding a club and its tables (by id or read-only id), a member by name, and the club as
the API answers it. Queries only: nothing here writes."""

from __future__ import annotations

from datetime import datetime
from typing import TypeAlias

from sqlalchemy import Row, select

from scorekeeper.jsonio import JSONObject, JSONValue
from scorekeeper.models import Club, ClubFigure, Table, db
from scorekeeper.rules.common import clean_name, name_key
from scorekeeper.tables import deck_links, store


class ClubNotFound(store.NotFound):
    """No club has this id."""


class ReadOnly(Exception):
    """A write through a read-only link."""


def a_token(token: object) -> bool:
    """Whether ``token`` can be an id at all (nothing else reaches the database: a NUL,
    say, which PostgreSQL refuses in text)."""
    return isinstance(token, str) and store.TOKEN.fullmatch(token) is not None


def find_club(token: object, *, lock: bool = False) -> Club:
    if not a_token(token):
        raise ClubNotFound(token)
    query = select(Club).where(Club.token == token)
    if lock:
        query = query.with_for_update()
    club = db.session.scalars(query).first()
    if club is None:
        raise ClubNotFound(token)
    return club


def find_club_view(token: str) -> Club:
    if not a_token(token):
        raise ClubNotFound(token)
    club = db.session.scalars(select(Club).where(Club.view_token == token)).first()
    if club is None:
        raise ClubNotFound(token)
    return club


def readable_club(token: str) -> tuple[Club, bool]:
    """The club of a link that may read it: its own id, or its read-only id (True)."""
    try:
        return find_club(token), False
    except ClubNotFound:
        return find_club_view(token), True


def readable_table(token: str) -> tuple[Table, bool]:
    """The table of a link that may read it: its own id, or its read-only id (True)."""
    try:
        return store.find_table(token), False
    except store.NotFound:
        return find_table_view(token), True


def find_table_view(token: str) -> Table:
    """The table of a read-only link; store.NotFound if there is none."""
    table = (
        db.session.scalars(select(Table).where(Table.view_token == token)).first()
        if a_token(token)
        else None
    )
    if table is None:
        raise store.NotFound(token)
    return table


def is_view_token(token: str) -> bool:
    """Whether ``token`` is a table's or a club's read-only id."""
    if not a_token(token):
        return False
    return (
        db.session.scalar(select(Table.id).where(Table.view_token == token)) is not None
        or db.session.scalar(select(Club.id).where(Club.view_token == token)) is not None
    )


def club_of(table: Table) -> Club | None:
    return db.session.get(Club, table.club_id) if table.club_id is not None else None


def member(club: Club, name: str) -> JSONObject | None:
    """The member of this name, case aside, read as a member's name is kept (``clean_name``:
    spaces collapsed, invisible characters dropped)."""
    key = name_key(clean_name(name))
    return next((m for m in club.members if name_key(str(m["name"])) == key), None)


def club_tables(club: Club) -> list[Table]:
    return list(
        db.session.scalars(select(Table).where(Table.club_id == club.id).order_by(Table.id.desc()))
    )


def _round_times(club: Club) -> dict[str, tuple[datetime, datetime]]:
    """Each of the club's tables' first and last round's time, by token, in one query."""
    rows = db.session.execute(  # from the kept figures, not the rounds
        select(Table.token, db.func.min(ClubFigure.first_at), db.func.max(ClubFigure.last_at))
        .join(Table, Table.id == ClubFigure.table_id)
        .where(Table.club_id == club.id, ClubFigure.seat >= 0)
        .group_by(Table.token)
    )
    return {token: (first, last) for token, first, last in rows}


ClubTableRow: TypeAlias = Row[str, str | None, str, str, list[str], int, datetime]
"""A club's table as its page and its JSON list it (``table_rows``)."""


def table_rows(club: Club, limit: int | None = None) -> list[ClubTableRow]:
    """The club's tables, newest first, each as one light row (token, view token, name, game,
    players, rounds played, when it was opened): no table's state is read (whole rows decoded
    every table's state and opening, 25 ms at 200 tables)."""
    query = (
        select(
            Table.token,
            Table.view_token,
            Table.name,
            Table.game,
            Table.players,
            Table.rounds_played,
            Table.created_at,
        )
        .where(Table.club_id == club.id)
        .order_by(Table.id.desc())
    )
    if limit is not None:
        query = query.limit(limit)
    return list(db.session.execute(query))


def iso(at: datetime | None) -> str | None:
    return at.strftime(store.TIME_FORMAT) if at is not None else None


def club_json(club: Club, *, view: bool, archived: bool = True) -> JSONObject:
    """The club as the API answers it; through the read-only link, without writable ids."""
    members = [dict(m) for m in club.members if archived or not m.get("archived")]
    members.sort(key=lambda m: bool(m.get("archived")))
    tables: list[JSONValue] = []
    times = _round_times(club)
    for t in table_rows(club):
        first, last = times.get(t.token, (None, None))
        item: JSONObject = {
            "name": t.name,
            "game": t.game,
            "players": list(t.players),
            "first_round_at": iso(first),
            "last_round_at": iso(last),
            "round_count": t.rounds_played,
        }
        if not view:
            item = {"id": t.token, "url": f"/t/{t.token}", **item}
        else:
            item = {"url": f"/t/view/{t.view_token}", **item}
        tables.append(item)
    out: JSONObject = {
        "url": f"/c/view/{club.view_token}" if view else f"/c/{club.token}",
        "view_url": f"/c/view/{club.view_token}",
        "name": club.name,
        "timezone": club.timezone,
        "members": list[JSONValue](members),
        "tables": tables,
        "version": club.version,
        "seasons": [dict(x) for x in club.seasons or [] if isinstance(x, dict)],
        "deck_name": deck_links.deck_name(deck := deck_links.club_deck(club)),
    }
    if not view:  # the deck's id is a write key: only through the club's own link
        out = {"id": club.token, **out, "deck": deck.token if deck is not None else None}
    out["read_only"] = view
    return out
