"""What a club can be asked to do (API.md "Clubs"): a new club, changes of its members
journalled with undo, tables opening in it and joining it. The views write through this module
and read through ``clubs.reading``.

The work is split by job: ``store`` (finding a club, its tables and members), ``membership``
(a new club, changes of its members), ``undo`` (their undo), ``journal`` and ``standings``
(standings, a member's figures, exports).
"""

from __future__ import annotations

import re
from dataclasses import replace

from scorekeeper.clubs import seasons
from scorekeeper.clubs.membership import attach, change_club, create_club, seat_members
from scorekeeper.clubs.store import ClubNotFound, find_club, member
from scorekeeper.clubs.undo import NoSuchChange, undo
from scorekeeper.jsonio import JSONObject, JSONValue
from scorekeeper.messages import N_
from scorekeeper.models import Club, ClubJournalEntry, Table, db
from scorekeeper.rules import InvalidInput, Violation
from scorekeeper.rules.common import Reader
from scorekeeper.tables import deck_links, entries
from scorekeeper.tables.checks import NewTable

__all__ = [
    "NoSuchChange",
    "change",
    "change_club",
    "club_for_table",
    "create_club",
    "join",
    "open_in_club",
    "same_seasons",
    "seat_added",
    "undo",
]


def change(club: Club, data: JSONObject) -> ClubJournalEntry | None:
    """A PATCH of API.md "Clubs": ``deck`` names the deck of the club's tables (not a change
    of its members: no journal entry), the rest as ``change_club``."""
    if deck_links.FIELD in data:
        data = dict(data)
        deck_links.name_for_club(club, data.pop(deck_links.FIELD))
    return change_club(club, data)


# -- tables joining ----------------------------------------------------------------------


_LINK = re.compile(r"(?:.*/c/)?([A-Za-z0-9_-]{20,64})/?")


def club_for_table(raw: object) -> Club:
    """The club a table is to join: its id, or its link as shared (both ids are needed to
    join one; a read-only link is refused)."""
    found = _LINK.fullmatch(raw.strip()) if isinstance(raw, str) and len(raw) <= 300 else None
    try:
        return find_club(found.group(1) if found else None, lock=True)
    except ClubNotFound:
        raise InvalidInput([Violation("club", N_("There is no club with this id"))]) from None


def open_in_club(club: Club, new: NewTable) -> Table:
    """A new table of the club: its players are members (a new name joins)."""
    table = entries.open_table(replace(new, players=tuple(seat_members(club, new.players))))
    table.club_id = club.id
    table.figures_through = 0  # nothing to keep yet
    return table


def join(table: Table, club: Club) -> None:
    """A table joins ``club``: its players become members (new names join)."""
    if table.club_id == club.id:
        return
    if table.club_id is not None:
        raise InvalidInput([Violation("club", N_("This table is already in another club"))])
    attach(table, club)


def seat_added(table: Table, data: JSONObject) -> Club | None:
    """Players added at a club's table (a ``PATCH``'s ``add``) are the club's members of
    those names, in the members' spelling (API.md: a new name joins the club as a member).
    ``data``'s names are spelled as the members'; the club, locked, for ``joined``."""
    names = data.get("add")
    if table.club_id is None or not isinstance(names, list):
        return None
    club = db.session.get(Club, table.club_id, with_for_update=True)
    if club is None:
        return None
    added: list[JSONValue] = []
    for name in names:
        found = member(club, name) if isinstance(name, str) else None
        added.append(name if found is None else found["name"])
    data["add"] = added
    return club


def joined(club: Club, table: Table) -> None:
    """The players of ``club``'s table who are no members yet join it (one journal entry)."""
    new = [p for p in table.players if member(club, p) is None]
    if new:
        seat_members(club, new, at="add")


def same_seasons(club: Club, given: JSONValue) -> bool:
    """Whether ``given`` (a seasons' form as posted) names the club's seasons as they are,
    names and days alike, read as a PATCH reads them: from a page that showed others, it
    changes nothing."""
    r = Reader()
    posted = seasons.read(r, given)
    return posted is not None and posted == seasons.of_club(club.seasons)
