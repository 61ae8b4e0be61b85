"""A table's journal: each write appends one entry (what was done, by which phone, when);
an import appends the exported table's journal in one INSERT. Persistence only, like
``store``, which names these for its callers."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import cast

from sqlalchemy import Table as SQLTable
from sqlalchemy import insert, select

from scorekeeper import devices
from scorekeeper.kinds import Action, Effect
from scorekeeper.messages import Msg, message_json
from scorekeeper.models import JournalEntry, Table, db, now
from scorekeeper.round_data import JournalData

SUMMARY_LIMIT = 200_000
"""The longest journal summary an import takes: any the app writes. A settle-up's names each
payment, and an amount may run to 4,000 digits over 4,000 (a probe, 2026-11-29: a 12-player
settle-up's summary of 599 characters made the table's export refuse to import)."""

CLUB_WRITES = "club_tables_written"
"""Where ``record`` notes the writes to a club's tables (``db.session.info``): their kept
figures follow before the commit (``clubs.figures``)."""


def record(
    table: Table,
    action: Action,
    summary: str,
    *,
    number: int | None = None,
    round_id: int | None = None,
    data: JournalData | None = None,
    device: str | None = devices.CURRENT,
) -> JournalEntry:
    """Append an entry to the table's journal; the table's version becomes its seq. The
    entry names the phone making this write (``devices.current``) unless ``device`` is
    given (an import keeps the exported entry's).

    A ``summary`` written with ``N_`` keeps its message in ``data["summary_msg"]`` so the
    history page can show it in the reader's language (``summary_of``).
    """
    msg = message_json(summary)
    if msg is not None:
        data = {**(data or {}), "summary_msg": msg}
    table.version += 1
    entry = JournalEntry(
        table_id=table.id,
        seq=table.version,
        at=now(),
        action=action,
        number=number,
        round_id=round_id,
        summary=str(summary),
        data=data or {},
        device=devices.current() if device == devices.CURRENT else device,
    )
    db.session.add(entry)
    if table.club_id is not None:
        db.session.info.setdefault(CLUB_WRITES, {}).setdefault(table.id, set()).add(action)
    return entry


JOURNAL = cast(SQLTable, JournalEntry.__table__)


def record_imported(
    table: Table, kept: Sequence[tuple[Action, str, datetime, str | None, int | None]]
) -> None:
    """Append an export's journal to the table's (action, summary, time, phone and round
    number of each entry, oldest first) in one INSERT: a 10,000-entry journal costs no
    10,000 objects."""
    if not kept:
        return
    first = table.version + 1
    rows = [
        {
            "table_id": table.id,
            "seq": first + k,
            "at": at,
            "action": action,
            "number": number,
            "round_id": None,
            "summary": str(summary),
            "data": {"effect": Effect.IMPORTED},
            "device": device,
        }
        for k, (action, summary, at, device, number) in enumerate(kept)
    ]
    insert_rows(JOURNAL, rows)
    table.version += len(rows)


def insert_rows(into: SQLTable, rows: Sequence[Mapping[str, object]]) -> None:
    """One INSERT of many rows that each name the same columns (an import's rounds and
    journal).

    Core's INSERT, not the ORM's bulk one: the ORM leaves a None out of a row's keys (a round
    has no result, a game's end no round number), and a run of rows whose keys differ becomes
    one INSERT each. On SQLite the values go through each column's own bind processor (the
    conversion Core applies: JSON, times, kinds) straight to the driver's executemany: Core's
    binding of ten thousand rows cost more than the writing itself (as in ``replay._write``)."""
    conn = db.session.connection()
    if conn.dialect.name != "sqlite":
        conn.execute(insert(into), list(rows))
        return
    names = list(rows[0])
    dialect = conn.dialect
    plan = [(n, into.c[n].type.dialect_impl(dialect).bind_processor(dialect)) for n in names]
    conn.exec_driver_sql(
        f"INSERT INTO {into.name} ({', '.join(names)}) VALUES ({', '.join('?' for _ in names)})",
        [tuple(v if f is None else f(v) for n, f in plan for v in (row[n],)) for row in rows],
    )


def summary_of(entry: JournalEntry) -> str:
    """A journal entry's summary, as a message a page translates when it kept one."""
    return Msg.from_json(entry.data.get("summary_msg")) or entry.summary


def journal(table: Table, limit: int | None = None) -> list[JournalEntry]:
    """The table's journal, newest first."""
    query = (
        select(JournalEntry)
        .where(JournalEntry.table_id == table.id)
        .order_by(JournalEntry.seq.desc())
    )
    if limit:
        query = query.limit(limit)
    return list(db.session.scalars(query))


def undone_by(table: Table, seq: int) -> list[int]:
    """The undos of entry ``seq`` and of each undo after it, in order: ``[4]`` when entry 4
    undid it, ``[4, 5]`` when entry 5 then made it again by undoing entry 4."""
    undos = db.session.execute(
        select(JournalEntry.seq, JournalEntry.data)
        .where(
            JournalEntry.table_id == table.id,
            JournalEntry.seq > seq,
            JournalEntry.action == Action.UNDO,
        )
        .order_by(JournalEntry.seq)
    )
    by_undone: dict[int, int] = {}
    for later, data in undos:
        undoes = data.get("undoes") if isinstance(data, Mapping) else None
        if isinstance(undoes, int):
            by_undone.setdefault(undoes, later)
    chain = []
    while seq in by_undone:
        seq = by_undone[seq]
        chain.append(seq)
    return chain


def last_about(table: Table, round_id: int, effect: str, after: int = 0) -> int | None:
    """The last journal entry after entry ``after`` that had ``effect`` on the round
    ``round_id`` (``kinds.Effect``: corrected it, deleted it...), if any."""
    found = db.session.execute(
        select(JournalEntry.seq, JournalEntry.data)
        .where(
            JournalEntry.table_id == table.id,
            JournalEntry.round_id == round_id,
            JournalEntry.seq > after,
        )
        .order_by(JournalEntry.seq.desc())
    )
    for seq, data in found:
        if isinstance(data, Mapping) and data.get("effect") == effect:
            return int(seq)
    return None


def undone_in(entries: Sequence[JournalEntry]) -> dict[int, int]:
    """Which of a table's journal ``entries`` were undone, each by the first entry that undid
    it (the history strikes it through and offers no Undo: ``undo`` refuses a second one)."""
    undone: dict[int, int] = {}
    for e in entries:
        undoes = (e.data or {}).get("undoes") if e.action == Action.UNDO else None
        if isinstance(undoes, int) and e.seq < undone.get(undoes, e.seq + 1):
            undone[undoes] = e.seq
    return undone
