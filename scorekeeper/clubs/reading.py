"""What the club pages and the API read about a club: finding it, its tables and members, its
journal, standings, a member's figures and exports. Nothing here writes; ``clubs.service``
does."""

from __future__ import annotations

from sqlalchemy import func, select

from scorekeeper.clubs.figures import club_day, zone_of
from scorekeeper.clubs.journal import journal, summary_messages
from scorekeeper.clubs.ratings import Line, lines_of, ranked, ratings
from scorekeeper.clubs.records import Record, records, records_json
from scorekeeper.clubs.seasons import Season, current, of_club, past
from scorekeeper.clubs.standings import (
    MemberNotFound,
    SeasonNotFound,
    export_club,
    games_played,
    last_played,
    member_stats,
    season_of,
    spreadsheet_amount,
    standings,
    standings_csv,
)
from scorekeeper.clubs.store import (
    ClubNotFound,
    ClubTableRow,
    ReadOnly,
    a_token,
    club_json,
    club_of,
    club_tables,
    find_club,
    find_club_view,
    find_table_view,
    is_view_token,
    member,
    readable_club,
    readable_table,
    table_rows,
)
from scorekeeper.models import Club, ClubJournalEntry, Table, db

__all__ = [
    "Club",
    "ClubJournalEntry",
    "ClubNotFound",
    "ClubTableRow",
    "Line",
    "MemberNotFound",
    "ReadOnly",
    "Record",
    "Season",
    "SeasonNotFound",
    "a_token",
    "club_day",
    "club_json",
    "club_of",
    "club_tables",
    "current",
    "export_club",
    "find_club",
    "find_club_view",
    "find_table_view",
    "games_played",
    "is_view_token",
    "journal",
    "last_played",
    "lines_of",
    "member",
    "member_stats",
    "of_club",
    "past",
    "ranked",
    "ratings",
    "readable_club",
    "readable_table",
    "records",
    "records_json",
    "season_of",
    "spreadsheet_amount",
    "standings",
    "standings_csv",
    "summary_messages",
    "table_rows",
    "tables_count",
    "zone_of",
]


def tables_count(club: Club) -> int:
    """How many tables the club has opened."""
    return int(db.session.scalar(select(func.count(Table.id)).where(Table.club_id == club.id)) or 0)
