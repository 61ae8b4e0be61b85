"""What the pages and the API read of a table or a club, without changing it: the one door the
views have to the store (they never import ``models``, ``database`` or ``tables.store``).

Most of these are the store's own readers, named here so that a view imports services only;
the types are here for the views' annotations. Nothing in this module writes.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from fractions import Fraction
from typing import TypeAlias

from sqlalchemy import Row, select

from scorekeeper.codec import read_stored_amount
from scorekeeper.jsonio import JSONObject
from scorekeeper.kinds import EntryKind
from scorekeeper.models import Club, ClubJournalEntry, JournalEntry, Round, Table, db, now
from scorekeeper.round_data import json_of
from scorekeeper.tables.changes import (
    SettlePlan,
    continued_at,
    current_spec,
    padded,
    padded_amounts,
    players_now,
    point_value,
    rematch_since,
    settle_plan,
)
from scorekeeper.tables.checks import expected_number_of, submission_id_of
from scorekeeper.tables.deck_links import club_deck, club_deck_key, deck_name, deck_of
from scorekeeper.tables.journal import journal, summary_of, undone_in
from scorekeeper.tables.questions import undo_question
from scorekeeper.tables.records import objects_in, table_csv
from scorekeeper.tables.shapes import (
    JournalJSON,
    SessionJSON,
    end_json,
    entry_json,
    etag,
    journal_json,
    round_json,
    session_json,
    table_version,
    version_tag,
)
from scorekeeper.tables.store import (
    TIME_FORMAT,
    ChartStep,
    HistoryRow,
    NotFound,
    after_of,
    chart_steps,
    deleted_rounds,
    find_table,
    get_entry,
    get_round,
    history,
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
    versions_by_round,
)

__all__ = [
    "TIME_FORMAT",
    "ChartStep",
    "Club",
    "ClubJournalEntry",
    "HistoryRow",
    "JournalEntry",
    "JournalJSON",
    "NotFound",
    "RecentRow",
    "Round",
    "SessionJSON",
    "SettlePlan",
    "Table",
    "after_of",
    "amount",
    "chart_steps",
    "club_deck",
    "club_deck_key",
    "continued_at",
    "current_spec",
    "deck_name",
    "deck_of",
    "deleted_rounds",
    "end_json",
    "entry_json",
    "etag",
    "expected_number_of",
    "find_table",
    "get_entry",
    "get_round",
    "history",
    "journal",
    "journal_json",
    "latest_entry",
    "now",
    "objects_in",
    "opening_state",
    "padded",
    "padded_amounts",
    "players_now",
    "point_value",
    "recent_tables",
    "rematch_since",
    "result_of",
    "round_by_id",
    "round_input",
    "round_json",
    "round_page",
    "rounds_from",
    "session_json",
    "settle_payments",
    "settle_plan",
    "spec_of",
    "state_before",
    "state_of",
    "submission_id_of",
    "submission_of",
    "summary_of",
    "table_csv",
    "table_version",
    "undo_question",
    "undone_in",
    "version_tag",
    "versions_by_round",
]


def amount(stored: str) -> Fraction:
    """A stored exact amount (``"85"``, ``"-170/3"``) as the number it is."""
    return read_stored_amount(stored)


def settle_payments(rows: Sequence[HistoryRow]) -> dict[int, list[dict[str, str]]]:
    """The payments of the settle-ups among ``rows`` (the history's headlines), by round id,
    as they were recorded (who paid whom, exact): one query for all of them."""
    ids = [r.id for r in rows if r.kind == EntryKind.SETTLE]
    if not ids:
        return {}
    out: dict[int, list[dict[str, str]]] = {}
    for rid, body in db.session.execute(select(Round.id, Round.body).where(Round.id.in_(ids))):
        stored: JSONObject = json_of(body) if body else {}
        paid = stored.get("payments")
        out[rid] = [
            {str(k): str(v) for k, v in p.items()}
            for p in (paid if isinstance(paid, list) else [])
            if isinstance(p, dict)
        ]
    return out


RecentRow: TypeAlias = Row[str, str, str, list[str], datetime]
"""A table as a browser's recent tables show it: token, name, game, players, when opened."""


def recent_tables(tokens: Sequence[str]) -> dict[str, RecentRow]:
    """The tables of ``tokens`` (a browser's recent tables) that exist, by token, each as one
    light row (token, name, game, players, when it was opened): one query, no state read."""
    if not tokens:
        return {}
    query = select(Table.token, Table.name, Table.game, Table.players, Table.created_at)
    return {row.token: row for row in db.session.execute(query.where(Table.token.in_(tokens)))}
