"""Reading and writing tables and rounds: queries and persistence, no decisions.

Each function works inside the caller's transaction (one per request).
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from sqlalchemy import Row, bindparam, or_, select

from scorekeeper.exact import amount_str, read_stored_amount
from scorekeeper.ledger import PriorScore, Step
from scorekeeper.models import JournalEntry, Round, RoundVersion, Table, db, now
from scorekeeper.rules import Outcome
from scorekeeper.rules.common import MAX_ROUND_NUMBER
from scorekeeper.state import State, TableSpec

TOKEN_BYTES = 24  # 192 random bits, 32 url-safe characters
_TOKEN = re.compile(r"[A-Za-z0-9_-]{20,64}")  # nothing else reaches the database (NUL, say)


class NotFound(LookupError):
    """No table at this link, or no such round at the table."""


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def find_table(token: str, *, lock: bool = False) -> Table:
    """The table with this link token; LookupError if there is none."""
    if not isinstance(token, str) or not _TOKEN.fullmatch(token):
        raise NotFound(token)
    query = select(Table).where(Table.token == token)
    if lock:
        query = query.with_for_update()
    table: Table | None = db.session.scalar(query)
    # The index finds the row; compare in constant time anyway so a near miss leaks nothing.
    if table is None or not secrets.compare_digest(table.token, token):
        raise NotFound(token)
    return table


_VERSION = select(Table.token, Table.version).where(Table.token == bindparam("token"))


def table_version(token: str) -> int:
    """The table's journal version, read alone: what a poll compares with its ETag.

    One indexed read of two columns on a pooled connection of its own, outside the ORM
    session (nothing loaded, nothing to flush or expire): the unchanged-table poll answers
    304 from this. LookupError if there is no such table.
    """
    if not isinstance(token, str) or not _TOKEN.fullmatch(token):
        raise NotFound(token)
    with db.engine.connect() as conn:
        row = conn.execute(_VERSION, {"token": token}).first()
    if row is None or not secrets.compare_digest(row[0], token):
        raise NotFound(token)
    return int(row[1])


def latest_entry(table: Table) -> JournalEntry | None:
    """The table's last journal entry (what a poll that saw a change says happened)."""
    entries = journal(table, 1)
    return entries[0] if entries else None


def _check_number(number: int) -> None:
    """A number no database column holds (a round number from a link, a journal seq or round
    id from a form or body) names nothing the table has."""
    if not 1 <= number <= MAX_ROUND_NUMBER:
        raise NotFound(number)


def spec_of(table: Table) -> TableSpec:
    return TableSpec(
        table.game, tuple(table.players), table.rules, table.settings, table.first_dealer
    )


def state_of(table: Table) -> State:
    return State.from_json(table.state)


def opening_state(table: Table) -> State:
    """The table before its first round: all zero, or what it carried over from another."""
    if table.opening is not None:
        return State.from_json(table.opening)
    return State.initial(spec_of(table))


def state_before(table: Table, number: int) -> State:
    """The table's state just before round ``number``."""
    if number <= 1:
        return opening_state(table)
    _check_number(number)
    after: dict[str, Any] | None = db.session.scalar(
        select(Round.after).where(Round.table_id == table.id, Round.number == number - 1)
    )
    if after is None:
        raise NotFound(number - 1)
    return State.from_json(after)


def get_round(table: Table, number: int) -> Round:
    _check_number(number)
    rnd: Round | None = db.session.scalar(
        select(Round).where(Round.table_id == table.id, Round.number == number)
    )
    if rnd is None:
        raise NotFound(number)
    return rnd


def round_by_id(table: Table, round_id: int) -> Round | None:
    _check_number(round_id)
    rnd: Round | None = db.session.get(Round, round_id)
    return rnd if rnd is not None and rnd.table_id == table.id else None


def find_submission(table: Table, submission_id: str) -> Round | None:
    """The round stored with this submission id, deleted or not."""
    return db.session.scalar(
        select(Round).where(Round.table_id == table.id, Round.submission_id == submission_id)
    )


def rounds_from(table: Table, number: int) -> list[Round]:
    _check_number(number)
    return list(
        db.session.scalars(
            select(Round)
            .where(Round.table_id == table.id, Round.number >= number)
            .order_by(Round.number)
        )
    )


def prior_score(rnd: Round) -> PriorScore | None:
    """How a stored round scored last time, for the replay to reuse when nothing changed."""
    if rnd.kind != "round" or rnd.outcome is None:
        return None
    return PriorScore(
        rnd.body,
        rnd.result,
        Outcome.from_json(rnd.outcome),
        tuple(read_stored_amount(d) for d in rnd.deltas),
    )


def store_step(rnd: Round, step: Step) -> None:
    """Write a step's figures onto its round, touching only what changed.

    After a correction most later rounds differ only in their running state, so the
    UPDATEs stay small (and batch together).
    """
    fields = {
        "kind": step.kind,
        "body": step.body,
        "result": step.result,
        "outcome": step.outcome.to_json(),
        "deltas": [amount_str(d) for d in step.deltas],
        "after": step.after.to_json(),
        "game_no": step.game_no,
        "game_round": step.game_round,
        "dealer": step.dealer,
    }
    for name, value in fields.items():
        if rnd.id is None or getattr(rnd, name) != value:
            setattr(rnd, name, value)


def save_steps(table: Table, rounds: Sequence[Round], steps: Sequence[Step]) -> None:
    for rnd, step in zip(rounds, steps, strict=True):
        store_step(rnd, step)
    table.state = steps[-1].after.to_json()
    table.updated_at = now()
    db.session.flush()


def versions_of(rnd: Round) -> list[RoundVersion]:
    return list(
        db.session.scalars(
            select(RoundVersion)
            .where(RoundVersion.round_id == rnd.id)
            .order_by(RoundVersion.version)
        )
    )


def keep_version(rnd: Round, note: str) -> None:
    """Keep a round's current version in its history before it is corrected."""
    db.session.add(
        RoundVersion(
            round_id=rnd.id,
            version=rnd.version,
            entry=rnd.entry,
            result=rnd.result,
            deltas=rnd.deltas,
            note=note,
        )
    )


# -- reading for the pages ------------------------------------------------------------------


def recent_rounds(table: Table, limit: int | None = None) -> list[Round]:
    query = (
        select(Round)
        .where(Round.table_id == table.id, Round.number.is_not(None))
        .order_by(Round.number.desc())
    )
    if limit:
        query = query.limit(limit)
    return list(db.session.scalars(query))


def round_page(table: Table, first: int | None, limit: int) -> list[Round]:
    """Up to ``limit`` rounds from round ``first`` on, or the last ``limit``; oldest first."""
    if first is None:
        return list(reversed(recent_rounds(table, limit)))
    return list(
        db.session.scalars(
            select(Round)
            .where(Round.table_id == table.id, Round.number >= first)
            .order_by(Round.number)
            .limit(limit)
        )
    )


def running_totals(table: Table, points: int = 60) -> list[list[Fraction]]:
    """Each player's total at the start and after every k-th round, for the chart.

    One query reading at most ``points`` rows, whatever the number of rounds: the totals
    after each round are stored with it, so nothing is summed here.
    """
    n = len(table.players)
    step = max(1, -(-table.round_count // points))
    rows = db.session.execute(
        select(Round.after)
        .where(
            Round.table_id == table.id,
            or_(Round.number % step == 0, Round.number == table.round_count),
        )
        .order_by(Round.number)
    ).all()
    out = [list(opening_state(table).totals) if table.opening else [Fraction(0)] * n]
    out += [[read_stored_amount(t) for t in after["totals"]] for (after,) in rows]
    return out


HISTORY_COLUMNS = (
    Round.id,
    Round.number,
    Round.kind,
    Round.deltas,
    Round.version,
    Round.game_no,
    Round.game_round,
    Round.dealer,
    Round.result["void"].as_boolean().label("void"),
)


def history(table: Table, limit: int | None = None, game_no: int | None = None) -> list[Row[Any]]:
    """The rounds' headlines, newest first, without their full inputs and results."""
    query = (
        select(*HISTORY_COLUMNS)
        .where(Round.table_id == table.id, Round.number.is_not(None))
        .order_by(Round.number.desc())
    )
    if game_no is not None:
        query = query.where(Round.game_no == game_no)
    if limit:
        query = query.limit(limit)
    return list(db.session.execute(query).all())


def versions_by_round(table: Table, round_ids: Sequence[int]) -> dict[int, list[RoundVersion]]:
    if not round_ids:
        return {}
    out: dict[int, list[RoundVersion]] = {}
    for v in db.session.scalars(
        select(RoundVersion)
        .where(RoundVersion.round_id.in_(round_ids))
        .order_by(RoundVersion.version)
    ):
        out.setdefault(v.round_id, []).append(v)
    return out


# -- the journal --------------------------------------------------------------------------------


def record(
    table: Table,
    action: str,
    summary: str,
    *,
    number: int | None = None,
    round_id: int | None = None,
    data: dict[str, Any] | None = None,
) -> JournalEntry:
    """Append an entry to the table's journal; the table's version becomes its seq."""
    table.version += 1
    entry = JournalEntry(
        table_id=table.id,
        seq=table.version,
        at=now(),
        action=action,
        number=number,
        round_id=round_id,
        summary=summary,
        data=data or {},
    )
    db.session.add(entry)
    return entry


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


def journal_entry(table: Table, seq: int) -> JournalEntry:
    _check_number(seq)
    entry: JournalEntry | None = db.session.scalar(
        select(JournalEntry).where(JournalEntry.table_id == table.id, JournalEntry.seq == seq)
    )
    if entry is None:
        raise NotFound(seq)
    return entry


def deleted_rounds(table: Table) -> list[Round]:
    """Rounds deleted from the table (kept for the history and a restore), newest first."""
    return list(
        db.session.scalars(
            select(Round)
            .where(Round.table_id == table.id, Round.number.is_(None))
            .order_by(Round.deleted_at.desc(), Round.id.desc())
        )
    )
