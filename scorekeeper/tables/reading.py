"""What the pages and the API read of a table or a club, without changing it: the one door the
views have to the store (they never import ``models``, ``database`` or ``tables.store``).

Most of these are the store's own readers, named here so that a view imports services only;
the types are here for the views' annotations. Nothing in this module writes.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from sqlalchemy import func, select

from scorekeeper.codec import read_stored_amount
from scorekeeper.jsonio import JSONObject
from scorekeeper.kinds import EntryKind
from scorekeeper.models import Club, ClubJournalEntry, JournalEntry, Round, Table, db, now
from scorekeeper.tables.store import (
    TIME_FORMAT,
    ChartStep,
    NotFound,
    after_of,
    chart_steps,
    deleted_rounds,
    find_table,
    get_entry,
    get_round,
    history,
    journal,
    latest_entry,
    opening_state,
    result_of,
    round_by_id,
    round_input,
    round_page,
    rounds_from,
    spec_of,
    state_before,
    state_of,
    submission_of,
    summary_of,
    table_version,
    versions_by_round,
)

__all__ = [
    "TIME_FORMAT",
    "ChartStep",
    "Club",
    "ClubJournalEntry",
    "JournalEntry",
    "NotFound",
    "Round",
    "Table",
    "after_of",
    "amount",
    "chart_steps",
    "club_tables",
    "club_tables_count",
    "deleted_rounds",
    "find_table",
    "get_entry",
    "get_round",
    "history",
    "journal",
    "latest_entry",
    "now",
    "opening_state",
    "recent_tables",
    "result_of",
    "round_by_id",
    "round_input",
    "round_page",
    "rounds_from",
    "settle_payments",
    "spec_of",
    "state_before",
    "state_of",
    "submission_of",
    "summary_of",
    "table_version",
    "versions_by_round",
]


def amount(stored: str) -> Fraction:
    """A stored exact amount (``"85"``, ``"-170/3"``) as the number it is."""
    return read_stored_amount(stored)


def club_tables(club: Club, limit: int | None = None) -> list[Any]:
    """The club's tables, newest first, each as one light row (token, view token, name, game,
    players, rounds played, when it was opened): no table's state is read."""
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


def club_tables_count(club: Club) -> int:
    """How many tables the club has opened."""
    return int(db.session.scalar(select(func.count(Table.id)).where(Table.club_id == club.id)) or 0)


def settle_payments(rows: Sequence[Any]) -> dict[int, list[dict[str, str]]]:
    """The payments of the settle-ups among ``rows`` (the history's headlines), by round id,
    as they were recorded (who paid whom, exact): one query for all of them."""
    ids = [r.id for r in rows if r.kind == EntryKind.SETTLE]
    if not ids:
        return {}
    out: dict[int, list[dict[str, str]]] = {}
    for rid, body in db.session.execute(select(Round.id, Round.body).where(Round.id.in_(ids))):
        stored: JSONObject = body or {}
        paid = stored.get("payments")
        out[rid] = [
            {str(k): str(v) for k, v in p.items()}
            for p in (paid if isinstance(paid, list) else [])
            if isinstance(p, dict)
        ]
    return out


def recent_tables(tokens: Sequence[str]) -> dict[str, Any]:
    """The tables of ``tokens`` (a browser's recent tables) that exist, by token, each as one
    light row (token, name, game, players, when it was opened): one query, no state read."""
    if not tokens:
        return {}
    query = select(Table.token, Table.name, Table.game, Table.players, Table.created_at)
    return {row.token: row for row in db.session.execute(query.where(Table.token.in_(tokens)))}
