"""The table a start form opened already: Start tapped twice lands on it (migration 0015)."""

from __future__ import annotations

from sqlalchemy import select

from scorekeeper.models import Club, Table, db


def started_by(start_id: str | None, club: Club | None) -> Table | None:
    """The table the start form that carried ``start_id`` opened, in ``club`` (or in none);
    None when that form opened none yet, or carried no id."""
    first = taken_by(start_id)
    in_club = None if club is None else club.id
    return first if first is not None and first.club_id == in_club else None


def taken_by(start_id: str | None) -> Table | None:
    """The table that keeps ``start_id``, wherever it plays (an id is kept once)."""
    if not start_id:
        return None
    return db.session.scalar(select(Table).where(Table.start_id == start_id))
