"""A table and its rounds as the JSON API shows them (shared/API.md)."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import NotRequired, TypedDict

from sqlalchemy import bindparam, func, select

from scorekeeper.exact import amount_str
from scorekeeper.jsonio import JSONObject
from scorekeeper.kinds import Action, EntryKind
from scorekeeper.ledger import seated_dealer
from scorekeeper.models import Club, JournalEntry, Round, Table, db
from scorekeeper.round_data import Entry, Result
from scorekeeper.tables import deck_links, store
from scorekeeper.tables.store import TIME_FORMAT


class EntryJSON(TypedDict):
    """An entry as the API shows it (a settle-up, a change of the table): no number."""

    kind: EntryKind
    input: Entry
    result: Result | None
    deltas: list[str]
    at: str
    game_no: int


class RoundJSON(EntryJSON):
    """A round as the API shows it: an entry with its round number and the rest."""

    number: int | None
    game_round: int
    dealer: int | None
    version: int
    submission_id: str | None


class EndJSON(TypedDict):
    """A game's end as the API shows it: ``after`` the game's last round."""

    kind: EntryKind
    game_no: int
    after: int
    at: str
    result: Result | None
    deltas: list[str]


class PlayerJSON(TypedDict):
    """A table's player with their running total, and whether they left the table."""

    name: str
    total: str
    left: bool


class SessionJSON(TypedDict):
    """A table (session) as API.md shows it, with a page of its rounds."""

    id: NotRequired[str]
    """Not through the read-only link (API.md "Clubs")."""
    url: str
    view_url: str
    """The table's read-only link: its pages and JSON, every write refused."""
    name: str
    game: str
    rules: JSONObject
    settings: JSONObject
    point_value: str | None
    first_dealer: int
    players: list[PlayerJSON]
    round_count: int
    rounds: list[RoundJSON]
    game_ends: list[EndJSON]
    pot: str
    house: str
    next_dealer: int
    game_no: int
    next_round_of_game: int
    seated: list[str]
    version: int
    in_club: bool
    club: JSONObject | None
    """The club's name when the table plays in one (never its id: API.md "Clubs")."""
    deck_name: str | None
    """The name of the taught deck its photos are read with (never its id), None for none."""
    settle: NotRequired[EntryJSON]
    """After a settle-up was recorded: that settle-up."""


class JournalJSON(TypedDict):
    """A journal entry as the API shows it."""

    seq: int
    at: str
    action: Action
    number: int | None
    summary: str
    by: str | None
    """The phone that made the write (API.md "Who did what"), None when it gave no name."""
    continued_at: NotRequired[str]
    """A rematch made from the table: the new table's link."""


def session_json(table: Table, url: str, rounds: Sequence[Round]) -> SessionJSON:
    """The session as API.md shows it, with a page of its rounds (oldest first) and the
    ends of the games among them (API.md "Round numbers count rounds")."""
    state = store.state_of(table)
    settings = table.settings if state.settings is None else dict(state.settings)
    return {
        "id": table.token,
        "url": url,
        "view_url": f"/t/view/{table.view_token}",
        "name": table.name,
        "game": table.game,
        "rules": table.rules,
        "settings": settings,
        "point_value": table.point_value,
        "first_dealer": table.first_dealer,
        "players": [
            {"name": name, "total": amount_str(total), "left": i in state.away}
            for i, (name, total) in enumerate(zip(table.players, state.totals, strict=False))
        ],
        "round_count": table.rounds_played,
        "rounds": [round_json(r) for r in rounds],
        "game_ends": [end_json(end, after) for end, after in store.game_ends(table, rounds)],
        "pot": amount_str(state.pot),
        "house": amount_str(state.house),
        "next_dealer": seated_dealer(state),
        "game_no": state.game_no,
        "next_round_of_game": state.game_round,
        "seated": [table.players[i] for i in state.seated],
        "version": table.version,
        "in_club": table.club_id is not None,
        "club": _club_name(table),
        "deck_name": deck_links.deck_name(deck_links.deck_of(table)),
    }


def _club_name(table: Table) -> JSONObject | None:
    if table.club_id is None:
        return None
    club = db.session.get(Club, table.club_id)
    return {"name": club.name} if club is not None else None


def round_json(rnd: Round) -> RoundJSON:
    """A round as the API shows it, ``number`` its round number."""
    return {
        "number": rnd.round_no,
        **entry_json(rnd),
        "game_round": rnd.game_round,
        "dealer": rnd.dealer,
        "version": rnd.version,
        "submission_id": rnd.submission_id,
    }


def end_json(rnd: Round, after: int) -> EndJSON:
    """A game's end as the API shows it: no round number, ``after`` the game's last round."""
    return {
        "kind": EntryKind.END,
        "game_no": rnd.game_no,
        "after": after,
        "at": _at(rnd),
        "result": rnd.result,
        "deltas": rnd.deltas,
    }


def entry_json(rnd: Round) -> EntryJSON:
    """An entry that is no round (a settle-up, a change of the table): no number."""
    return {
        "kind": rnd.kind,
        "input": rnd.entry,
        "result": rnd.result,
        "deltas": rnd.deltas,
        "at": _at(rnd),
        "game_no": rnd.game_no,
    }


def journal_json(entry: JournalEntry) -> JournalJSON:
    return {
        "seq": entry.seq,
        "at": entry.at.strftime(TIME_FORMAT),
        "action": entry.action,
        "number": entry.number,
        "summary": entry.summary,
        "by": entry.device,
    }


_DECK = func.coalesce(Table.deck_id, Club.deck_id)
"""The deck a table's photos are read with (``deck_links.deck_of``): its name is in the
session, so a change of it is a new ETag."""
_VERSION = (
    select(Table.token, Table.version, Club.id, Club.version, _DECK)
    .outerjoin(Club, Club.id == Table.club_id)
    .where(Table.token == bindparam("token"))
)
_VIEW_VERSION = (
    select(func.coalesce(Table.view_token, ""), Table.version, Club.id, Club.version, _DECK)
    .outerjoin(Club, Club.id == Table.club_id)
    .where(Table.view_token == bindparam("token"))
)


def table_version(token: str) -> tuple[int, tuple[int, int] | None, int | None]:
    """The table's journal version, its club's id and version (None out of a club: the
    session names its club) and its deck's id (None: none; the session names it), by its id
    or its read-only link's, read alone: what a poll compares with its ETag
    (``version_tag``).

    One indexed read (two for a read-only link) on a pooled connection of its own, outside
    the ORM session: the unchanged-table poll answers 304 from this. LookupError if none.
    """
    if not isinstance(token, str) or not store.TOKEN.fullmatch(token):
        raise store.NotFound(token)
    with db.engine.connect() as conn:
        row = conn.execute(_VERSION, {"token": token}).first()
        if row is None:  # the read-only link's id: its poll compares the same version
            row = conn.execute(_VIEW_VERSION, {"token": token}).first()
    if row is None or not secrets.compare_digest(row[0], token):
        raise store.NotFound(token)
    club = None if row[2] is None else (int(row[2]), int(row[3]))
    return int(row[1]), club, None if row[4] is None else int(row[4])


def etag(table: Table) -> str:
    """Changes with every write to the table (its journal's last seq), at a club's table
    with every change of the club (whose name the session shows), and with the deck its
    photos are read with (whose name it shows)."""
    club = None if table.club_id is None else db.session.get(Club, table.club_id)
    deck = table.deck_id if table.deck_id is not None or club is None else club.deck_id
    return version_tag(table.version, None if club is None else (club.id, club.version), deck)


def version_tag(version: int, club: tuple[int, int] | None = None, deck: int | None = None) -> str:
    """The ETag of a table at journal version ``version``, in the club of id and version
    ``club`` (see ``table_version``), its photos read with deck ``deck``: a table that
    moves to another club, whose club changes, or whose deck changes, is tagged anew."""
    tag = f"v{version}" if club is None else f"v{version}-c{club[0]}.{club[1]}"
    return tag if deck is None else f"{tag}-k{deck}"


def _at(rnd: Round) -> str:
    """When an entry was written, as the API writes times (UTC)."""
    return rnd.created_at.strftime(TIME_FORMAT)
